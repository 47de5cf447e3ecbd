package app

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// A second, isolated workspace on the demo server plays a real one.
func (f *fixture) secondWorkspace(t *testing.T) (host, token string) {
	t.Helper()
	token, err := f.demo.AddWorkspace("second")
	require.NoError(t, err)
	return f.demo.URL(), token
}

func TestWorkspaceLifecycle(t *testing.T) {
	f := newFixture(t, fixtureOptions{})
	w := f.app.Workspaces
	host, token := f.secondWorkspace(t)
	form := workspaces.Form{Name: "Analytics", Host: host + "/?o=1", AuthType: "pat", Token: token}

	tested, err := w.TestDraft("", form)
	require.NoError(t, err)
	assert.Equal(t, "demo.user@example.com", tested.UserName)
	assert.NotEmpty(t, tested.UserID)
	assert.Equal(t, host, tested.Host)
	assert.Regexp(t, `^[1-9][0-9]*$`, tested.WorkspaceID, "the workspace's own id, from its answer")

	created, err := w.Create(form)
	require.NoError(t, err)
	assert.Equal(t, host, created.Host, "the host is normalised")
	assert.Equal(t, "demo", created.Cloud, "loopback is the demo cloud")
	assert.NotEmpty(t, f.events.named("workspaces:changed"))

	detail, err := w.Get(created.ID)
	require.NoError(t, err)
	assert.True(t, detail.Secrets.Stored)
	assert.Equal(t, credentials.Mask(token), detail.Secrets.TokenMasked)
	assert.NotContains(t, fmt.Sprintf("%+v", detail), token)

	// Edit: production marker, no new token (the stored one is kept).
	updated, err := w.Update(created.ID, workspaces.Form{Name: "Analytics", Host: host, AuthType: "pat",
		Label: "PROD", Color: "#d03050", Production: true})
	require.NoError(t, err)
	assert.True(t, updated.Production)
	assert.Equal(t, "PROD", updated.Label)
	conn, err := w.Check(created.ID)
	require.NoError(t, err)
	assert.Equal(t, ConnOnline, conn.State, "the stored token still works")

	// Switch: remembered, and its catalog is refreshed behind the switch.
	_, err = w.Select(created.ID)
	require.NoError(t, err)
	w.loop.Settle()
	cat, err := w.Catalog(created.ID)
	require.NoError(t, err)
	assert.True(t, cat.Cached)
	assert.Positive(t, cat.NodeTypes)
	assert.Positive(t, cat.SparkVersions)
	assert.Equal(t, "demo.user@example.com", cat.User)
	assert.NotEmpty(t, f.events.named("catalog:changed:"+created.ID))
	data, err := os.ReadFile(filepath.Join(f.paths.Data, "session.json"))
	require.NoError(t, err)
	assert.Contains(t, string(data), created.ID)

	all, err := w.Catalogs()
	require.NoError(t, err)
	assert.Len(t, all, 2)

	// Remove: gone from the list, the keychain and the cache.
	require.NoError(t, w.Delete(created.ID))
	list, err := w.List()
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.True(t, list[0].Active, "the demo is active again")
	assert.Empty(t, f.secrets.Keys())
	cat, err = w.Catalog(workspaces.DemoID)
	require.NoError(t, err)
	_, err = os.Stat(filepath.Join(f.paths.Cache, "catalog", created.ID+".json"))
	assert.ErrorIs(t, err, os.ErrNotExist)
}

