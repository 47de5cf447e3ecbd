package workspaces

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/stretchr/testify/require"
)

// isolate points HOME and XDG_* at a temp dir and returns it.
func isolate(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(dir, "data"))
	return dir
}

// fastOptions keeps failing tests quick (the SDK would retry for minutes).
var fastOptions = ClientOptions{
	RateLimitPerSecond: 50,
	HTTPTimeout:        2 * time.Second,
	RetryTimeout:       2 * time.Second,
	ProbeTimeout:       2 * time.Second,
}

func env(vars map[string]string) LookupEnv {
	return func(k string) (string, bool) { v, ok := vars[k]; return v, ok }
}

func newTestManager(t *testing.T, secrets credentials.SecretStore, vars map[string]string) (*Manager, string) {
	t.Helper()
	home := isolate(t)
	m, err := NewManager(Deps{
		Paths:     DefaultPaths(),
		Secrets:   secrets,
		Now:       fixedClock,
		LookupEnv: env(vars),
		Home:      home,
		Client:    fastOptions,
	})
	require.NoError(t, err)
	return m, home
}
