package workspaces

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/workspaces/workspacestest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeCLI writes an executable shell script name into dir. Its calls are
// appended to dir/calls.log. pad makes it larger than 1 MiB: the SDK takes
// a smaller `databricks` for the legacy Python CLI.
func fakeCLI(t *testing.T, dir, name, body string, pad bool) {
	t.Helper()
	script := "#!/bin/sh\necho \"" + name + " $*\" >> '" + filepath.Join(dir, "calls.log") + "'\n" + body + "\nexit 0\n"
	if pad {
		script += strings.Repeat("#"+strings.Repeat("-", 1022)+"\n", 1100)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(script), 0o755))
}

func calls(t *testing.T, dir string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "calls.log"))
	if os.IsNotExist(err) {
		return ""
	}
	require.NoError(t, err)
	return string(b)
}

// databricksCLI answers `version` and `auth token` like CLI v0.296; when
// loggedIn is false, `auth token` fails the way the real CLI does.
func databricksCLI(token string, loggedIn bool) string {
	tokenCmd := `printf '{"access_token":"` + token + `","token_type":"Bearer","expiry":"2099-01-01T00:00:00Z"}\n'`
	if !loggedIn {
		tokenCmd = "echo 'Error: cache: databricks OAuth is not configured for this host. Try logging in again with `databricks auth login --host HOST` before retrying.' >&2; exit 1"
	}
	return `case "$1 $2" in
"version ") echo "Databricks CLI v0.296.0" ;;
"auth token") ` + tokenCmd + ` ;;
*) echo "unknown command $*" >&2; exit 2 ;;
esac`
}

// azCLI answers `az account show` and `az account get-access-token`.
func azCLI(token string, loggedIn bool) string {
	show := `echo '{"user":{"name":"ana@example.com","type":"user"}}'`
	if !loggedIn {
		show = `echo "ERROR: Please run 'az login' to setup account." >&2; exit 1`
	}
	return `case "$1 $2" in
"account show") ` + show + ` ;;
"account get-access-token") echo '{"accessToken":"` + token + `","tokenType":"Bearer","expiresOn":"2099-01-01 00:00:00.000000"}' ;;
*) echo "unknown command $*" >&2; exit 2 ;;
esac`
}

func TestDatabricksCLIAuth(t *testing.T) {
	srv := workspacestest.New(t)
	m, _ := newTestManager(t, credentials.NewMemoryStore(), nil)
	ctx := context.Background()
	p, err := m.Create(ctx, Profile{Name: "CLI", Host: srv.URL, AuthType: AuthDatabricksCLI}, SecretInput{})
	require.NoError(t, err)

	t.Run("logged in: the SDK uses the CLI's token", func(t *testing.T) {
		dir := t.TempDir()
		fakeCLI(t, dir, "databricks", databricksCLI(srv.Token, true), true)
		t.Setenv("PATH", dir)
		res, err := m.TestConnection(ctx, p.ID)
		require.NoError(t, err)
		assert.Equal(t, "analyst@example.com", res.User.UserName)
		assert.Contains(t, calls(t, dir), "databricks auth token --host "+srv.URL)
		assert.Contains(t, srv.AuthHeaders(), "Bearer "+srv.Token)
	})

	cases := []struct {
		name   string
		setup  func(t *testing.T, dir string)
		kind   error
		hint   string
		noCall bool
	}{
		{"not installed", func(*testing.T, string) {}, ErrCLINotInstalled,
			"Install the Databricks CLI (v0.200 or newer) and run `databricks auth login --host " + srv.URL + "`", true},
		{"legacy CLI", func(t *testing.T, dir string) { fakeCLI(t, dir, "databricks", "echo legacy", false) },
			ErrCLIOutdated, "v0.200 or newer", true},
		{"not logged in", func(t *testing.T, dir string) {
			fakeCLI(t, dir, "databricks", databricksCLI(srv.Token, false), true)
		}, ErrCLINotSignedIn, "Run `databricks auth login --host " + srv.URL + "` in a terminal", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			c.setup(t, dir)
			t.Setenv("PATH", dir)
			_, err := m.TestConnection(ctx, p.ID)
			require.ErrorIs(t, err, c.kind)
			require.ErrorIs(t, err, ErrAuthHelper)
			assert.NotErrorIs(t, err, ErrUnexpected)
			assert.False(t, IsOffline(err), "a CLI problem is not an offline workspace")
			assert.Contains(t, HintOf(err), c.hint)
			if c.noCall {
				assert.Empty(t, calls(t, dir), "the SDK must not run a CLI it rejected")
			}
		})
	}
}