func TestWorkspaceFormErrorsNameTheField(t *testing.T) {
	f := newFixture(t, fixtureOptions{})
	w := f.app.Workspaces
	host, token := f.secondWorkspace(t)
	taken, err := w.Create(workspaces.Form{Name: "Taken", Host: host, AuthType: "pat", Token: token})
	require.NoError(t, err)

	cases := []struct {
		name string
		form workspaces.Form
		code string
		msg  string
	}{
		{"no name", workspaces.Form{Host: host, AuthType: "pat", Token: token}, "NAME_REQUIRED", "Enter a display name."},
		{"duplicate name", workspaces.Form{Name: "Taken", Host: host, AuthType: "pat", Token: token}, "DUPLICATE_NAME", ""},
		{"empty host", workspaces.Form{Name: "x", AuthType: "pat", Token: token}, "BAD_HOST", "Enter the workspace URL."},
		{"plain http", workspaces.Form{Name: "x", Host: "http://dbc-1.cloud.databricks.com", AuthType: "pat", Token: token}, "BAD_HOST", "The URL must use https://."},
		{"ftp", workspaces.Form{Name: "x", Host: "ftp://dbc-1.cloud.databricks.com", AuthType: "pat", Token: token}, "BAD_HOST", ""},
		{"no token", workspaces.Form{Name: "x", Host: host, AuthType: "pat"}, "MISSING_SECRET", ""},
		{"no client id", workspaces.Form{Name: "x", Host: host, AuthType: "oauth-m2m", ClientSecret: "s"}, "CLIENT_ID_REQUIRED", ""},
		{"no auth type", workspaces.Form{Name: "x", Host: host}, "UNKNOWN_AUTH_TYPE", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := w.Create(tc.form)
			require.Error(t, err)
			ui := f.app.errors.UIError(err)
			assert.Equal(t, tc.code, ui.Code)
			assert.NotEmpty(t, ui.Hint)
			if tc.msg != "" {
				assert.Equal(t, tc.msg, ui.Message)
			}
		})
	}

	t.Run("connection test errors", func(t *testing.T) {
		_, err := w.TestDraft("", workspaces.Form{Name: "x", Host: host, AuthType: "pat", Token: "dapi-wrong"})
		ui := f.app.errors.UIError(err)
		// The workspace answers a wrong token with 403 "Invalid access
		// token.": that is a token to replace, not a missing permission.
		assert.Equal(t, "TOKEN_INVALID", ui.Code)
		assert.Equal(t, 403, ui.Status)
		assert.Equal(t, "The token is invalid or has expired.", ui.Message)
		assert.Equal(t, workspaces.HintOf(workspaces.ErrTokenInvalid), ui.Hint)
		_, err = w.TestDraft("", workspaces.Form{Name: "x", Host: "http://127.0.0.1:1", AuthType: "pat", Token: "t"})
		assert.Equal(t, "UNREACHABLE", f.app.errors.UIError(err).Code)
		_, err = w.TestDraft("", workspaces.Form{Name: "x", Host: "https://no-such-host.invalid", AuthType: "pat", Token: "t"})
		assert.Equal(t, "DNS", f.app.errors.UIError(err).Code)

		// CLI sign-in: a missing CLI says so and names the command to run
		// for this host, not "check the workspace status page".
		t.Setenv("PATH", t.TempDir())
		_, err = w.TestDraft("", workspaces.Form{Name: "x", Host: host, AuthType: "databricks-cli"})
		ui = f.app.errors.UIError(err)
		assert.Equal(t, "CLI_NOT_INSTALLED", ui.Code)
		assert.Equal(t, "The Databricks CLI is not installed.", ui.Message)
		assert.Contains(t, ui.Hint, "databricks auth login --host "+host)
		_, err = w.TestDraft("", workspaces.Form{Name: "x", Host: host, AuthType: "azure-cli", AzureTenant: "t1"})
		assert.Equal(t, "AZURE_CLI_NOT_INSTALLED", f.app.errors.UIError(err).Code)
		_, err = w.Create(workspaces.Form{Name: "x", Host: "https://dbc-1.cloud.databricks.com", AuthType: "azure-cli"})
		ui = f.app.errors.UIError(err)
		assert.Equal(t, "BAD_HOST", ui.Code, "shown next to the host field")
		assert.Equal(t, "Azure CLI sign-in only works with Azure Databricks workspaces.", ui.Message)
	})

	t.Run("a new host needs the token again", func(t *testing.T) {
		moved := workspaces.Form{Name: "Taken", Host: "https://dbc-9.cloud.databricks.com", AuthType: "pat"}
		for _, err := range []error{
			func() error { _, err := w.TestDraft(taken.ID, moved); return err }(),
			func() error { _, err := w.Update(taken.ID, moved); return err }(),
		} {
			ui := f.app.errors.UIError(err)
			assert.Equal(t, "MISSING_SECRET", ui.Code, "shown next to the token field")
			assert.Contains(t, ui.Message, "The host changed")
			assert.Contains(t, ui.Message, "not sent to the new host")
		}
	})

	_, err = w.Update(workspaces.DemoID, workspaces.Form{Name: "x", Host: host, AuthType: "pat"})
	assert.Equal(t, "DEMO_READ_ONLY", f.app.errors.UIError(err).Code)
	assert.Equal(t, "DEMO_READ_ONLY", f.app.errors.UIError(w.Delete(workspaces.DemoID)).Code)
}

// lockedKeychain answers every call as a locked login keyring does.
func lockedKeychain() *credentials.MemoryStore {
	locked := credentials.NewMemoryStore()
	locked.Err = &credentials.UnavailableError{Op: "read", Cause: errors.New("failed to unlock correct collection"),
		Hint: "Your keychain is locked. Unlock it and retry."}
	return locked
}

func TestKeychainUnavailable(t *testing.T) {
	f := newFixture(t, fixtureOptions{secrets: lockedKeychain()})
	w := f.app.Workspaces

	kc, err := w.RecheckKeychain()
	require.NoError(t, err, "an unavailable keychain is an answer, not a failure")
	assert.False(t, kc.Available)
	assert.Equal(t, "The OS keychain cannot be used right now.", kc.Message)
	assert.Contains(t, kc.Hint, "Your keychain is locked. Unlock it and retry.")
	assert.Contains(t, kc.Hint, "Databricks CLI", "says what keeps working")

	_, err = w.Create(workspaces.Form{Name: "pat", Host: "https://dbc-1.cloud.databricks.com", AuthType: "pat", Token: "t"})
	assert.Equal(t, "KEYCHAIN_UNAVAILABLE", f.app.errors.UIError(err).Code, "no silent plaintext fallback")
	cli, err := w.Create(workspaces.Form{Name: "cli", Host: "https://dbc-1.cloud.databricks.com", AuthType: "databricks-cli"})
	require.NoError(t, err, "auth types without a stored secret keep working")
	detail, err := w.Get(cli.ID)
	require.NoError(t, err)
	assert.Empty(t, detail.Secrets.KeychainError)
	_, err = w.Check(workspaces.DemoID)
	require.NoError(t, err)
}

