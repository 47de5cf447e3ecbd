package demo

import (
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The list is cached between pages: every change must still show at once.
func TestListFollowsChangesBetweenCalls(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	ids := map[string]string{}
	for _, n := range []string{"b", "a", "c"} {
		created, err := w.Clusters.Create(ctx, smallSpec(n))
		require.NoError(t, err)
		ids[n] = created.ClusterId
	}
	names := func(req compute.ListClustersRequest) []string {
		all, err := w.Clusters.ListAll(ctx, req)
		require.NoError(t, err)
		out := []string{}
		for _, c := range all {
			out = append(out, c.ClusterName)
		}
		return out
	}
	runningOnly := compute.ListClustersRequest{FilterBy: &compute.ListClustersFilterBy{ClusterStates: []compute.State{compute.StateRunning}}}
	assert.Equal(t, []string{"a", "b", "c"}, names(compute.ListClustersRequest{PageSize: 2}))
	assert.Empty(t, names(runningOnly))

	require.NoError(t, w.Clusters.Pin(ctx, compute.PinCluster{ClusterId: ids["c"]}))
	assert.Equal(t, []string{"c", "a", "b"}, names(compute.ListClustersRequest{PageSize: 2}), "pinned first")

	srv.Clock().Advance(10 * time.Minute) // timed transitions change the list too
	assert.Equal(t, []string{"c", "a", "b"}, names(runningOnly))

	_, err := w.Clusters.Delete(ctx, compute.DeleteCluster{ClusterId: ids["a"]})
	require.NoError(t, err)
	stepUntil(t, srv, w, ids["a"], compute.StateTerminated)
	assert.Equal(t, []string{"c", "b", "a"}, names(compute.ListClustersRequest{PageSize: 1}), "terminated last")
	assert.Equal(t, []string{"c", "b"}, names(runningOnly))

	require.NoError(t, w.Clusters.PermanentDeleteByClusterId(ctx, ids["b"]))
	assert.Equal(t, []string{"c", "a"}, names(compute.ListClustersRequest{}))
}

// A cached list still drops a terminated cluster when its 30 days are up,
// although no request or transition changed anything.
func TestListSnapshotExpiresWithTheListWindow(t *testing.T) {
	srv, _ := frozen(t, Options{Empty: true})
	ws := srv.def
	ws.mu.Lock()
	defer ws.mu.Unlock()
	now := ws.clock.Now()
	old := &cluster{d: compute.ClusterDetails{ClusterId: "old", ClusterName: "old", State: compute.StateTerminated,
		TerminatedTime: millis(now.Add(-29 * 24 * time.Hour))}}
	live := &cluster{d: compute.ClusterDetails{ClusterId: "live", ClusterName: "live", State: compute.StateRunning}}
	ws.clusters["old"], ws.clusters["live"] = old, live
	ws.clustersChanged()

	first := ws.listed(listQuery{}, now)
	require.Equal(t, []*cluster{live, old}, first)
	again := ws.listed(listQuery{}, now.Add(time.Hour))
	assert.Same(t, &first[0], &again[0], "unchanged: the snapshot is reused")
	assert.Equal(t, []*cluster{live}, ws.listed(listQuery{}, now.Add(2*24*time.Hour)))

	old.pinned = true // pinned clusters stay listed
	ws.clustersChanged()
	assert.Equal(t, []*cluster{live, old}, ws.listed(listQuery{}, now.Add(2*24*time.Hour)))
}
