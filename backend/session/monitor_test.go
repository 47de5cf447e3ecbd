package session

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// clock is a manual time source: the monitor's schedule is tested by moving
// it, never by sleeping.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time          { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// countingDirectory records which workspaces were contacted.
type countingDirectory struct {
	*fakeDirectory
	mu    sync.Mutex
	calls []string
}

func (c *countingDirectory) TestConnection(ctx context.Context, id string) (workspaces.ConnectionResult, error) {
	c.mu.Lock()
	c.calls = append(c.calls, id)
	c.mu.Unlock()
	return c.fakeDirectory.TestConnection(ctx, id)
}

func (c *countingDirectory) take() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.calls
	c.calls = nil
	return out
}

type fakeCatalog struct {
	mu        sync.Mutex
	refreshed []string
}

func (f *fakeCatalog) Due(ids []string) []string { return ids }
func (f *fakeCatalog) RefreshNow(_ context.Context, id string) (catalog.Snapshot, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.refreshed = append(f.refreshed, id)
	return catalog.Snapshot{}, nil
}

func TestMonitorReconnectsAnOfflineWorkspaceByItself(t *testing.T) {
	clk := &clock{t: time.Date(2025, 1, 1, 9, 0, 0, 0, time.UTC)}
	d := &countingDirectory{fakeDirectory: dir("demo", "second")}
	s := New(d, Options{Now: clk.Now})
	cat := &fakeCatalog{}
	var catalogEvents []string
	m := NewMonitor(s, cat, MonitorOptions{HealthInterval: 30 * time.Second, RetryMin: 2 * time.Second, RetryMax: 8 * time.Second,
		OnCatalog: func(id string, err error) { catalogEvents = append(catalogEvents, id) }})
	ctx := context.Background()

	_, err := s.Select("second")
	require.NoError(t, err)
	m.Tick(ctx)
	assert.Equal(t, []string{"second"}, d.take(), "the active workspace is checked first; the others are left alone")
	assert.Equal(t, []string{"second"}, cat.refreshed, "an online workspace gets its catalog refreshed")
	assert.Equal(t, []string{"second"}, catalogEvents)

	m.Tick(ctx)
	assert.Empty(t, d.take(), "online and recently checked: nothing to do")

	// The workspace goes away; the next health check notices.
	d.results["second"] = workspaces.ErrUnreachable
	clk.Advance(30 * time.Second)
	m.Tick(ctx)
	assert.Equal(t, []string{"second"}, d.take())
	st, _ := s.Status("second")
	require.Equal(t, StateOffline, st.State)

	// Retries back off: 2 s, 4 s, 8 s, 8 s...
	for _, wait := range []time.Duration{2 * time.Second, 4 * time.Second, 8 * time.Second, 8 * time.Second} {
		clk.Advance(wait - time.Second)
		m.Tick(ctx)
		assert.Empty(t, d.take(), "not yet due after %s", wait-time.Second)
		clk.Advance(time.Second)
		m.Tick(ctx)
		assert.Equal(t, []string{"second"}, d.take(), "retried after %s", wait)
	}

	// It comes back: the next retry reconnects and refreshes the catalog.
	d.results["second"] = nil
	clk.Advance(8 * time.Second)
	m.Tick(ctx)
	assert.Equal(t, []string{"second"}, d.take())
	st, _ = s.Status("second")
	assert.Equal(t, StateOnline, st.State)
	assert.Equal(t, 0, m.failures["second"], "the backoff starts over")
}

func TestMonitorLeavesCredentialProblemsToTheUser(t *testing.T) {
	clk := &clock{t: time.Date(2025, 1, 1, 9, 0, 0, 0, time.UTC)}
	d := &countingDirectory{fakeDirectory: dir("a")}
	d.results["a"] = workspaces.ErrUnauthorized
	s := New(d, Options{Now: clk.Now})
	m := NewMonitor(s, nil, MonitorOptions{})
	m.Tick(context.Background())
	require.Equal(t, []string{"a"}, d.take())
	clk.Advance(time.Hour)
	m.Tick(context.Background())
	assert.Empty(t, d.take(), "a rejected token is not retried in a loop")
}

func TestMonitorRetriesOfflineWorkspacesThatAreNotActive(t *testing.T) {
	clk := &clock{t: time.Date(2025, 1, 1, 9, 0, 0, 0, time.UTC)}
	d := &countingDirectory{fakeDirectory: dir("a", "b")}
	d.results["b"] = errors.Join(workspaces.ErrTimeout)
	s := New(d, Options{Now: clk.Now})
	m := NewMonitor(s, nil, MonitorOptions{RetryMin: time.Second})
	_, _ = s.Check(context.Background(), "b") // the user looked at it once
	d.take()
	clk.Advance(time.Second)
	m.Tick(context.Background())
	assert.ElementsMatch(t, []string{"a", "b"}, d.take())
}

