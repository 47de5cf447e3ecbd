package rates

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/policyeval"
)

func TestStoreLoadsTheUsersFileOverTheDefaults(t *testing.T) {
	def := policyeval.DefaultRateTable()
	cases := []struct {
		name     string
		file     string // "" writes none
		wantRate float64
		wantNote string
		wantErr  string
	}{
		{"no file: built-in table", "", def.Rates["Standard_DS3_v2"], "", ""},
		{"user entry overrides", `{"rates":{"Standard_DS3_v2":9}}`, 9, "", ""},
		{"broken file: built-in table and a note", `{"rates":{"Standard_DS3_v2":"cheap"}}`, def.Rates["Standard_DS3_v2"],
			"could not be read, so the built-in rates are used", "not valid JSON"},
		{"entry out of range: built-in table and a note", `{"rates":{"Standard_DS3_v2":-1}}`, def.Rates["Standard_DS3_v2"],
			"built-in rates", "between 0 and 10000"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), policyeval.RateFileName)
			if tc.file != "" {
				require.NoError(t, os.WriteFile(path, []byte(tc.file), 0o600))
			}
			s := NewStore(path)
			assert.Equal(t, tc.wantRate, s.Table().Rates["Standard_DS3_v2"])
			assert.Equal(t, def.Rates["Standard_DS4_v2"], s.Table().Rates["Standard_DS4_v2"], "built-in entries still apply")
			if tc.wantNote == "" {
				assert.Empty(t, s.Note())
			} else {
				assert.Contains(t, s.Note(), tc.wantNote)
				assert.Contains(t, s.Note(), tc.wantErr)
			}
			set := s.Settings()
			if tc.wantErr == "" {
				assert.Empty(t, set.LoadError)
			} else {
				assert.Contains(t, set.LoadError, tc.wantErr)
			}
		})
	}
}

func TestStoreLoadsOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), policyeval.RateFileName)
	s := NewStore(path)
	before := s.Table().Rates["Standard_DS3_v2"]
	require.NoError(t, os.WriteFile(path, []byte(`{"rates":{"Standard_DS3_v2":9}}`), 0o600))
	assert.Equal(t, before, s.Table().Rates["Standard_DS3_v2"], "a file changed behind the store's back is not reread")
}

func TestStoreSaveAndReset(t *testing.T) {
	path := filepath.Join(t.TempDir(), policyeval.RateFileName)
	require.NoError(t, os.WriteFile(path, []byte(`not json`), 0o600))
	s := NewStore(path)
	require.NotEmpty(t, s.Note())

	merged, err := s.Save(policyeval.RateTable{Rates: map[string]float64{"Standard_DS3_v2": 9}, PhotonMultiplier: 3})
	require.NoError(t, err)
	assert.Equal(t, 9.0, merged.Rates["Standard_DS3_v2"])
	assert.Equal(t, 9.0, s.Table().Rates["Standard_DS3_v2"])
	assert.Empty(t, s.Note(), "a saved table replaces the broken one")
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	var onDisk policyeval.RateTable
	require.NoError(t, json.Unmarshal(raw, &onDisk))
	assert.Equal(t, map[string]float64{"Standard_DS3_v2": 9}, onDisk.Rates, "only the user's entries are written")

	_, err = s.Save(policyeval.RateTable{Rates: map[string]float64{"x": -1}})
	assert.ErrorIs(t, err, policyeval.ErrInvalidRateTable)
	assert.Equal(t, 9.0, s.Table().Rates["Standard_DS3_v2"], "a refused table changes nothing")

	set, err := s.Reset()
	require.NoError(t, err)
	assert.Empty(t, set.User.Rates)
	assert.Equal(t, set.Defaults.Rates["Standard_DS3_v2"], s.Table().Rates["Standard_DS3_v2"])
	_, err = os.Stat(path)
	assert.ErrorIs(t, err, os.ErrNotExist)
	_, err = s.Reset()
	assert.NoError(t, err, "resetting twice is fine")
}

func TestStoreWithoutAFile(t *testing.T) {
	s := NewStore("")
	assert.Equal(t, policyeval.DefaultRateTable().Rates, s.Table().Rates)
	assert.Empty(t, s.Note())
	_, err := s.Save(policyeval.RateTable{})
	assert.ErrorIs(t, err, ErrNoFile)
	_, err = s.Reset()
	assert.ErrorIs(t, err, ErrNoFile)
}

func TestStoreSaveWriteFailureIsNotAnInvalidEntry(t *testing.T) {
	blocker := filepath.Join(t.TempDir(), "not-a-folder")
	require.NoError(t, os.WriteFile(blocker, nil, 0o600))
	_, err := NewStore(filepath.Join(blocker, policyeval.RateFileName)).Save(policyeval.RateTable{Rates: map[string]float64{"a": 1}})
	require.Error(t, err)
	assert.NotErrorIs(t, err, policyeval.ErrInvalidRateTable)
}
