package demo

import (
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
)

// A running warehouse's clusters follow its queries on the demo clock,
// between min_num_clusters and max_num_clusters, each change a SCALED_UP or
// SCALED_DOWN row of system.compute.warehouse_events. The rules follow
// Databricks' page "SQL warehouse sizing, scaling, and queuing behavior"
// (docs.databricks.com/en/compute/sql-warehouse/warehouse-behavior.html,
// and its older sql/admin/warehouse-behavior.html):
//   - pro and classic: one cluster per about 10 concurrent queries; clusters
//     are added when queries queue (the page's rule weighs the work queued
//     and expected); after 15 minutes of low load one is removed, keeping
//     enough for the peak of those 15 minutes;
//   - serverless (Intelligent Workload Management): the queue is watched
//     about every 10 seconds and clusters are added when it does not drain;
//     they are removed quickly once demand drops (no figure is given: the
//     demo takes 5 minutes).
//
// The demo adds or removes one cluster per check.
const (
	queriesPerCluster        = 10
	scaleCheckServerless     = 10 * time.Second
	scaleCheckClassic        = time.Minute // the page gives no figure for pro and classic
	scaleDownAfter           = 15 * time.Minute
	scaleDownAfterServerless = 5 * time.Minute
)

// watchScale arms the warehouse's next scaling check, unless one is armed
// for this run or it cannot scale.
func (ws *workspace) watchScale(wh *warehouse, now time.Time) {
	lo, hi := clusterRange(wh.info)
	if wh.info.State != sql.StateRunning || hi <= lo || wh.scaleFor == wh.gen+1 {
		return
	}
	wh.scaleFor = wh.gen + 1
	gen, every := wh.gen, scaleCheckClassic
	if wh.info.EnableServerlessCompute {
		every = scaleCheckServerless
	}
	ws.sched.at(now.Add(every), func(at time.Time) {
		if wh.scaleFor == gen+1 {
			wh.scaleFor = 0
		}
		if wh.gen != gen || wh.deleted || wh.info.State != sql.StateRunning {
			return
		}
		if wh.scale(at) {
			ws.watchScale(wh, at)
		}
	})
}

// scale is one check at at: a cluster more while queries queue, one less
// once the load has fit in one fewer for the downscale window. It says
// whether to check again (queries run or wait, or it runs above its
// minimum).
func (wh *warehouse) scale(at time.Time) bool {
	running, queued := wh.activeQueries(at)
	lo, hi := clusterRange(wh.info)
	n := wh.info.NumClusters
	down := scaleDownAfter
	if wh.info.EnableServerlessCompute {
		down = scaleDownAfterServerless
	}
	switch {
	case queued > 0 && n < hi:
		wh.info.NumClusters = n + 1
		wh.event(at, eventScaledUp)
		wh.lowSince = time.Time{}
	case n > lo && queued == 0 && running <= queriesPerCluster*(n-1):
		if wh.lowSince.IsZero() {
			wh.lowSince = at
		} else if at.Sub(wh.lowSince) >= down {
			wh.info.NumClusters = n - 1
			wh.event(at, eventScaledDown)
			wh.lowSince = at // the next step down waits a window of its own
		}
	default:
		wh.lowSince = time.Time{}
	}
	return wh.info.NumClusters > lo || running+queued > 0
}

// clusterRange is the warehouse's min and max clusters (at least one).
func clusterRange(info sql.EndpointInfo) (lo, hi int) {
	lo = max(info.MinNumClusters, 1)
	return lo, max(info.MaxNumClusters, lo)
}
