package demo

import (
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// listQuery is what clusters/list filters and sorts by.
type listQuery struct {
	states, sources []string
	policyID        string
	pinnedOnly      bool
	byName, desc    bool
}

func (q listQuery) key() string {
	s := append([]string(nil), q.states...)
	src := append([]string(nil), q.sources...)
	sort.Strings(s)
	sort.Strings(src)
	return strings.Join(s, ",") + "|" + strings.Join(src, ",") + "|" + q.policyID + "|" +
		strconv.FormatBool(q.pinnedOnly) + strconv.FormatBool(q.byName) + strconv.FormatBool(q.desc)
}

// listSnapshot is one filtered, sorted cluster list. Paging through 10,000
// clusters reads the same snapshot for every page instead of filtering and
// sorting all of them again per page.
type listSnapshot struct {
	clusters []*cluster
	// expires is when the first terminated cluster leaves the list window:
	// time alone changes the answer then.
	expires time.Time
}

// maxListSnapshots bounds the cache; clients use a handful of filter sets.
const maxListSnapshots = 16

// clustersChanged drops every cached list. It runs after any request that
// may change a cluster and after any timed transition, which covers every
// change to state, name, pin, policy or the set of clusters.
func (ws *workspace) clustersChanged() { ws.lists = nil }

// listed returns the clusters q selects at now, in q's order.
func (ws *workspace) listed(q listQuery, now time.Time) []*cluster {
	key := q.key()
	if snap, ok := ws.lists[key]; ok && !now.After(snap.expires) {
		return snap.clusters
	}
	snap := ws.buildList(q, now)
	if ws.lists == nil || len(ws.lists) >= maxListSnapshots {
		ws.lists = map[string]*listSnapshot{}
	}
	ws.lists[key] = snap
	return snap.clusters
}

func (ws *workspace) buildList(q listQuery, now time.Time) *listSnapshot {
	set := func(vals []string) map[string]bool {
		m := make(map[string]bool, len(vals))
		for _, v := range vals {
			m[v] = true
		}
		return m
	}
	states, sources := set(q.states), set(q.sources)
	snap := &listSnapshot{clusters: make([]*cluster, 0, len(ws.clusters)), expires: now.Add(listRetention)}
	for _, cl := range ws.clusters {
		if cl.d.State == compute.StateTerminated && !cl.pinned {
			until := time.UnixMilli(cl.d.TerminatedTime).Add(listRetention)
			if now.After(until) {
				continue
			}
			if until.Before(snap.expires) {
				snap.expires = until
			}
		}
		if len(states) > 0 && !states[string(cl.d.State)] {
			continue
		}
		if len(sources) > 0 && !sources[string(cl.d.ClusterSource)] {
			continue
		}
		if q.policyID != "" && cl.d.PolicyId != q.policyID {
			continue
		}
		if q.pinnedOnly && !cl.pinned {
			continue
		}
		snap.clusters = append(snap.clusters, cl)
	}
	sortClusters(snap.clusters, q.byName, q.desc)
	return snap
}
