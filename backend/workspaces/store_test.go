package workspaces

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var testNow = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

func fixedClock() time.Time { return testNow }

func TestStoreRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cfg", "profiles.json")
	s, err := OpenStore(path, fixedClock)
	require.NoError(t, err)
	assert.Empty(t, s.List())

	p, err := s.Add(Profile{Name: " Prod ", Host: "adb-1.2.azuredatabricks.net/", AuthType: AuthPAT, IsProduction: true, Label: "PROD", Color: "#d00"})
	require.NoError(t, err)
	assert.Regexp(t, `^ws-[0-9a-f]{16}$`, p.ID)
	assert.Equal(t, "Prod", p.Name)
	assert.Equal(t, "https://adb-1.2.azuredatabricks.net", p.Host)
	assert.Equal(t, CloudAzure, p.Cloud)
	assert.Equal(t, testNow, p.CreatedAt)

	info, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())

	var raw map[string]any
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &raw))
	assert.EqualValues(t, SchemaVersion, raw["schema_version"])

	reopened, err := OpenStore(path, fixedClock)
	require.NoError(t, err)
	assert.Equal(t, []Profile{p}, reopened.List())

	p.Name = "Production"
	p.WarehouseID = "wh-1"
	upd, err := reopened.Update(p)
	require.NoError(t, err)
	assert.Equal(t, "wh-1", upd.WarehouseID)
	got, err := reopened.Get(p.ID)
	require.NoError(t, err)
	assert.Equal(t, "Production", got.Name)

	require.NoError(t, reopened.Delete(p.ID))
	assert.ErrorIs(t, reopened.Delete(p.ID), ErrNotFound)
	_, err = reopened.Get(p.ID)
	assert.ErrorIs(t, err, ErrNotFound)
}

func TestStoreValidation(t *testing.T) {
	s, err := OpenStore(filepath.Join(t.TempDir(), "p.json"), fixedClock)
	require.NoError(t, err)
	_, err = s.Add(Profile{Name: "A", Host: "a.cloud.databricks.com", AuthType: AuthDatabricksCLI})
	require.NoError(t, err)

	tests := []struct {
		name string
		p    Profile
		err  error
	}{
		{"no name", Profile{Host: "x.cloud.databricks.com", AuthType: AuthPAT}, ErrNameRequired},
		{"bad host", Profile{Name: "B", Host: "http://x.cloud.databricks.com", AuthType: AuthPAT}, ErrBadHost},
		{"bad auth", Profile{Name: "B", Host: "x.cloud.databricks.com", AuthType: "basic"}, ErrUnknownAuthType},
		{"m2m without client id", Profile{Name: "B", Host: "x.cloud.databricks.com", AuthType: AuthOAuthM2M}, ErrClientIDRequired},
		{"duplicate name", Profile{Name: "a", Host: "x.cloud.databricks.com", AuthType: AuthPAT}, ErrDuplicateName},
		{"demo name", Profile{Name: "demo workspace", Host: "x.cloud.databricks.com", AuthType: AuthPAT}, ErrDuplicateName},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.Add(tt.p)
			assert.ErrorIs(t, err, tt.err)
		})
	}
	assert.ErrorIs(t, s.Delete(DemoID), ErrDemoReadOnly)
	_, err = s.Update(Profile{ID: DemoID, Name: "x", Host: "x.cloud.databricks.com", AuthType: AuthPAT})
	assert.ErrorIs(t, err, ErrDemoReadOnly)
	assert.Len(t, s.List(), 1)
}

func TestStoreMigratesV1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "profiles.json")
	v1 := `{"schema_version": 1, "workspaces": [
	  {"id": "ws-old1", "name": "Prod", "host": "adb-9.9.azuredatabricks.net", "auth": "token", "production": true, "colour": "#f00", "label": "PROD"},
	  {"name": "Sandbox", "host": "https://dbc-1.cloud.databricks.com/", "auth": "cli"},
	  {"id": "ws-sp", "name": "Jobs SP", "host": "x.gcp.databricks.com", "auth": "m2m", "client_id": "abc"}
	]}`
	require.NoError(t, os.WriteFile(path, []byte(v1), 0o644))

	s, err := OpenStore(path, fixedClock)
	require.NoError(t, err)
	got := s.List()
	require.Len(t, got, 3)
	assert.Equal(t, Profile{ID: "ws-old1", Name: "Prod", Host: "https://adb-9.9.azuredatabricks.net", AuthType: AuthPAT,
		Label: "PROD", Color: "#f00", IsProduction: true, Cloud: CloudAzure, CreatedAt: testNow, UpdatedAt: testNow}, got[0])
	assert.Equal(t, AuthDatabricksCLI, got[1].AuthType)
	assert.Equal(t, CloudAWS, got[1].Cloud)
	assert.NotEmpty(t, got[1].ID, "missing ids are assigned")
	assert.Equal(t, AuthOAuthM2M, got[2].AuthType)
	assert.Equal(t, "abc", got[2].ClientID)

	// Saved in the current version, 0600, with a backup of the old file.
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.EqualValues(t, SchemaVersion, versionOf(data))
	info, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())
	backup, err := os.ReadFile(path + ".v1.bak")
	require.NoError(t, err)
	assert.Equal(t, v1, string(backup))

	again, err := OpenStore(path, fixedClock)
	require.NoError(t, err)
	assert.Equal(t, got, again.List(), "migration is stable")
}

func TestStoreRefusesToOverwriteUnreadableFiles(t *testing.T) {
	tests := []struct {
		name, content string
		err           error
	}{
		{"newer", `{"schema_version": 99, "profiles": []}`, ErrNewerSchema},
		{"corrupt", `{"schema_version": 2, "profiles": [`, ErrCorruptFile},
		{"no version", `{"profiles": []}`, ErrCorruptFile},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "profiles.json")
			require.NoError(t, os.WriteFile(path, []byte(tt.content), 0o600))
			s, err := OpenStore(path, fixedClock)
			require.ErrorIs(t, err, tt.err)
			require.NotNil(t, s)
			_, err = s.Add(Profile{Name: "A", Host: "a.cloud.databricks.com", AuthType: AuthAzureCLI})
			assert.ErrorIs(t, err, ErrStoreBlocked)
			data, _ := os.ReadFile(path)
			assert.Equal(t, tt.content, string(data), "file untouched")
		})
	}
}

func TestDefaultPaths(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "c"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "k"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(dir, "d"))
	p := DefaultPaths()
	assert.Equal(t, filepath.Join(dir, "c", AppDir), p.Config)
	assert.Equal(t, filepath.Join(dir, "k", AppDir), p.Cache)
	assert.Equal(t, filepath.Join(dir, "d", AppDir), p.Data)
	assert.Equal(t, filepath.Join(dir, "c", AppDir, "profiles.json"), p.ProfilesFile())
}
