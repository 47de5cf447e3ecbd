package app

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/policy"
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

func TestCatalogPagesOnTheDemo(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	srv, err := demo.Start(ctx, demo.Options{Seed: 3, FreezeClock: true})
	require.NoError(t, err)
	a, refresher := newCatalogTestApp(t, srv.URL(), srv.Token())

	// Nothing fetched yet: empty listings that say so, not an error.
	pools, err := a.Catalog.Pools("demo")
	require.NoError(t, err)
	assert.False(t, pools.Cache.Cached)
	assert.Empty(t, pools.Pools)

	_, err = refresher.RefreshNow(ctx, "demo")
	require.NoError(t, err)

	pools, err = a.Catalog.Pools("demo")
	require.NoError(t, err)
	assert.True(t, pools.Cache.Cached)
	assert.NotEmpty(t, pools.Cache.FetchedAt)
	names := []string{}
	for _, p := range pools.Pools {
		names = append(names, p.Name)
	}
	assert.Equal(t, []string{"general-purpose-pool", "gpu-t4-pool", "memory-optimized-pool"}, names)
	mem := pools.Pools[2]
	assert.Equal(t, "Standard_E8ds_v4", mem.NodeTypeID)
	assert.Equal(t, "ACTIVE", mem.State)
	assert.Equal(t, 2, mem.MinIdle)
	assert.Equal(t, 20, mem.MaxCapacity)
	assert.Equal(t, 30, mem.IdleMinutes)
	assert.Equal(t, []string{"16.4.x-scala2.12"}, mem.Runtimes)
	assert.Equal(t, "data-engineering", mem.Tags["team"])
	assert.True(t, mem.HasStats)

	policies, err := a.Catalog.Policies("demo")
	require.NoError(t, err)
	assert.True(t, policies.Cache.Cached)
	byName := map[string]PolicyView{}
	var order []string
	for _, p := range policies.Policies {
		byName[p.Info.Name] = p
		order = append(order, p.Info.Name)
	}
	assert.IsIncreasing(t, order)
	// Job-only policies are listed too (the editor offers only all-purpose ones).
	require.Contains(t, byName, "Job Compute")
	assert.Equal(t, []policy.ClusterType{policy.Job}, byName["Job Compute"].Info.ClusterTypes)
	require.Contains(t, byName, "Personal Compute")
	personal := byName["Personal Compute"]
	assert.Empty(t, personal.Problem)
	assert.Equal(t, int64(1), personal.Info.MaxClustersPerUser)
	assert.Equal(t, "personal-vm", personal.Info.FamilyID)
	assert.NotEmpty(t, personal.Info.Constraints)

	_, err = a.Catalog.Pools("nope")
	assert.ErrorIs(t, err, session.ErrUnknownWorkspace)
	_, err = a.Catalog.Policies("nope")
	assert.ErrorIs(t, err, session.ErrUnknownWorkspace)
}

// The pages read only the cache: with the workspace unreachable they still
// list what was fetched, with its age and the section's last failure.
func TestCatalogPagesReadOnlyTheCache(t *testing.T) {
	a, refresher := newCatalogTestApp(t, "http://127.0.0.1:1", "unused")
	fetched := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	a.Catalog.now = func() time.Time { return fetched.Add(90 * time.Second) }
	require.NoError(t, refresher.Cache().Save(catalog.Snapshot{
		SchemaVersion: catalog.SchemaVersion, WorkspaceID: "demo",
		Pools: catalog.Section[[]compute.InstancePoolAndStats]{FetchedAt: fetched, Error: "workspace unreachable",
			Items: []compute.InstancePoolAndStats{{InstancePoolId: "p1", InstancePoolName: "Zeta", NodeTypeId: "m5.large"},
				{InstancePoolId: "p2", InstancePoolName: "alpha", NodeTypeId: "m5.xlarge", State: compute.InstancePoolStateStopped,
					Stats: &compute.InstancePoolStats{IdleCount: 1, UsedCount: 3, PendingUsedCount: 2}}}},
		Policies: catalog.Section[[]compute.Policy]{FetchedAt: fetched.Add(-time.Hour),
			Items: []compute.Policy{{PolicyId: "bad", Name: "Broken", Definition: "{not json", MaxClustersPerUser: 2},
				{PolicyId: "ok", Name: "allowed", Definition: `{"autotermination_minutes": {"type": "range", "maxValue": 60}}`}}},
	}))

	pools, err := a.Catalog.Pools("demo")
	require.NoError(t, err)
	assert.Equal(t, ListingCache{WorkspaceID: "demo", Cached: true, FetchedAt: "2026-05-01T09:00:00Z", AgeSeconds: 90,
		Error: "workspace unreachable"}, pools.Cache)
	require.Len(t, pools.Pools, 2)
	assert.Equal(t, "alpha", pools.Pools[0].Name, "sorted by name, case-insensitively")
	got := pools.Pools[0]
	assert.Empty(t, got.Clusters, "no clusters known from the cache")
	assert.Len(t, got.Actions, 2, "edit and delete")
	got.Clusters, got.Actions = nil, nil
	assert.Equal(t, PoolView{ID: "p2", Name: "alpha", NodeTypeID: "m5.xlarge", State: "STOPPED", HasStats: true,
		Idle: 1, Used: 3, PendingUsed: 2, Runtimes: []string{}, Tags: map[string]string{}}, got)
	assert.False(t, pools.Pools[1].HasStats, "a pool listed without stats says so")

	policies, err := a.Catalog.Policies("demo")
	require.NoError(t, err)
	assert.Equal(t, int64(3690), policies.Cache.AgeSeconds, "the policies section's own age")
	require.Len(t, policies.Policies, 2)
	assert.Equal(t, "allowed", policies.Policies[0].Info.Name)
	require.Len(t, policies.Policies[0].Info.Constraints, 1)
	assert.Equal(t, "autotermination_minutes", policies.Policies[0].Info.Constraints[0].Path)
	broken := policies.Policies[1]
	assert.Equal(t, "Broken", broken.Info.Name)
	assert.NotEmpty(t, broken.Problem, "a malformed definition is listed with its problem")
	assert.Equal(t, int64(2), broken.Info.MaxClustersPerUser)
}

func TestCatalogPagesNotWired(t *testing.T) {
	a := New(Deps{})
	_, err := a.Catalog.Pools("demo")
	assert.ErrorIs(t, err, errNotWired)
	_, err = a.Catalog.Policies("demo")
	assert.ErrorIs(t, err, errNotWired)
}
