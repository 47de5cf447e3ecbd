package app

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// newCatalogTestApp wires the catalog like main.go does, with the demo
// workspace at demoURL (which need not answer: the pages read the cache).
func newCatalogTestApp(t *testing.T, demoURL, demoToken string) (*App, *catalog.Refresher) {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	paths := workspaces.Paths{Config: filepath.Join(home, "config"), Cache: filepath.Join(home, "cache"), Data: filepath.Join(home, "data")}
	mgr, err := workspaces.NewManager(workspaces.Deps{Paths: paths, Secrets: credentials.NewMemoryStore(), Home: home,
		LookupEnv: func(string) (string, bool) { return "", false }})
	require.NoError(t, err)
	mgr.SetDemo(workspaces.Demo{URL: demoURL, Token: demoToken})
	refresher := catalog.NewRefresher(catalog.NewCache(filepath.Join(paths.Cache, "catalog")), mgr.Client, catalog.RefresherOptions{})
	return New(Deps{Session: session.New(mgr, session.Options{}), Clients: mgr, Catalog: refresher}), refresher
}
