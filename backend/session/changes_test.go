package session

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

func newChangesFixture(t *testing.T, resetDemo func() error) (*Changes, *workspaces.Manager, *catalog.Refresher) {
	t.Helper()
	home := t.TempDir()
	paths := workspaces.Paths{Config: filepath.Join(home, "config"), Cache: filepath.Join(home, "cache"), Data: filepath.Join(home, "data")}
	mgr, err := workspaces.NewManager(workspaces.Deps{Paths: paths, Secrets: credentials.NewMemoryStore(), Home: home,
		LookupEnv: func(string) (string, bool) { return "", false }})
	require.NoError(t, err)
	cache := catalog.NewRefresher(catalog.NewCache(filepath.Join(paths.Cache, "catalog")), mgr.Client, catalog.RefresherOptions{})
	return NewChanges(New(mgr, Options{}), mgr, cache, resetDemo), mgr, cache
}

func cacheSomething(t *testing.T, cache *catalog.Refresher, id string) {
	t.Helper()
	require.NoError(t, cache.Cache().Save(catalog.Snapshot{SchemaVersion: catalog.SchemaVersion, WorkspaceID: id}))
}

// cachedWorkspace saves a workspace on host with something in its catalog cache.
func cachedWorkspace(t *testing.T, mgr *workspaces.Manager, cache *catalog.Refresher, host string) workspaces.Profile {
	t.Helper()
	p, err := mgr.Create(context.Background(), workspaces.Profile{Name: "Prod", Host: host, AuthType: workspaces.AuthDatabricksCLI},
		workspaces.SecretInput{})
	require.NoError(t, err)
	cacheSomething(t, cache, p.ID)
	return p
}

func isCached(cache *catalog.Refresher, id string) bool {
	_, err := cache.Cache().Load(id)
	return err == nil
}

// Issue 11's leftover: a workspace moved to another host must not keep
// offering the old host's node types, runtimes and policies.
func TestUpdateClearsTheCatalogWhenTheHostChanges(t *testing.T) {
	const host = "https://adb-1.2.azuredatabricks.net"
	cases := []struct {
		name        string
		change      func(p *workspaces.Profile)
		stillCached bool
	}{
		{"renamed on the same host: kept", func(p *workspaces.Profile) { p.Name = "Renamed" }, true},
		{"the same host written differently: kept", func(p *workspaces.Profile) { p.Host = host + "/" }, true},
		{"moved to another host: cleared", func(p *workspaces.Profile) { p.Host = "https://adb-9.9.azuredatabricks.net" }, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			changes, mgr, cache := newChangesFixture(t, nil)
			ctx := context.Background()
			p := cachedWorkspace(t, mgr, cache, host)

			next := p
			c.change(&next)
			saved, err := changes.Update(ctx, next, workspaces.SecretInput{})
			require.NoError(t, err)
			assert.Equal(t, p.ID, saved.ID)
			assert.Equal(t, c.stillCached, isCached(cache, p.ID))
		})
	}
}

func TestUpdateRefusedLeavesTheCatalog(t *testing.T) {
	changes, mgr, cache := newChangesFixture(t, nil)
	ctx := context.Background()
	p := cachedWorkspace(t, mgr, cache, "https://adb-1.2.azuredatabricks.net")
	p.Host = "not a host at all"
	_, err := changes.Update(ctx, p, workspaces.SecretInput{})
	require.Error(t, err)
	assert.True(t, isCached(cache, p.ID), "nothing was saved, so nothing changes")
}

func TestDeleteForgetsTheCatalog(t *testing.T) {
	changes, mgr, cache := newChangesFixture(t, nil)
	ctx := context.Background()
	p := cachedWorkspace(t, mgr, cache, "https://adb-1.2.azuredatabricks.net")
	require.NoError(t, changes.Delete(ctx, p.ID))
	assert.False(t, isCached(cache, p.ID))
	assert.ErrorIs(t, changes.Delete(ctx, p.ID), workspaces.ErrNotFound)
}

func TestResetDemo(t *testing.T) {
	cases := []struct {
		name        string
		reset       func() error
		wantErr     error
		stillCached bool
	}{
		{"no demo server", nil, ErrNoDemo, true},
		{"the server refuses", func() error { return errors.New("busy") }, errors.New("busy"), true},
		{"reset: the cache goes too", func() error { return nil }, nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			changes, _, cache := newChangesFixture(t, c.reset)
			cacheSomething(t, cache, workspaces.DemoID)
			err := changes.ResetDemo()
			if c.wantErr != nil {
				assert.EqualError(t, err, c.wantErr.Error())
			} else {
				assert.NoError(t, err)
			}
			assert.Equal(t, c.stillCached, isCached(cache, workspaces.DemoID))
		})
	}
}
