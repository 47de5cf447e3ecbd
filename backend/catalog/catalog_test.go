package catalog

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
	"github.com/clusterdeck/clusterdeck/backend/workspaces/workspacestest"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time          { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Advance(d time.Duration) { c.mu.Lock(); defer c.mu.Unlock(); c.t = c.t.Add(d) }

func newClock() *clock { return &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)} }

var fast = workspaces.ClientOptions{RateLimitPerSecond: 50, HTTPTimeout: 2 * time.Second, RetryTimeout: 2 * time.Second, ProbeTimeout: 2 * time.Second}

func isolate(t *testing.T) workspaces.Paths {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(dir, "data"))
	return workspaces.DefaultPaths()
}

func newManager(t *testing.T, paths workspaces.Paths, store credentials.SecretStore, now func() time.Time) *workspaces.Manager {
	m, err := workspaces.NewManager(workspaces.Deps{Paths: paths, Secrets: store, Now: now,
		LookupEnv: func(string) (string, bool) { return "", false }, Home: os.Getenv("HOME"), Client: fast})
	require.NoError(t, err)
	return m
}

func TestCacheRoundTripAndAge(t *testing.T) {
	c := NewCache(t.TempDir())
	_, err := c.Load("ws-1")
	require.ErrorIs(t, err, ErrNotCached)
	_, err = c.Load("../etc/passwd")
	require.ErrorIs(t, err, ErrBadID)

	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	s := Snapshot{WorkspaceID: "ws-1"}
	s.NodeTypes.FetchedAt = t0.Add(time.Minute)
	s.Pools.FetchedAt = t0
	require.NoError(t, c.Save(s))
	got, err := c.Load("ws-1")
	require.NoError(t, err)
	assert.Equal(t, t0, got.FetchedAt())
	assert.Equal(t, 7*time.Minute, got.Age(t0.Add(7*time.Minute)))
	assert.Zero(t, Snapshot{}.Age(t0))

	info, err := os.Stat(filepath.Join(c.dir, "ws-1.json"))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())

	require.NoError(t, os.WriteFile(filepath.Join(c.dir, "ws-2.json"), []byte(`{"schema_version":99,"workspace_id":"ws-2"}`), 0o600))
	_, err = c.Load("ws-2")
	assert.ErrorIs(t, err, ErrNotCached, "other versions are refetched")
	require.NoError(t, c.Remove("ws-1"))
	require.NoError(t, c.Remove("ws-1"))
}

func TestRefreshAgainstFakeWorkspace(t *testing.T) {
	paths := isolate(t)
	clk := newClock()
	srv := workspacestest.New(t)
	m := newManager(t, paths, credentials.NewMemoryStore(), clk.Now)
	ctx := context.Background()
	p, err := m.Create(ctx, workspaces.Profile{Name: "W", Host: srv.URL, AuthType: workspaces.AuthPAT}, workspaces.SecretInput{Token: srv.Token})
	require.NoError(t, err)

	r := NewRefresher(NewCache(filepath.Join(paths.Cache, "catalog")), m.Client, RefresherOptions{Interval: time.Minute, Now: clk.Now})
	snap, err := r.RefreshNow(ctx, p.ID)
	require.NoError(t, err)
	assert.Len(t, snap.NodeTypes.Items, 2)
	assert.Equal(t, "15.4.x-scala2.12", snap.SparkVersions.Items[0].Key)
	assert.Equal(t, "Personal Compute", snap.Policies.Items[0].Name)
	assert.Equal(t, "pool-1", snap.Pools.Items[0].InstancePoolId)
	assert.Equal(t, "analyst@example.com", snap.CurrentUser.Items.UserName)
	assert.Equal(t, clk.Now(), snap.FetchedAt())

	st := r.Status(p.ID)
	assert.False(t, st.Offline)
	assert.Empty(t, st.Error)
	assert.Zero(t, st.AgeSeconds)

	// One listing fails: the others refresh, it keeps its old data.
	clk.Advance(10 * time.Minute)
	srv.Fail(workspacestest.PathPools, http.StatusForbidden)
	snap, err = r.RefreshNow(ctx, p.ID)
	require.ErrorIs(t, err, workspaces.ErrForbidden)
	assert.Equal(t, "pool-1", snap.Pools.Items[0].InstancePoolId)
	assert.NotEmpty(t, snap.Pools.Error)
	assert.Equal(t, clk.Now(), snap.NodeTypes.FetchedAt)
	assert.False(t, r.Status(p.ID).Offline, "403 is not offline")
	assert.EqualValues(t, 600, r.Status(p.ID).AgeSeconds)
}

