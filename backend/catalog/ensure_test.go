package catalog

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
	"github.com/clusterdeck/clusterdeck/backend/workspaces/workspacestest"
)

// Ensure fetches what is not cached, serves the cache after, and when a
// refresh is already running waits for that one instead of failing busy.
func TestEnsureFetchesOnceAndWaitsForARunningRefresh(t *testing.T) {
	paths := isolate(t)
	srv := workspacestest.New(t)
	m := newManager(t, paths, credentials.NewMemoryStore(), nil)
	ctx := context.Background()
	p, err := m.Create(ctx, workspaces.Profile{Name: "W", Host: srv.URL, AuthType: workspaces.AuthPAT}, workspaces.SecretInput{Token: srv.Token})
	require.NoError(t, err)

	var calls atomic.Int32
	entered, release := make(chan struct{}), make(chan struct{})
	clients := func(ctx context.Context, id string) (*workspaceapi.Client, error) {
		if calls.Add(1) == 1 {
			close(entered)
			<-release // the first refresh holds until the waiter is in
		}
		return m.Client(ctx, id)
	}
	r := NewRefresher(NewCache(filepath.Join(paths.Cache, "catalog")), clients, RefresherOptions{})

	first := make(chan error, 1)
	go func() { _, err := r.RefreshNow(ctx, p.ID); first <- err }()
	<-entered
	waited := make(chan Snapshot, 1)
	go func() {
		snap, err := r.Ensure(ctx, p.ID)
		assert.NoError(t, err)
		waited <- snap
	}()
	select {
	case <-waited:
		t.Fatal("Ensure answered before the running refresh ended")
	case <-time.After(50 * time.Millisecond): // a wrong early answer would come now; waiting is right
	}
	close(release)
	require.NoError(t, <-first)
	snap := <-waited
	assert.Len(t, snap.NodeTypes.Items, 2)
	assert.EqualValues(t, 1, calls.Load(), "the waiter reused the running refresh")

	again, err := r.Ensure(ctx, p.ID)
	require.NoError(t, err)
	assert.Equal(t, snap.FetchedAt(), again.FetchedAt())
	assert.EqualValues(t, 1, calls.Load(), "a cached catalog is served without a call")
}
