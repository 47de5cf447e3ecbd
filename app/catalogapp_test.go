package app

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/databricks/databricks-sdk-go/config"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/services"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
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
	return New(Deps{Inputs: services.Inputs{Session: session.New(mgr, session.Options{}), Clients: mgr, Catalog: refresher}}), refresher
}

// onSeededDemo wires the app to a seeded demo workspace with a frozen clock
// and lists its clusters, as the facades' demo tests start.
func onSeededDemo(t *testing.T) (*App, []compute.ClusterDetails) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	srv, err := demo.Start(ctx, demo.Options{Seed: 3, FreezeClock: true})
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	a, _ := newCatalogTestApp(t, srv.URL(), srv.Token())
	w, err := workspaceapi.New(&config.Config{Host: srv.URL(), Token: srv.Token(),
		Loaders: []config.Loader{config.ConfigAttributes}})
	require.NoError(t, err)
	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	require.NotEmpty(t, all)
	return a, all
}