func TestImportFromDatabricksCfg(t *testing.T) {
	f := newFixture(t, fixtureOptions{env: map[string]string{"DATABRICKS_TOKEN": "x"}})
	w := f.app.Workspaces
	host, token := f.secondWorkspace(t)
	cfg := fmt.Sprintf("[team]\nhost = %s\ntoken = %s\n\n[cli]\nhost = https://dbc-9.cloud.databricks.com\nauth_type = databricks-cli\n\n[basic]\nhost = %s\nusername = a\npassword = b\n", host, token, host)
	require.NoError(t, os.WriteFile(filepath.Join(f.home, ".databrickscfg"), []byte(cfg), 0o600))

	list, err := w.ImportCandidates()
	require.NoError(t, err)
	require.True(t, list.Exists)
	require.Len(t, list.Profiles, 3)
	team := list.Profiles[0]
	assert.Equal(t, "team", team.Name)
	assert.Equal(t, "pat", team.AuthType)
	assert.Equal(t, []string{"token"}, team.SecretKeys)
	require.NotEmpty(t, team.EnvOverrides)
	assert.Equal(t, "DATABRICKS_TOKEN", team.EnvOverrides[0].Var)
	assert.True(t, team.EnvOverrides[0].ProfileSetsKey)
	assert.Empty(t, list.Profiles[2].ImportAs, "basic auth cannot be imported")
	assert.NotEmpty(t, list.Profiles[2].Problem)

	res, err := w.Import([]string{"team", "cli", "basic"})
	require.NoError(t, err)
	require.Len(t, res.Imported, 2)
	require.Len(t, res.Failed, 1)
	assert.Equal(t, "basic", res.Failed[0].Profile)
	assert.NotEmpty(t, res.Failed[0].Error.Message)
	assert.Len(t, f.secrets.Keys(), 1, "the token moved into the keychain")
	data, err := os.ReadFile(f.paths.ProfilesFile())
	require.NoError(t, err)
	assert.NotContains(t, string(data), token)

	conn, err := w.Check(res.Imported[0].ID)
	require.NoError(t, err)
	assert.Equal(t, ConnOnline, conn.State, "the imported token works from the keychain")

	require.NoError(t, os.WriteFile(filepath.Join(f.home, ".databrickscfg"), []byte("[broken\nhost"), 0o600))
	_, err = w.ImportCandidates()
	assert.Equal(t, "CFG_UNREADABLE", f.app.errors.UIError(err).Code)
}

func TestResetDemo(t *testing.T) {
	f := newFixture(t, fixtureOptions{})
	w := f.app.Workspaces
	_, err := w.RefreshCatalog(workspaces.DemoID)
	require.NoError(t, err)
	require.NoError(t, w.ResetDemo())
	assert.Equal(t, 1, f.resets)
	w.loop.Settle()
	cat, err := w.Catalog(workspaces.DemoID)
	require.NoError(t, err)
	assert.True(t, cat.Cached, "the catalog is fetched again after the reset")
	_ = context.Background()
}

// Moving a workspace to another host drops its cached catalog: the old
// host's node types and policies are not offered for the new one.
func TestUpdateToAnotherHostDropsTheCachedCatalog(t *testing.T) {
	f := newFixture(t, fixtureOptions{})
	w := f.app.Workspaces
	form := workspaces.Form{Name: "Prod", Host: "https://adb-1.2.azuredatabricks.net", AuthType: string(workspaces.AuthDatabricksCLI)}
	created, err := w.Create(form)
	require.NoError(t, err)
	save := func() {
		require.NoError(t, w.catalog.Cache().Save(catalog.Snapshot{SchemaVersion: catalog.SchemaVersion, WorkspaceID: created.ID}))
	}
	save()

	form.Name = "Prod EU"
	_, err = w.Update(created.ID, form)
	require.NoError(t, err)
	cat, err := w.Catalog(created.ID)
	require.NoError(t, err)
	assert.True(t, cat.Cached, "same host: the cache still holds")

	form.Host = "https://adb-3.4.azuredatabricks.net"
	_, err = w.Update(created.ID, form)
	require.NoError(t, err)
	cat, err = w.Catalog(created.ID)
	require.NoError(t, err)
	assert.False(t, cat.Cached, "another host: the old host's catalog is gone")
}
