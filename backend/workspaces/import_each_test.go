package workspaces

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
)

// Each failure stays with its own profile, and one failure does not stop
// the profiles after it.
func TestImportEach(t *testing.T) {
	home := isolate(t)
	cfgPath := filepath.Join(home, "custom", "dbcfg")
	writeCfg(t, cfgPath)
	m, err := NewManager(Deps{Paths: DefaultPaths(), Secrets: credentials.NewMemoryStore(), Now: fixedClock, Home: home,
		LookupEnv: env(map[string]string{EnvConfigFile: cfgPath}), Client: fastOptions})
	require.NoError(t, err)

	got := m.ImportEach(context.Background(), []string{"missing", "prod", "basic", "cli"})
	cases := []struct {
		name     string
		imported bool
		errIs    error
	}{
		{"missing", false, ErrNotFound},
		{"prod", true, nil},
		{"basic", false, nil},
		{"cli", true, nil},
	}
	require.Len(t, got, len(cases))
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.name, got[i].Name)
			if c.imported {
				assert.NoError(t, got[i].Err)
				assert.Len(t, got[i].Imported, 1)
				return
			}
			require.Error(t, got[i].Err)
			assert.Contains(t, got[i].Err.Error(), `profile "`+c.name+`"`)
			if c.errIs != nil {
				assert.ErrorIs(t, got[i].Err, c.errIs)
			}
			assert.Empty(t, got[i].Imported)
		})
	}
}
