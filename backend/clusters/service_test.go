package clusters

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/notices"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recordingSink keeps everything the service says.
type recordingSink struct {
	mu       sync.Mutex
	deltas   []Delta
	details  []DetailUpdate
	notices  []Notice
	statuses []ViewStatus
}

func (r *recordingSink) Delta(d Delta) { r.mu.Lock(); r.deltas = append(r.deltas, d); r.mu.Unlock() }
func (r *recordingSink) Status(st ViewStatus) {
	r.mu.Lock()
	r.statuses = append(r.statuses, st)
	r.mu.Unlock()
}

// statusesOf returns what the service said about one workspace view.
func (r *recordingSink) statusesOf(ws string, v View) []ViewStatus {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []ViewStatus
	for _, st := range r.statuses {
		if st.Workspace == ws && st.View == v {
			out = append(out, st)
		}
	}
	return out
}
func (r *recordingSink) Detail(u DetailUpdate) {
	r.mu.Lock()
	r.details = append(r.details, u)
	r.mu.Unlock()
}
func (r *recordingSink) Notice(n Notice) {
	r.mu.Lock()
	r.notices = append(r.notices, n)
	r.mu.Unlock()
}
func (r *recordingSink) snapshot() ([]Delta, []DetailUpdate, []Notice) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Delta(nil), r.deltas...), append([]DetailUpdate(nil), r.details...), append([]Notice(nil), r.notices...)
}

// newService runs a service over a frozen demo; pollers fetch when asked
// (and once when started), never on their own within a test.
func newService(t *testing.T, opts demo.Options) (*Service, *recordingSink, *demo.Server, *demoSource) {
	t.Helper()
	return newServiceWith(t, opts, Options{Timing: PollTiming{Fast: time.Hour, Slow: time.Hour}})
}

// newServiceWith is newService with the caller's clock, timing and budgets.
func newServiceWith(t *testing.T, opts demo.Options, o Options) (*Service, *recordingSink, *demo.Server, *demoSource) {
	t.Helper()
	srv, src := startDemo(t, opts)
	sink := &recordingSink{}
	ctx, cancel := context.WithCancel(context.Background())
	o.Clients, o.Sink = src, sink
	s := NewService(ctx, o)
	t.Cleanup(func() { cancel(); s.Close() })
	return s, sink, srv, src
}

func clusterID(t *testing.T, src *demoSource, name string) string {
	t.Helper()
	all, err := src.w.Clusters.ListAll(testCtx(t), compute.ListClustersRequest{})
	require.NoError(t, err)
	for _, c := range all {
		if c.ClusterName == name {
			return c.ClusterId
		}
	}
	t.Fatalf("no cluster %q", name)
	return ""
}

// rowsOf replays deltas the way the page does and returns the rows.
func rowsOf(deltas []Delta) (map[string]Row, bool) {
	rows := map[string]Row{}
	var cycle map[string]bool
	complete := false
	for _, d := range deltas {
		if d.Reset {
			cycle = map[string]bool{}
		}
		for _, r := range d.Upserts {
			rows[r.ID] = r
			if cycle != nil {
				cycle[r.ID] = true
			}
		}
		for _, id := range d.Removed {
			delete(rows, id)
		}
		if d.Complete {
			complete = true
			if cycle != nil {
				for id := range rows {
					if !cycle[id] {
						delete(rows, id)
					}
				}
				cycle = nil
			}
		}
	}
	return rows, complete
}

func waitDeltas(t *testing.T, sink *recordingSink, n int) []Delta {
	t.Helper()
	var got []Delta
	require.Eventually(t, func() bool {
		got, _, _ = sink.snapshot()
		return len(got) >= n && got[len(got)-1].Complete
	}, 20*time.Second, 5*time.Millisecond)
	return got
}

