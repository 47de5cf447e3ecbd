package app

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/clusters"
	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/services"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// lockedEmitter records events emitted from pollers' goroutines.
type lockedEmitter struct {
	mu     sync.Mutex
	events []recordedEvent
}

func (l *lockedEmitter) Emit(name Event, data ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.events = append(l.events, recordedEvent{name.wireName(), data})
}

func (l *lockedEmitter) named(name string) []recordedEvent {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []recordedEvent
	for _, e := range l.events {
		if e.name == name {
			out = append(out, e)
		}
	}
	return out
}

func newClustersApp(t *testing.T) (*App, *lockedEmitter) {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	srv, err := demo.Start(ctx, demo.Options{FreezeClock: true, Seed: 7})
	require.NoError(t, err)
	mgr, err := workspaces.NewManager(workspaces.Deps{
		Paths:   workspaces.Paths{Config: filepath.Join(home, "config"), Cache: filepath.Join(home, "cache"), Data: filepath.Join(home, "data")},
		Secrets: credentials.NewMemoryStore(), Home: home,
		LookupEnv: func(string) (string, bool) { return "", false },
	})
	require.NoError(t, err)
	mgr.SetDemo(workspaces.Demo{URL: srv.URL(), Token: srv.Token()})
	rec := &lockedEmitter{}
	a := New(Deps{Emitter: rec, Transport: "bridge", Inputs: services.Inputs{Session: session.New(mgr, session.Options{}), Clients: mgr,
		PollTiming: clusters.PollTiming{Fast: time.Hour, Slow: time.Hour}}})
	t.Cleanup(func() { a.Shutdown(context.Background()) })
	return a, rec
}

func TestClustersFacadeStreamsRowsAsScopedEvents(t *testing.T) {
	a, rec := newClustersApp(t)
	require.NoError(t, a.Clusters.Watch("demo", "all-purpose"))
	require.Eventually(t, func() bool {
		ev := rec.named("clusters:changed:demo")
		return len(ev) > 0 && ev[len(ev)-1].data[0].(clusters.Delta).Complete
	}, 20*time.Second, 5*time.Millisecond)
	require.Eventually(t, func() bool { return len(rec.named("clusters:status:demo")) > 0 }, 5*time.Second, 5*time.Millisecond)
	first := rec.named("clusters:changed:demo")[0].data[0].(clusters.Delta)
	assert.True(t, first.Reset)
	assert.NotEmpty(t, first.Upserts)
	assert.Equal(t, clusters.ViewAllPurpose, first.View)

	err := a.Clusters.Watch("demo", "sql-warehouses")
	require.Error(t, err)
	assert.Equal(t, "BAD_VIEW", a.errors.UIError(err).Code)
}

func TestClustersFacadeExplainsRefusals(t *testing.T) {
	a, _ := newClustersApp(t)
	var running, stopped string
	for _, r := range collectRows(t, a) {
		switch r.Name {
		case "streaming-orders":
			running = r.ID
		case "ml-training-gpu":
			stopped = r.ID
		}
	}
	require.NotEmpty(t, running)
	require.NotEmpty(t, stopped)

	ui := a.errors.UIError(a.Clusters.Start("demo", running))
	assert.Equal(t, "ACTION_NOT_ALLOWED", ui.Code)
	assert.Equal(t, "Cannot start it now: it is already running.", ui.Message)

	ui = a.errors.UIError(a.Clusters.PermanentDelete("demo", stopped, "ml-training"))
	assert.Equal(t, "NAME_MISMATCH", ui.Code)

	ui = a.errors.UIError(a.Clusters.Terminate("demo", "0101-000000-nothere1"))
	assert.Equal(t, "CLUSTER_NOT_FOUND", ui.Code)
	assert.Contains(t, ui.Hint, "deleted")

	url, err := a.Clusters.OpenSparkUI("demo", running)
	require.NoError(t, err)
	assert.Contains(t, url, "/#setting/clusters/"+running+"/sparkUi")

	_, err = a.Clusters.OpenRun("demo", running)
	assert.ErrorIs(t, err, errNoAddress, "no job made it")
	assert.Equal(t, "NO_RUN_PAGE", a.errors.UIError(err).Code)
}

// Job compute links to the run that owns it.
func TestJobComputeOpensItsRun(t *testing.T) {
	a, _ := newClustersApp(t)
	var job clusters.Row
	for _, r := range collectRowsOf(t, a, "job") {
		if r.Name == "job-771204563-run-3320117" {
			job = r
		}
	}
	require.NotNil(t, job.JobRun)
	assert.Equal(t, clusters.JobRun{JobID: 771204563, RunID: 3320117}, *job.JobRun)
	url, err := a.Clusters.OpenRun("demo", job.ID)
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(url, "/#job/771204563/run/3320117"), url)
}

func collectRows(t *testing.T, a *App) []clusters.Row {
	t.Helper()
	return collectRowsOf(t, a, "all-purpose")
}

func collectRowsOf(t *testing.T, a *App, view string) []clusters.Row {
	t.Helper()
	rec := a.Clusters.emit.(pageEmitter).next.(*lockedEmitter)
	require.NoError(t, a.Clusters.Watch("demo", view))
	var rows []clusters.Row
	require.Eventually(t, func() bool {
		rows = rows[:0]
		ev := rec.named("clusters:changed:demo")
		for _, e := range ev {
			rows = append(rows, e.data[0].(clusters.Delta).Upserts...)
		}
		return len(ev) > 0 && ev[len(ev)-1].data[0].(clusters.Delta).Complete
	}, 20*time.Second, 5*time.Millisecond)
	return rows
}

func TestClusterStatusSaysStaleAndRateLimited(t *testing.T) {
	rec := &lockedEmitter{}
	c := &Clusters{emit: rec, errors: NewErrorFormatter(clusterRules()...)}
	last := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	limited := fmt.Errorf("list clusters: %w", &apierr.APIError{StatusCode: 429, ErrorCode: "REQUEST_LIMIT_EXCEEDED", Message: "Too many requests"})
	clusterSink{c}.Status(clusters.ViewStatus{Workspace: "demo", View: clusters.ViewAllPurpose, LastSuccess: last,
		NextAt: last.Add(50 * time.Second), Failures: 2, Err: limited})
	clusterSink{c}.Status(clusters.ViewStatus{Workspace: "demo", View: clusters.ViewAllPurpose, Paused: true})

	ev := rec.named("clusters:status:demo")
	require.Len(t, ev, 2)
	st := ev[0].data[0].(ClusterStatusView)
	assert.True(t, st.Stale)
	assert.Equal(t, "2026-01-01T09:00:00Z", st.LastUpdated)
	assert.Equal(t, "2026-01-01T09:00:50Z", st.NextAt)
	require.NotNil(t, st.Error)
	assert.Equal(t, "The workspace is rate-limiting requests from Clusterdeck.", st.Error.Message)
	assert.Equal(t, 429, st.Error.Status)

	paused := ev[1].data[0].(ClusterStatusView)
	assert.False(t, paused.Stale)
	assert.Empty(t, paused.LastUpdated, "never loaded: the page says so rather than a date")
	assert.Nil(t, paused.Error)
}
