package clusters

import (
	"sync/atomic"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
)

// The view's sources are walked in parallel: every cluster of the view comes
// exactly once, pinned ones marked, none of another view, and a failed
// partition fails the pass.
func TestListPagesWalksTheSourcesInParallelEachClusterOnce(t *testing.T) {
	srv, src := startDemo(t, demo.Options{ExtraClusters: 450})
	ctx := testCtx(t)
	_, walker, err := newClientSet(src, ListRetryBudget).get(ctx, "demo")
	require.NoError(t, err)
	all, err := src.w.Clusters.ListAll(ctx, compute.ListClustersRequest{PageSize: 100})
	require.NoError(t, err)

	for _, view := range []View{ViewAllPurpose, ViewJob} {
		want := map[string]bool{}
		for _, c := range all {
			for _, s := range view.sources() {
				if c.ClusterSource == s {
					want[c.ClusterId] = true
				}
			}
		}
		seen := map[string]int{}
		pinned, active := 0, 0
		var inPage atomic.Int32
		_, err := ListPages(ctx, walker, view, func(rows []Row) error {
			require.Equal(t, int32(1), inPage.Add(1), "page is never called concurrently")
			defer inPage.Add(-1)
			for _, r := range rows {
				seen[r.ID]++
				if r.Pinned {
					pinned++
				}
				if r.LastActivity > 0 {
					active++
					assert.Contains(t, []string{"RUNNING", "RESIZING"}, r.State, "last activity is sent for running compute")
				}
			}
			return nil
		})
		require.NoError(t, err)
		assert.Len(t, seen, len(want), view)
		for id, n := range seen {
			assert.True(t, want[id], "%s is not in the %s view", id, view)
			assert.Equal(t, 1, n, "%s listed %d times", id, n)
		}
		if view == ViewAllPurpose {
			assert.Positive(t, pinned, "the seed pins all-purpose clusters")
			assert.Positive(t, active, "running clusters carry last_activity_time")
		}
	}

	srv.InjectFault(demo.FaultRule{Method: "GET", PathPrefix: "/api/2.1/clusters/list", Kind: demo.FaultInternal, Count: 50})
	_, err = ListPages(ctx, walker, ViewAllPurpose, func([]Row) error { return nil })
	assert.Error(t, err)
}