func TestWatchStreamsPagesThenSendsOnlyDiffs(t *testing.T) {
	s, sink, _, src := newService(t, demo.Options{ExtraClusters: 450})
	require.NoError(t, s.Watch("demo", ViewAllPurpose))
	deltas := waitDeltas(t, sink, 2)
	assert.True(t, deltas[0].Reset, "the first page starts a full pass")
	// One page of one partition (UI or API source, walked in parallel).
	assert.NotEmpty(t, deltas[0].Upserts, "the first page is sent alone, before the rest")
	assert.LessOrEqual(t, len(deltas[0].Upserts), listPageSize)
	assert.Greater(t, len(deltas), 3, "pages stream one by one")
	rows, complete := rowsOf(deltas)
	require.True(t, complete)
	all, err := src.w.Clusters.ListAll(testCtx(t), compute.ListClustersRequest{
		FilterBy: &compute.ListClustersFilterBy{ClusterSources: []compute.ClusterSource{compute.ClusterSourceUi, compute.ClusterSourceApi}}})
	require.NoError(t, err)
	assert.Len(t, rows, len(all), "server-side source filter: all-purpose compute only")
	for _, r := range rows {
		assert.Equal(t, KindAllPurpose, r.Kind)
	}
	shared := rows[clusterID(t, src, "shared-analytics")]
	assert.True(t, shared.Pinned)
	assert.Equal(t, "16.4 LTS (Scala 2.12)", shared.Runtime)
	assert.Equal(t, "Standard (shared)", shared.AccessModeLabel)

	// Someone starts a cluster elsewhere: the next poll sends just that row.
	id := clusterID(t, src, "Priya Sharma's Personal Compute Cluster")
	_, err = src.w.Clusters.Start(testCtx(t), compute.StartCluster{ClusterId: id})
	require.NoError(t, err)
	assert.True(t, s.Refresh("demo"))
	deltas = waitDeltas(t, sink, len(deltas)+1)
	last := deltas[len(deltas)-1]
	assert.False(t, last.Reset)
	require.Len(t, last.Upserts, 1)
	assert.Equal(t, "PENDING", last.Upserts[0].State)
	assert.True(t, last.Upserts[0].Transitional)
}

func TestJobViewUsesTheServerFilter(t *testing.T) {
	s, sink, _, _ := newService(t, demo.Options{})
	require.NoError(t, s.Watch("demo", ViewJob))
	rows, _ := rowsOf(waitDeltas(t, sink, 1))
	require.NotEmpty(t, rows)
	for _, r := range rows {
		assert.Equal(t, KindJob, r.Kind)
	}
	assert.ErrorIs(t, s.Watch("demo", "sql"), ErrBadView)
}

func TestStartFollowsTheClusterAndNotifies(t *testing.T) {
	s, sink, srv, src := newService(t, demo.Options{})
	ctx := testCtx(t)
	ok := clusterID(t, src, "Priya Sharma's Personal Compute Cluster")
	quota := clusterID(t, src, "gpu-v100-experiment") // Standard_NC6s_v3: no quota in the demo
	require.NoError(t, s.Act(ctx, "demo", ok, ActionStart, ""))
	require.NoError(t, s.Act(ctx, "demo", quota, ActionStart, ""))
	srv.Clock().Advance(10 * time.Minute)
	s.Refresh("demo")
	require.Eventually(t, func() bool { _, _, n := sink.snapshot(); return len(n) == 2 }, 20*time.Second, 5*time.Millisecond)
	_, _, news := sink.snapshot()
	byID := map[string]Notice{}
	for _, n := range news {
		byID[n.ClusterID] = n
	}
	assert.Equal(t, "success", byID[ok].Kind)
	assert.Equal(t, notices.Ready, byID[ok].Reason)
	assert.Equal(t, notices.StartFailed, byID[quota].Reason)
	assert.Equal(t, "Priya Sharma's Personal Compute Cluster is ready", byID[ok].Title)
	assert.Equal(t, "error", byID[quota].Kind)
	assert.Contains(t, byID[quota].Body, "no core quota left")
	assert.Contains(t, byID[quota].Body, "another family")
}