func TestTheActiveWorkspaceIsRemembered(t *testing.T) {
	file := filepath.Join(t.TempDir(), "state", "session.json")
	d := dir("demo", "prod")
	s := New(d, Options{StateFile: file})
	active, _ := s.Active()
	assert.Equal(t, "demo", active.ID)
	_, err := s.Select("prod")
	require.NoError(t, err)

	info, err := os.Stat(file)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())

	again := New(d, Options{StateFile: file})
	active, _ = again.Active()
	assert.Equal(t, "prod", active.ID, "the next run opens where the user left")

	d.profiles = d.profiles[:1]
	active, _ = New(d, Options{StateFile: file}).Active()
	assert.Equal(t, "demo", active.ID, "a remembered workspace that was removed falls back to the first")

	require.NoError(t, os.WriteFile(file, []byte("{not json"), 0o600))
	active, _ = New(d, Options{StateFile: file}).Active()
	assert.Equal(t, "demo", active.ID, "a damaged file is ignored")
}

// Switching to a workspace checks it unless it is online, and refreshes an
// online one's catalog; one that cannot be reached gets no catalog call.
func TestFreshenAWorkspaceSwitchedTo(t *testing.T) {
	cases := []struct {
		name      string
		checked   bool // checked once before the switch
		result    error
		contacted []string
		refreshed []string
	}{
		{name: "never checked, reachable", contacted: []string{"a"}, refreshed: []string{"a"}},
		{name: "online already", checked: true, contacted: nil, refreshed: []string{"a"}},
		{name: "unreachable", result: workspaces.ErrUnreachable, contacted: []string{"a"}, refreshed: nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := &countingDirectory{fakeDirectory: dir("a")}
			d.results["a"] = c.result
			s := New(d, Options{})
			cat := &fakeCatalog{}
			m := NewMonitor(s, cat, MonitorOptions{OnCatalog: func(string, error) {}})
			if c.checked {
				_, err := s.Check(context.Background(), "a")
				require.NoError(t, err)
				d.take()
			}
			m.Freshen(context.Background(), "a")
			assert.Equal(t, c.contacted, d.take())
			assert.Equal(t, c.refreshed, cat.refreshed)
		})
	}
}

// A network change or a resume (Wake) checks the offline workspaces and
// the active one at once, whatever their backoff; a rejected one is left to
// the user.
func TestWakeChecksAtOnceWhateverTheBackoff(t *testing.T) {
	clk := &clock{t: time.Date(2025, 1, 1, 9, 0, 0, 0, time.UTC)}
	d := &countingDirectory{fakeDirectory: dir("a", "b", "c")}
	d.results["a"], d.results["c"] = workspaces.ErrUnreachable, workspaces.ErrUnauthorized
	s := New(d, Options{Now: clk.Now})
	m := NewMonitor(s, nil, MonitorOptions{RetryMin: time.Hour, RetryMax: time.Hour})
	ctx := context.Background()
	_, err := s.Select("b")
	require.NoError(t, err)
	for _, id := range []string{"a", "a", "b", "c"} {
		_, _ = s.Check(ctx, id)
	}
	d.take()
	m.Tick(ctx)
	require.Empty(t, d.take(), "a waits out its backoff, b was just checked, c is the user's to fix")

	d.results["a"] = nil
	m.Wake(ctx, "the network is connected")
	var called []string
	require.Eventually(t, func() bool { called = append(called, d.take()...); return len(called) >= 2 }, 10*time.Second, time.Millisecond)
	assert.ElementsMatch(t, []string{"a", "b"}, called)
	require.Eventually(t, func() bool { st, _ := s.Status("a"); return st.State == StateOnline }, 10*time.Second, time.Millisecond)
	assert.Equal(t, 0, m.failures["a"])
}

// Trying an offline workspace again keeps it offline until the answer: the
// top bar does not flicker to "Connecting…" (and actions back on) every few
// seconds while the network is away.
func TestRetryingAnOfflineWorkspaceStaysOffline(t *testing.T) {
	d := dir("a")
	d.results["a"] = workspaces.ErrUnreachable
	s := New(d, Options{})
	var mu sync.Mutex
	var states []State
	s.Subscribe(func(_ string, st Status) { mu.Lock(); states = append(states, st.State); mu.Unlock() })
	ctx := context.Background()
	_, _ = s.Check(ctx, "a")
	_, _ = s.Check(ctx, "a")
	d.results["a"] = nil
	_, _ = s.Check(ctx, "a")
	mu.Lock()
	defer mu.Unlock()
	assert.Equal(t, []State{StateChecking, StateOffline, StateOffline, StateOnline}, states)
}
