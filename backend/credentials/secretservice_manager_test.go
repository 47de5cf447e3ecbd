package credentials_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// TestSecretServiceManagerChild runs inside the private D-Bus session that
// TestSecretServiceIntegration starts (scenario "manager"): the workspace
// Manager over the real keychain, under the real service name, as the app
// uses it. An external test package, because workspaces imports credentials.
func TestSecretServiceManagerChild(t *testing.T) {
	if os.Getenv("CLUSTERDECK_KEYRING_CHILD") != "manager" {
		t.Skip("only runs inside dbus-run-session, started by TestSecretServiceIntegration")
	}
	ctx := context.Background()
	home := t.TempDir()
	paths := workspaces.Paths{Config: filepath.Join(home, "config"), Cache: filepath.Join(home, "cache"), Data: filepath.Join(home, "data")}
	m, err := workspaces.NewManager(workspaces.Deps{Paths: paths, Secrets: credentials.NewOSKeyring(), Home: home,
		LookupEnv: func(string) (string, bool) { return "", false }})
	require.NoError(t, err)
	require.NoError(t, m.CheckKeychain(ctx))

	const token = "dapiMANAGER0000000000000000000042"
	p, err := m.Create(ctx, workspaces.Profile{Name: "Real keychain", Host: "https://dbc-7.cloud.databricks.com",
		AuthType: workspaces.AuthPAT}, workspaces.SecretInput{Token: token})
	require.NoError(t, err)

	lookup := func() (string, error) {
		out, err := exec.Command("secret-tool", "lookup", "service", credentials.Service, "username", p.ID).Output()
		return string(out), err
	}
	entry, err := lookup()
	require.NoError(t, err, "secret-tool finds the workspace's entry")
	assert.Contains(t, entry, token)
	profiles, err := os.ReadFile(paths.ProfilesFile())
	require.NoError(t, err)
	assert.NotContains(t, string(profiles), token, "the profiles file never holds the token")
	st, err := m.SecretStatus(ctx, p.ID)
	require.NoError(t, err)
	assert.Equal(t, credentials.Mask(token), st.TokenMasked)

	require.NoError(t, m.Delete(ctx, p.ID))
	entry, err = lookup()
	assert.Error(t, err, "secret-tool finds nothing once the workspace is removed")
	assert.Empty(t, strings.TrimSpace(entry))
}