func TestAzureCLIAuth(t *testing.T) {
	srv := workspacestest.New(t)
	m, _ := newTestManager(t, credentials.NewMemoryStore(), nil)
	ctx := context.Background()

	_, err := m.Create(ctx, Profile{Name: "AWS", Host: "https://dbc-1.cloud.databricks.com", AuthType: AuthAzureCLI}, SecretInput{})
	require.ErrorIs(t, err, ErrAzureCLIHost, "azure-cli is refused for a non-Azure host at save")
	require.ErrorIs(t, err, ErrBadHost, "and reported on the host field")
	_, err = m.TestDraft(ctx, Profile{Name: "AWS", Host: "https://dbc-1.cloud.databricks.com", AuthType: AuthAzureCLI}, SecretInput{})
	require.ErrorIs(t, err, ErrAzureCLIHost, "Test connection says so too, without a network call")
	az, err := m.Create(ctx, Profile{Name: "Azure", Host: "https://adb-1.2.azuredatabricks.net", AuthType: AuthAzureCLI}, SecretInput{})
	require.NoError(t, err)
	assert.Equal(t, CloudAzure, az.Cloud)

	// The tenant is set so the SDK does not look it up at /aad/auth.
	p, err := m.Create(ctx, Profile{Name: "Local", Host: srv.URL, AuthType: AuthAzureCLI, AzureTenant: "tenant-1"}, SecretInput{})
	require.NoError(t, err)

	t.Run("logged in: the SDK uses az's token", func(t *testing.T) {
		dir := t.TempDir()
		fakeCLI(t, dir, "az", azCLI(srv.Token, true), false)
		t.Setenv("PATH", dir)
		res, err := m.TestConnection(ctx, p.ID)
		require.NoError(t, err)
		assert.Equal(t, "analyst@example.com", res.User.UserName)
		assert.Contains(t, calls(t, dir), "az account get-access-token")
		assert.Contains(t, calls(t, dir), "--tenant tenant-1")
		assert.Contains(t, srv.AuthHeaders(), "Bearer "+srv.Token)
	})
	t.Run("not installed", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		_, err := m.TestConnection(ctx, p.ID)
		require.ErrorIs(t, err, ErrAzureCLINotFound)
		assert.NotErrorIs(t, err, ErrUnexpected)
		assert.Contains(t, HintOf(err), "Install the Azure CLI, run `az login --tenant tenant-1`")
	})
	t.Run("not logged in", func(t *testing.T) {
		dir := t.TempDir()
		fakeCLI(t, dir, "az", azCLI(srv.Token, false), false)
		t.Setenv("PATH", dir)
		_, err := m.TestConnection(ctx, p.ID)
		require.ErrorIs(t, err, ErrAzureCLINotSignedIn)
		assert.False(t, IsOffline(err))
		assert.Contains(t, HintOf(err), "Run `az login --tenant tenant-1`")
	})
}

func TestAuthHelperKindWithoutProfile(t *testing.T) {
	// Background refreshes classify without the profile: the hint still
	// says what to run, with a placeholder for the URL.
	err := ClassifyError(errorString("databricks-cli auth: cannot get access token: not logged in: exit status 1"))
	require.ErrorIs(t, err, ErrCLINotSignedIn)
	assert.Contains(t, HintOf(err), "databricks auth login --host "+hostPlaceholder)
}

type errorString string

func (e errorString) Error() string { return string(e) }