func TestOfflineWorkspaceServesCacheWithAge(t *testing.T) {
	paths := isolate(t)
	clk := newClock()
	srv := workspacestest.New(t)
	m := newManager(t, paths, credentials.NewMemoryStore(), clk.Now)
	ctx := context.Background()
	p, err := m.Create(ctx, workspaces.Profile{Name: "W", Host: srv.URL, AuthType: workspaces.AuthPAT}, workspaces.SecretInput{Token: srv.Token})
	require.NoError(t, err)
	r := NewRefresher(NewCache(filepath.Join(paths.Cache, "catalog")), m.Client, RefresherOptions{Interval: time.Minute, Now: clk.Now})
	_, err = r.RefreshNow(ctx, p.ID)
	require.NoError(t, err)

	// The workspace goes away: point the profile at a closed port.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	dead := "http://" + ln.Addr().String()
	require.NoError(t, ln.Close())
	p.Host = dead // a new host needs its token typed again
	_, err = m.Update(ctx, p, workspaces.SecretInput{Token: srv.Token})
	require.NoError(t, err)

	clk.Advance(42 * time.Minute)
	start := time.Now()
	snap, err := r.RefreshNow(ctx, p.ID)
	assert.Less(t, time.Since(start), 10*time.Second, "stops after the first unreachable call")
	require.Error(t, err)
	assert.True(t, workspaces.IsOffline(err), "%v", err)
	assert.Len(t, snap.NodeTypes.Items, 2, "cached data still served")
	// Each section's error names its own endpoint, in words, no Go text.
	for sec, endpoint := range map[string]string{
		snap.NodeTypes.Error: "GET /api/2.1/clusters/list-node-types", snap.SparkVersions.Error: "GET /api/2.1/clusters/spark-versions",
		snap.Policies.Error: "GET /api/2.0/policies/clusters/list", snap.Pools.Error: "GET /api/2.0/instance-pools/list",
	} {
		assert.Contains(t, sec, "the workspace cannot be reached ("+endpoint+")")
		assert.NotContains(t, sec, "dial tcp")
	}
	assert.Contains(t, snap.SparkVersions.Error, "not read: ", "skipped after the first call failed")

	st := r.Status(p.ID)
	assert.True(t, st.Offline)
	assert.EqualValues(t, 42*60, st.AgeSeconds)
	assert.NotEmpty(t, st.Hint)

	// Backoff: not due again after one interval, due after two.
	assert.Empty(t, r.Due([]string{p.ID}))
	clk.Advance(2 * time.Minute)
	assert.Equal(t, []string{p.ID}, r.Due([]string{p.ID}))

	require.NoError(t, r.Forget(p.ID))
	_, err = r.Cache().Load(p.ID)
	assert.ErrorIs(t, err, ErrNotCached)
}

func TestRunRefreshesInBackground(t *testing.T) {
	paths := isolate(t)
	srv := workspacestest.New(t)
	m := newManager(t, paths, credentials.NewMemoryStore(), nil)
	m.SetDemo(workspaces.Demo{URL: srv.URL, Token: srv.Token})
	r := NewRefresher(NewCache(filepath.Join(paths.Cache, "catalog")), m.Client, RefresherOptions{Interval: time.Hour})

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.Run(ctx, func() []string { return []string{workspaces.DemoID} }, 10*time.Millisecond)
	}()
	require.Eventually(t, func() bool {
		_, err := r.Cache().Load(workspaces.DemoID)
		return err == nil
	}, 5*time.Second, 10*time.Millisecond)
	time.Sleep(50 * time.Millisecond)
	cancel()
	<-done
	assert.Equal(t, 1, srv.Hits(workspacestest.PathNodeTypes), "refreshed once per interval")

	// RefreshNow refuses to overlap.
	r.mu.Lock()
	r.get("x").running = true
	r.mu.Unlock()
	_, err := r.RefreshNow(context.Background(), "x")
	assert.ErrorIs(t, err, ErrBusy)
}

