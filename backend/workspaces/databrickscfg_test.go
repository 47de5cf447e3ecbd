package workspaces

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const sampleCfg = `[DEFAULT]
host  = https://dbc-default.cloud.databricks.com
token = dapiDEFAULT000000000000000000000

[prod]
host      = adb-111.11.azuredatabricks.net
token     = dapiPROD0000000000000000000000001
cluster_id = 0101-abc

[sp]
host          = https://dbc-sp.cloud.databricks.com
client_id     = sp-app-id
client_secret = doseSP00000000000000000000000002

[cli]
host      = https://dbc-cli.cloud.databricks.com
auth_type = databricks-cli

[az]
host      = https://adb-222.22.azuredatabricks.net
auth_type = azure-cli

[basic]
host     = https://dbc-basic.cloud.databricks.com
username = me
password = pw#secret#0000000003

[account]
host       = https://accounts.cloud.databricks.com
account_id = abc
auth_type  = databricks-cli
`

func writeCfg(t *testing.T, path string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o700))
	require.NoError(t, os.WriteFile(path, []byte(sampleCfg), 0o600))
}

func TestDatabricksCfgPath(t *testing.T) {
	assert.Equal(t, "/h/.databrickscfg", DatabricksCfgPath(env(nil), "/h"))
	assert.Equal(t, "/etc/dbcfg", DatabricksCfgPath(env(map[string]string{EnvConfigFile: "/etc/dbcfg"}), "/h"))
	assert.Equal(t, filepath.Join("/h", "cfgs/x"), DatabricksCfgPath(env(map[string]string{EnvConfigFile: "~/cfgs/x"}), "/h"))
}

func TestReadDatabricksCfg(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".databrickscfg")
	writeCfg(t, path)
	vars := map[string]string{"DATABRICKS_HOST": "https://other", "DATABRICKS_TOKEN": "dapiENV", "DATABRICKS_CONFIG_PROFILE": "sp", "HOME": dir}
	f, err := ReadDatabricksCfg(path, env(vars))
	require.NoError(t, err)
	assert.True(t, f.Exists)
	assert.Equal(t, "sp", f.ProfileFromEnv)

	byName := map[string]CfgProfile{}
	for _, p := range f.Profiles {
		byName[p.Name] = p
	}
	require.Len(t, byName, 7)
	tests := []struct {
		name, auth string
		importAs   AuthType
		secrets    []string
	}{
		{"DEFAULT", "pat", AuthPAT, []string{"token"}},
		{"prod", "pat", AuthPAT, []string{"token"}},
		{"sp", "oauth-m2m", AuthOAuthM2M, []string{"client_secret"}},
		{"cli", "databricks-cli", AuthDatabricksCLI, []string{}},
		{"az", "azure-cli", AuthAzureCLI, []string{}},
		{"basic", "basic", "", []string{"password"}},
		{"account", "databricks-cli", "", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := byName[tt.name]
			assert.Equal(t, tt.auth, p.AuthType)
			assert.Equal(t, tt.importAs, p.ImportAs)
			assert.Equal(t, tt.secrets, p.SecretKeys)
			if tt.importAs == "" {
				assert.NotEmpty(t, p.Problem)
			}
			assert.Equal(t, []EnvOverride{
				{Var: "DATABRICKS_HOST", Key: "host", ProfileSetsKey: true},
				{Var: "DATABRICKS_TOKEN", Key: "token", ProfileSetsKey: p.AuthType == "pat"},
			}, p.EnvOverrides)
		})
	}

	missing, err := ReadDatabricksCfg(filepath.Join(dir, "nope"), env(nil))
	require.NoError(t, err)
	assert.False(t, missing.Exists)
	assert.Empty(t, missing.Profiles)

	bad := filepath.Join(dir, "bad")
	require.NoError(t, os.WriteFile(bad, []byte("[x\nhost = a\ndapiLEAKED-IN-BAD-LINE\n"), 0o600))
	_, err = ReadDatabricksCfg(bad, env(nil))
	require.ErrorIs(t, err, ErrCfgUnreadable)
	assert.NotContains(t, err.Error(), "LEAKED")
}

func TestImportDatabricksCfg(t *testing.T) {
	keychain := credentials.NewMemoryStore()
	home := isolate(t)
	cfgPath := filepath.Join(home, "custom", "dbcfg")
	writeCfg(t, cfgPath)
	m, err := NewManager(Deps{Paths: DefaultPaths(), Secrets: keychain, Now: fixedClock, Home: home,
		LookupEnv: env(map[string]string{EnvConfigFile: cfgPath}), Client: fastOptions})
	require.NoError(t, err)
	assert.Equal(t, cfgPath, m.DatabricksCfgPath(), "DATABRICKS_CONFIG_FILE honoured")
	ctx := context.Background()

	got, err := m.ImportDatabricksCfg(ctx, []string{"prod", "sp", "cli", "az", "basic", "missing"})
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrNotFound)
	assert.Contains(t, err.Error(), `profile "basic"`)
	require.Len(t, got, 4)
	assert.Equal(t, "https://adb-111.11.azuredatabricks.net", got[0].Host)
	assert.Equal(t, CloudAzure, got[0].Cloud)
	assert.Equal(t, "sp-app-id", got[1].ClientID)
	assert.Contains(t, got[0].ImportedFrom, "[prod]")
	assert.Len(t, keychain.Keys(), 2, "one keychain entry per workspace with a secret")

	data, err := os.ReadFile(DefaultPaths().ProfilesFile())
	require.NoError(t, err)
	for _, secret := range []string{"dapiPROD", "doseSP", "pw#secret"} {
		assert.NotContains(t, string(data), secret)
	}
	st, err := m.SecretStatus(ctx, got[0].ID)
	require.NoError(t, err)
	assert.Equal(t, "dapi…0001", st.TokenMasked)

	again, err := m.ImportDatabricksCfg(ctx, []string{"prod"})
	require.NoError(t, err)
	assert.Equal(t, "prod (2)", again[0].Name, "re-import does not clash")

	keychain.Err = &credentials.UnavailableError{Op: "write", Cause: os.ErrPermission, Hint: "h"}
	_, err = m.ImportDatabricksCfg(ctx, []string{"DEFAULT", "cli"})
	assert.ErrorIs(t, err, credentials.ErrUnavailable, "token profiles need the keychain")
	assert.Len(t, m.List(), 6, "the cli profile was imported anyway")
}