func TestActRefusesWhatTheStateForbidsAndExplainsFailures(t *testing.T) {
	s, _, srv, src := newService(t, demo.Options{})
	ctx := testCtx(t)
	running := clusterID(t, src, "streaming-orders")
	stopped := clusterID(t, src, "ml-training-gpu")

	assert.ErrorIs(t, s.Act(ctx, "demo", stopped, ActionRestart, ""), ErrNotAllowed)
	assert.ErrorIs(t, s.Act(ctx, "demo", running, ActionStart, ""), ErrNotAllowed)
	assert.ErrorIs(t, s.Act(ctx, "demo", "0101-000000-nothere1", ActionStart, ""), ErrNotFound)
	assert.ErrorIs(t, s.Act(ctx, "demo", stopped, ActionPermanentDelete, "ml-training"), ErrNameMismatch)
	assert.ErrorIs(t, s.Resize(ctx, "demo", running, Size{Autoscale: true, MinWorkers: 5, MaxWorkers: 2}), ErrBadSize)

	// A cluster deleted between the read and the action: the 400 the API
	// gives is recognised as "not found" with one get, not by its text.
	srv.InjectFault(demo.FaultRule{Method: "POST", PathPrefix: "/api/2.1/clusters/resize", Kind: demo.FaultHang, Count: 1})
	done := make(chan error, 1)
	hung, cancel := context.WithCancel(ctx)
	go func() { done <- s.Resize(hung, "demo", running, Size{NumWorkers: 5}) }()
	require.Eventually(t, func() bool { return srv.FaultsFired(demo.FaultHang) == 1 }, 10*time.Second, 5*time.Millisecond)
	// The same action while the first is in flight is not sent again.
	assert.ErrorIs(t, s.Resize(ctx, "demo", running, Size{NumWorkers: 5}), ErrBusy)
	cancel()
	<-done

	require.NoError(t, s.Act(ctx, "demo", running, ActionPin, ""))
	require.NoError(t, s.Resize(ctx, "demo", running, Size{NumWorkers: 5}))
	d, err := s.Get(ctx, "demo", running)
	require.NoError(t, err)
	assert.Equal(t, "RESIZING", d.Row.State)
	assert.True(t, d.Row.Pinned)
	require.NoError(t, s.Act(ctx, "demo", stopped, ActionPermanentDelete, "ml-training-gpu"))
	_, err = s.Get(ctx, "demo", stopped)
	assert.ErrorIs(t, err, ErrNotFound)
}

func TestDetailReportsDeletionBehindTheUsersBack(t *testing.T) {
	s, sink, _, src := newService(t, demo.Options{})
	id := clusterID(t, src, "init-script-test")
	s.WatchDetail("demo", id)
	require.Eventually(t, func() bool { _, d, _ := sink.snapshot(); return len(d) == 1 }, 20*time.Second, 5*time.Millisecond)
	_, details, _ := sink.snapshot()
	require.NotNil(t, details[0].Detail)
	d := details[0].Detail
	assert.Equal(t, "TERMINATED", d.Row.State)
	require.NotNil(t, d.Row.Termination)
	assert.Equal(t, "INIT_SCRIPT_FAILURE", d.Row.Termination.Code)
	assert.Contains(t, d.SpecJSON, `"cluster_name": "init-script-test"`)
	assert.Contains(t, d.SparkUIURL, "/#setting/clusters/"+id+"/sparkUi")
	assert.NotEmpty(t, d.Sections)
	assert.NotNil(t, d.EnvVars, "the page reads .length")
	assert.NotNil(t, d.SparkConf)

	require.NoError(t, src.w.Clusters.PermanentDelete(testCtx(t), compute.PermanentDeleteCluster{ClusterId: id}))
	s.refreshDetail("demo", id)
	require.Eventually(t, func() bool { _, d, _ := sink.snapshot(); return len(d) == 2 }, 20*time.Second, 5*time.Millisecond)
	_, details, _ = sink.snapshot()
	assert.True(t, details[1].Deleted)
}

func TestEventsPageNewestFirst(t *testing.T) {
	s, _, _, src := newService(t, demo.Options{})
	id := clusterID(t, src, "shared-analytics")
	page, err := s.Events(testCtx(t), "demo", id, EventQuery{Limit: 3})
	require.NoError(t, err)
	require.Len(t, page.Events, 3)
	assert.True(t, page.More)
	assert.Greater(t, page.Total, 3)
	assert.GreaterOrEqual(t, page.Events[0].Timestamp, page.Events[1].Timestamp)
	for _, e := range page.Events {
		assert.NotEmpty(t, e.Meaning)
	}
	resizes, err := s.Events(testCtx(t), "demo", id, EventQuery{Types: []string{"RESIZING"}, Limit: 50})
	require.NoError(t, err)
	require.NotEmpty(t, resizes.Events)
	for _, e := range resizes.Events {
		assert.Equal(t, "RESIZING", e.Type)
		assert.NotEmpty(t, e.Workers)
	}
	_, err = s.Events(testCtx(t), "demo", "0101-000000-nothere1", EventQuery{})
	assert.ErrorIs(t, err, ErrNotFound)
}

func TestCloneSpecRenames(t *testing.T) {
	s, _, _, src := newService(t, demo.Options{})
	spec, err := s.CloneSpec(testCtx(t), "demo", clusterID(t, src, "streaming-orders"))
	require.NoError(t, err)
	assert.Contains(t, spec, `"cluster_name": "streaming-orders (clone)"`)
	assert.NotContains(t, spec, `"cluster_id"`)
}