func TestRefreshInteractiveChecksReachabilityFirst(t *testing.T) {
	paths := isolate(t)
	srv := workspacestest.New(t)
	m := newManager(t, paths, credentials.NewMemoryStore(), nil)
	ctx := context.Background()
	p, err := m.Create(ctx, workspaces.Profile{Name: "W", Host: srv.URL, AuthType: workspaces.AuthPAT}, workspaces.SecretInput{Token: srv.Token})
	require.NoError(t, err)
	var (
		clientCalls int
		remaining   time.Duration
		bounded     bool
	)
	clients := func(ctx context.Context, id string) (*workspaceapi.Client, error) {
		clientCalls++
		var deadline time.Time
		deadline, bounded = ctx.Deadline()
		remaining = time.Until(deadline)
		return m.Client(ctx, id)
	}
	r := NewRefresher(NewCache(filepath.Join(paths.Cache, "catalog")), clients, RefresherOptions{Timeout: time.Hour})
	const timeout = 5 * time.Second

	// Reachable: the refresh runs under the interactive bound, not the
	// refresher's own (an hour here).
	_, err = r.RefreshInteractive(ctx, p.ID, timeout, func(ctx context.Context) error { return m.Reachable(ctx, p.ID) })
	require.NoError(t, err)
	require.Equal(t, 1, clientCalls)
	require.True(t, bounded)
	assert.LessOrEqual(t, remaining, timeout, "bounded by the interactive timeout")

	// Unreachable: answered by the check alone; the SDK is never asked.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	dead := "http://" + ln.Addr().String()
	require.NoError(t, ln.Close())
	p.Host = dead // a new host needs its token typed again
	_, err = m.Update(ctx, p, workspaces.SecretInput{Token: srv.Token})
	require.NoError(t, err)
	snap, err := r.RefreshInteractive(ctx, p.ID, timeout, func(ctx context.Context) error { return m.Reachable(ctx, p.ID) })
	require.ErrorIs(t, err, workspaces.ErrUnreachable)
	assert.Equal(t, 1, clientCalls, "no SDK call after a failed reachability check")
	assert.Len(t, snap.NodeTypes.Items, 2, "the cached data is still served")
	st := r.Status(p.ID)
	assert.True(t, st.Offline)
	assert.Equal(t, workspaces.HintOf(workspaces.ErrUnreachable), st.Hint)
}

// Load keeps what it decoded until the file changes: by this cache's Save,
// by Remove, or by another writer (a second window of the app).
func TestCacheKeepsTheDecodedSnapshotUntilTheFileChanges(t *testing.T) {
	c := NewCache(t.TempDir())
	path := filepath.Join(c.dir, "ws-1.json")
	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	s := Snapshot{WorkspaceID: "ws-1"}
	s.Pools.FetchedAt = t0
	require.NoError(t, c.Save(s))
	first, err := c.Load("ws-1")
	require.NoError(t, err)
	assert.Contains(t, c.memo, "ws-1", "kept after the first read")
	again, err := c.Load("ws-1")
	require.NoError(t, err)
	assert.Equal(t, first, again)

	s.Pools.FetchedAt = t0.Add(time.Hour)
	require.NoError(t, c.Save(s))
	assert.NotContains(t, c.memo, "ws-1", "a save forgets the kept copy")
	got, err := c.Load("ws-1")
	require.NoError(t, err)
	assert.Equal(t, t0.Add(time.Hour), got.Pools.FetchedAt)

	// Another writer: a different file (size and time) is read anew.
	s.Pools.FetchedAt = t0.Add(2 * time.Hour)
	s.SchemaVersion = SchemaVersion
	raw, err := json.Marshal(s)
	require.NoError(t, err)
	raw = append(raw, ' ')
	require.NoError(t, os.WriteFile(path, raw, 0o600))
	require.NoError(t, os.Chtimes(path, time.Now(), time.Now().Add(time.Minute)))
	got, err = c.Load("ws-1")
	require.NoError(t, err)
	assert.Equal(t, t0.Add(2*time.Hour), got.Pools.FetchedAt)

	require.NoError(t, c.Remove("ws-1"))
	_, err = c.Load("ws-1")
	assert.ErrorIs(t, err, ErrNotCached, "removed: not served from memory")
}
