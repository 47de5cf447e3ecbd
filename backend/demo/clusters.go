package demo

import (
	"sort"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

const (
	listDefaultPageSize = 100
	listMaxPageSize     = 100
	listRetention       = 30 * 24 * time.Hour // terminated clusters stay listed this long
	getRetention        = 60 * 24 * time.Hour // and readable by id this long
)

// cluster is the server's record: the details it answers plus what it needs
// to drive the life cycle.
type cluster struct {
	d            compute.ClusterDetails
	gen          int                    // bumped on each transition; stale timers check it
	events       []compute.ClusterEvent // since the cluster was made (or seeded: see past)
	past         *scalePast             // a generated cluster's seeded history (nil for others)
	pinned       bool
	lastActivity time.Time
	target       int            // worker count being moved to
	poolHeld     map[string]int // instances held per pool (used or pending_used)
	poolPending  map[string]int // of which still pending
	libs         []*clusterLibrary
	uptime       []interval // past and current running periods, for logs and metrics
	runID        int64      // job clusters: the run that owns it
	logPadding   int64      // bytes of older driver log lines (tests of large logs)
	pastUsage    bool       // seeded: billed a plausible 30 days before its first run (sql_billing.go)
}

type interval struct{ from, to time.Time } // to is zero while open

func clusterRoutes() map[string]handler {
	r := map[string]handler{
		"POST /api/2.1/clusters/create":           (*workspace).clusterCreate,
		"POST /api/2.1/clusters/edit":             (*workspace).clusterEdit,
		"POST /api/2.1/clusters/update":           (*workspace).clusterUpdate,
		"POST /api/2.1/clusters/change-owner":     (*workspace).clusterChangeOwner,
		"GET /api/2.1/clusters/get":               (*workspace).clusterGet,
		"GET /api/2.1/clusters/list":              (*workspace).clusterList,
		"POST /api/2.1/clusters/start":            (*workspace).clusterStart,
		"POST /api/2.1/clusters/restart":          (*workspace).clusterRestart,
		"POST /api/2.1/clusters/resize":           (*workspace).clusterResize,
		"POST /api/2.1/clusters/delete":           (*workspace).clusterDelete,
		"POST /api/2.1/clusters/permanent-delete": (*workspace).clusterPermanentDelete,
		"POST /api/2.1/clusters/pin":              (*workspace).clusterPin,
		"POST /api/2.1/clusters/unpin":            (*workspace).clusterUnpin,
		"POST /api/2.1/clusters/events":           (*workspace).clusterEvents,
	}
	for k, v := range clusterRoutesCatalog() {
		r[k] = v
	}
	return r
}

// clusterFor finds a cluster the caller may act on at level need.
func (ws *workspace) clusterFor(c *call, id string, need level) (*cluster, error) {
	if id == "" {
		return nil, errInvalidParam("Missing required field: cluster_id")
	}
	cl, ok := ws.clusters[id]
	if !ok || (cl.d.State == compute.StateTerminated && c.now.Sub(time.UnixMilli(cl.d.TerminatedTime)) > getRetention) {
		return nil, errClusterMissing(id)
	}
	if need == levelNone && !ws.canSeeCluster(c.user, id) {
		return nil, clusterHidden(c.user, id)
	}
	if err := ws.authorize(c.user, kindCluster, id, need); err != nil {
		return nil, err
	}
	return cl, nil
}

func (ws *workspace) clusterGet(c *call) (any, error) {
	cl, err := ws.clusterFor(c, c.query("cluster_id"), levelNone)
	if err != nil {
		return nil, err
	}
	d := cl.details()
	d.ClusterLogStatus = logStatus(cl, c.now)
	return clusterJSON{d: d, lastActivity: cl.lastActivity, tags: ws.defaultTags(cl)}, nil
}

var stateRank = map[compute.State]int{
	compute.StateRunning: 0, compute.StatePending: 1, compute.StateRestarting: 2, compute.StateResizing: 3,
	compute.StateTerminating: 4, compute.StateError: 5, compute.StateTerminated: 6, compute.StateUnknown: 7,
}

func (ws *workspace) clusterList(c *call) (any, error) {
	q := c.r.URL.Query()
	lq := listQuery{
		states: q["filter_by.cluster_states"], sources: q["filter_by.cluster_sources"],
		policyID: q.Get("filter_by.policy_id"), pinnedOnly: q.Get("filter_by.is_pinned") == "true",
		byName: q.Get("sort_by.field") == string(compute.ListClustersSortByFieldClusterName),
		desc:   q.Get("sort_by.direction") == string(compute.ListClustersSortByDirectionDesc),
	}
	pageSize, err := c.queryInt("page_size", listDefaultPageSize)
	if err != nil {
		return nil, err
	}
	if pageSize <= 0 || pageSize > listMaxPageSize {
		pageSize = listMaxPageSize
	}
	ids, offset, err := ws.clusterPage(lq, q.Get("page_token"), c)
	if err != nil {
		return nil, err
	}
	total := int64(len(ids.ids))
	lo := min(offset, total)
	hi := min(lo+pageSize, total)
	resp := clusterList{Clusters: make([]clusterJSON, 0, hi-lo)}
	for _, id := range ids.ids[lo:hi] {
		if cl, ok := ws.clusters[id]; ok && ws.canSeeCluster(c.user, id) { // deleted or hidden since the first page: left out
			resp.Clusters = append(resp.Clusters, clusterJSON{d: cl.details(), lastActivity: cl.lastActivity, tags: ws.defaultTags(cl)})
		}
	}
	if hi < total {
		if ids.id == 0 { // a first page with more to come: keep its order
			ids.id = ws.pages.keep(ids.ids)
		}
		resp.NextPageToken = snapshotToken(ids.id, hi)
	}
	if lo > 0 {
		resp.PrevPageToken = snapshotToken(ids.id, max(lo-pageSize, 0))
	}
	return resp, nil
}

// clusterPage returns the page snapshot a listing reads and where in it the
// requested page starts: a new one for a first page, the token's otherwise.
func (ws *workspace) clusterPage(lq listQuery, token string, c *call) (*pageSnapshot, int64, error) {
	if token != "" {
		id, offset, err := decodeSnapshotToken(token)
		if err != nil {
			return nil, 0, err
		}
		snap, ok := ws.pages.get(id)
		if !ok {
			return nil, 0, errInvalidParam("The page token has expired: list the clusters again from the first page.")
		}
		return snap, offset, nil
	}
	matched := ws.listed(lq, c.now)
	ids := make([]string, len(matched))
	for i, cl := range matched {
		ids[i] = cl.d.ClusterId
	}
	return &pageSnapshot{ids: ws.visibleClusterIDs(c.user, ids)}, 0, nil
}

func (ws *workspace) clusterPin(c *call) (any, error)   { return ws.setPinned(c, true) }
func (ws *workspace) clusterUnpin(c *call) (any, error) { return ws.setPinned(c, false) }

func (ws *workspace) setPinned(c *call, pinned bool) (any, error) {
	var req compute.PinCluster
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	cl, err := ws.clusterFor(c, req.ClusterId, levelManage)
	if err != nil {
		return nil, err
	}
	if cl.pinned != pinned {
		cl.pinned = pinned
		typ := compute.EventTypeUnpinned
		if pinned {
			typ = compute.EventTypePinned
		}
		ws.event(cl, c.now, typ, &compute.EventDetails{User: c.user.userName})
	}
	return nil, nil
}

func (ws *workspace) clusterPermanentDelete(c *call) (any, error) {
	var req compute.PermanentDeleteCluster
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	cl, err := ws.clusterFor(c, req.ClusterId, levelManage)
	if err != nil {
		return nil, err
	}
	if cl.d.State != compute.StateTerminated {
		ws.finishTerminate(cl, c.now, userReason(compute.TerminationReasonCodeUserRequest, compute.TerminationReasonTypeSuccess,
			map[string]string{"username": c.user.userName}))
	}
	delete(ws.clusters, cl.d.ClusterId)
	delete(ws.acls, aclKey(kindCluster, cl.d.ClusterId))
	return nil, nil
}

// sortClusters orders by state, pinned first, then name (the API default),
// or by name alone. Keys are computed once: lists can hold 10,000 clusters.
func sortClusters(list []*cluster, byName, desc bool) {
	type key struct {
		rank   int
		pinned bool
		name   string
		id     string
	}
	keys := make(map[*cluster]key, len(list))
	for _, cl := range list {
		k := key{name: strings.ToLower(cl.d.ClusterName), id: cl.d.ClusterId}
		if !byName {
			k.rank, k.pinned = stateRank[cl.d.State], cl.pinned
		}
		keys[cl] = k
	}
	sort.Slice(list, func(i, j int) bool {
		a, b := keys[list[i]], keys[list[j]]
		var less bool
		switch {
		case a.rank != b.rank:
			less = a.rank < b.rank
		case a.pinned != b.pinned:
			less = a.pinned
		case a.name != b.name:
			less = a.name < b.name
		default:
			less = a.id < b.id
		}
		if desc {
			return !less
		}
		return less
	})
}
