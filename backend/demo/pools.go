package demo

import (
	"fmt"
	"maps"
	"sort"
	"strconv"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

const defaultPoolIdleMinutes = 60

// pool is an instance pool with its instance counts. Counts move as clusters
// take and return instances; the pool refills to min_idle_instances and drops
// idle instances above it after idle_instance_autotermination_minutes.
type pool struct {
	d           compute.InstancePoolAndStats
	idle        int
	pendingIdle int
	used        int
	pendingUsed int
	deleted     bool
}

func (p *pool) total() int { return p.idle + p.pendingIdle + p.used + p.pendingUsed }

// room is how many more instances may exist (-1 = unlimited).
func (p *pool) room() int {
	if p.d.MaxCapacity <= 0 {
		return -1
	}
	return max(p.d.MaxCapacity-p.total(), 0)
}

func poolRoutes() map[string]handler {
	return map[string]handler{
		"POST /api/2.0/instance-pools/create": (*workspace).poolCreate,
		"POST /api/2.0/instance-pools/edit":   (*workspace).poolEdit,
		"POST /api/2.0/instance-pools/delete": (*workspace).poolDelete,
		"GET /api/2.0/instance-pools/get":     (*workspace).poolGet,
		"GET /api/2.0/instance-pools/list":    (*workspace).poolList,
	}
}

func (ws *workspace) poolFor(c *call, id string, need level) (*pool, error) {
	p, ok := ws.pools[id]
	if !ok || id == "" {
		return nil, errNotFound("Can't find an instance pool with id: %s.", id)
	}
	if p.deleted && need > levelNone {
		return nil, errInvalidParam("Instance pool %s has been deleted.", id)
	}
	if err := ws.authorize(c.user, kindPool, id, need); err != nil {
		return nil, err
	}
	return p, nil
}

func (ws *workspace) poolJSON(p *pool) compute.InstancePoolAndStats {
	out := p.d
	out.Stats = &compute.InstancePoolStats{IdleCount: p.idle, PendingIdleCount: p.pendingIdle, UsedCount: p.used,
		PendingUsedCount: p.pendingUsed, ForceSendFields: []string{"IdleCount", "PendingIdleCount", "UsedCount", "PendingUsedCount"}}
	out.Status = &compute.InstancePoolStatus{}
	return out
}

func (ws *workspace) checkPoolName(name, except string) error {
	if name == "" || len(name) >= 100 {
		return errInvalidParam("instance_pool_name must be non-empty and less than 100 characters.")
	}
	for id, p := range ws.pools {
		if id != except && !p.deleted && p.d.InstancePoolName == name {
			return errInvalidParam("An instance pool named %q already exists (%s).", name, id)
		}
	}
	return nil
}

func checkPoolSizes(minIdle, maxCap, idleMins int) error {
	switch {
	case minIdle < 0:
		return errInvalidParam("min_idle_instances must be non-negative (is %d).", minIdle)
	case maxCap < 0 || (maxCap > 0 && maxCap < minIdle):
		return errInvalidParam("max_capacity (%d) must be at least min_idle_instances (%d).", maxCap, minIdle)
	case idleMins < 0 || idleMins > 10000:
		return errInvalidParam("idle_instance_autotermination_minutes must be between 0 and 10000 (is %d).", idleMins)
	}
	return nil
}

func (ws *workspace) poolCreate(c *call) (any, error) {
	var req compute.CreateInstancePool
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	if !c.user.entitled(entitlementPoolCreate) {
		return nil, errPermission("You are not authorized to create instance pools. Please contact your administrator.")
	}
	p, err := ws.addPool(req, c.user.userName, c.now)
	if err != nil {
		return nil, err
	}
	return compute.CreateInstancePoolResponse{InstancePoolId: p.d.InstancePoolId}, nil
}

func (ws *workspace) addPool(req compute.CreateInstancePool, creator string, at time.Time) (*pool, error) {
	if err := ws.checkPoolName(req.InstancePoolName, ""); err != nil {
		return nil, err
	}
	if _, ok := ws.cat.nodes[req.NodeTypeId]; !ok {
		return nil, ws.errNodeTypeUnsupported(req.NodeTypeId)
	}
	if err := checkPoolSizes(req.MinIdleInstances, req.MaxCapacity, req.IdleInstanceAutoterminationMinutes); err != nil {
		return nil, err
	}
	for _, v := range req.PreloadedSparkVersions {
		if !ws.cat.versions[v] {
			return nil, errInvalidParam("Invalid spark version %s.", v)
		}
	}
	id := fmt.Sprintf("%s-%s-pool-%s", at.UTC().Format("0102-150405"), ws.randomWord(5), ws.randomWord(8))
	idleMins := req.IdleInstanceAutoterminationMinutes
	if idleMins == 0 && !containsField(req.ForceSendFields, "IdleInstanceAutoterminationMinutes") {
		idleMins = defaultPoolIdleMinutes
	}
	p := &pool{d: compute.InstancePoolAndStats{
		InstancePoolId: id, InstancePoolName: req.InstancePoolName, NodeTypeId: req.NodeTypeId,
		MinIdleInstances: req.MinIdleInstances, MaxCapacity: req.MaxCapacity,
		IdleInstanceAutoterminationMinutes: idleMins, CustomTags: req.CustomTags,
		EnableElasticDisk: req.EnableElasticDisk, DiskSpec: req.DiskSpec, AzureAttributes: req.AzureAttributes,
		PreloadedSparkVersions: req.PreloadedSparkVersions, State: compute.InstancePoolStateActive,
		DefaultTags: map[string]string{"Vendor": "Databricks", "DatabricksInstancePoolCreatorId": ws.users[creator].id,
			"DatabricksInstancePoolId": id},
		ForceSendFields: []string{"IdleInstanceAutoterminationMinutes"},
	}}
	if p.d.MinIdleInstances > 0 {
		p.d.ForceSendFields = append(p.d.ForceSendFields, "MinIdleInstances")
	}
	ws.pools[id] = p
	ws.grant(kindPool, id, creator)
	ws.refill(p, at)
	return p, nil
}

// refill starts instances until idle + pending idle reaches min_idle_instances.
func (ws *workspace) refill(p *pool, at time.Time) {
	if p.deleted {
		return
	}
	need := p.d.MinIdleInstances - p.idle - p.pendingIdle
	if room := p.room(); room >= 0 {
		need = min(need, room)
	}
	if need <= 0 {
		return
	}
	p.pendingIdle += need
	ws.sched.at(at.Add(ws.jitter(ws.dur.PoolInstance)), func(time.Time) {
		moved := min(need, p.pendingIdle)
		p.pendingIdle -= moved
		if !p.deleted {
			p.idle += moved
		}
	})
}

// trimLater drops up to n idle instances above min_idle after the pool's
// idle timeout.
func (ws *workspace) trimLater(p *pool, at time.Time, n int) {
	ws.sched.at(at.Add(time.Duration(p.d.IdleInstanceAutoterminationMinutes)*time.Minute), func(time.Time) {
		excess := min(n, p.idle-p.d.MinIdleInstances)
		if excess > 0 {
			p.idle -= excess
		}
	})
}

func (ws *workspace) poolEdit(c *call) (any, error) {
	var req compute.EditInstancePool
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	p, err := ws.poolFor(c, req.InstancePoolId, levelManage)
	if err != nil {
		return nil, err
	}
	if req.NodeTypeId != p.d.NodeTypeId {
		return nil, errInvalidParam("node_type_id must match the pool's node type %s (is %q); it cannot be changed after creation.", p.d.NodeTypeId, req.NodeTypeId)
	}
	if req.CustomTags != nil && !maps.Equal(req.CustomTags, p.d.CustomTags) {
		return nil, errInvalidParam("custom_tags cannot be changed after creation. Editable fields: instance_pool_name, min_idle_instances, max_capacity, idle_instance_autotermination_minutes.")
	}
	if err := ws.checkPoolName(req.InstancePoolName, p.d.InstancePoolId); err != nil {
		return nil, err
	}
	if err := checkPoolSizes(req.MinIdleInstances, req.MaxCapacity, req.IdleInstanceAutoterminationMinutes); err != nil {
		return nil, err
	}
	p.d.InstancePoolName = req.InstancePoolName
	p.d.MinIdleInstances = req.MinIdleInstances
	p.d.MaxCapacity = req.MaxCapacity
	p.d.IdleInstanceAutoterminationMinutes = req.IdleInstanceAutoterminationMinutes
	if req.IdleInstanceAutoterminationMinutes == 0 && !containsField(req.ForceSendFields, "IdleInstanceAutoterminationMinutes") {
		p.d.IdleInstanceAutoterminationMinutes = defaultPoolIdleMinutes
	}
	ws.refill(p, c.now)
	if p.idle > p.d.MinIdleInstances {
		ws.trimLater(p, c.now, p.idle-p.d.MinIdleInstances)
	}
	return nil, nil
}

func (ws *workspace) poolDelete(c *call) (any, error) {
	var req compute.DeleteInstancePool
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	p, err := ws.poolFor(c, req.InstancePoolId, levelManage)
	if err != nil {
		return nil, err
	}
	// Idle instances go away; running clusters keep theirs until they end.
	p.deleted = true
	p.d.State = compute.InstancePoolStateDeleted
	p.idle, p.pendingIdle = 0, 0
	return nil, nil
}

func (ws *workspace) poolGet(c *call) (any, error) {
	p, err := ws.poolFor(c, c.query("instance_pool_id"), levelNone)
	if err != nil {
		return nil, err
	}
	j := ws.poolJSON(p)
	return compute.GetInstancePool{
		InstancePoolId: j.InstancePoolId, InstancePoolName: j.InstancePoolName, NodeTypeId: j.NodeTypeId,
		MinIdleInstances: j.MinIdleInstances, MaxCapacity: j.MaxCapacity,
		IdleInstanceAutoterminationMinutes: j.IdleInstanceAutoterminationMinutes, CustomTags: j.CustomTags,
		DefaultTags: j.DefaultTags, EnableElasticDisk: j.EnableElasticDisk, DiskSpec: j.DiskSpec,
		AzureAttributes: j.AzureAttributes, PreloadedSparkVersions: j.PreloadedSparkVersions,
		State: j.State, Stats: j.Stats, Status: j.Status, ForceSendFields: j.ForceSendFields,
	}, nil
}

func (ws *workspace) poolList(c *call) (any, error) {
	var out compute.ListInstancePools
	ids := make([]string, 0, len(ws.pools))
	for id, p := range ws.pools {
		if !p.deleted {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ws.pools[ids[i]].d.InstancePoolName < ws.pools[ids[j]].d.InstancePoolName })
	for _, id := range ids {
		out.InstancePools = append(out.InstancePools, ws.poolJSON(ws.pools[id]))
	}
	return out, nil
}

// poolNeeds is how many instances a starting cluster asks of each pool.
func poolNeeds(cl *cluster) map[string]int {
	need := map[string]int{}
	if cl.d.InstancePoolId != "" {
		need[cl.d.InstancePoolId] += cl.target
	}
	if cl.d.DriverInstancePoolId != "" {
		need[cl.d.DriverInstancePoolId]++
	}
	return need
}

// poolsTake reserves a starting cluster's instances. fromIdle reports that
// every instance was idle (a fast start).
func (ws *workspace) poolsTake(cl *cluster, at time.Time) (fromIdle bool, fail *compute.TerminationReason) {
	need := poolNeeds(cl)
	if len(need) == 0 {
		return false, nil
	}
	for id, n := range need {
		p := ws.pools[id]
		if p == nil || p.deleted {
			return false, userReason(compute.TerminationReasonCodeInstancePoolNotFound, compute.TerminationReasonTypeClientError,
				map[string]string{"instance_pool_id": id})
		}
		if short := n - p.idle; short > 0 && p.room() >= 0 && short > p.room() {
			return false, maxCapacityReason(p)
		}
	}
	fromIdle = true
	cl.poolHeld, cl.poolPending = map[string]int{}, map[string]int{}
	for id, n := range need {
		p := ws.pools[id]
		fromPoolIdle := min(n, p.idle)
		p.idle -= fromPoolIdle
		p.used += fromPoolIdle
		p.pendingUsed += n - fromPoolIdle
		cl.poolHeld[id] += n
		cl.poolPending[id] += n - fromPoolIdle
		if n > fromPoolIdle {
			fromIdle = false
		}
		ws.refill(p, at)
	}
	return fromIdle, nil
}

func maxCapacityReason(p *pool) *compute.TerminationReason {
	return userReason(compute.TerminationReasonCodeInstancePoolMaxCapacityReached, compute.TerminationReasonTypeClientError,
		map[string]string{"instance_pool_id": p.d.InstancePoolId, "instance_pool_max_capacity": strconv.Itoa(p.d.MaxCapacity)})
}

// poolsPromote marks a cluster's pending instances as in use.
func (ws *workspace) poolsPromote(cl *cluster) {
	for id, n := range cl.poolPending {
		if p := ws.pools[id]; p != nil {
			k := min(n, p.pendingUsed)
			p.pendingUsed -= k
			p.used += k
		}
	}
	cl.poolPending = map[string]int{}
}

// poolsReturn gives a stopping cluster's instances back as idle.
func (ws *workspace) poolsReturn(cl *cluster, at time.Time) {
	for id, n := range cl.poolHeld {
		p := ws.pools[id]
		if p == nil {
			continue
		}
		pending := cl.poolPending[id]
		p.pendingUsed = max(p.pendingUsed-pending, 0)
		p.used = max(p.used-(n-pending), 0)
		if !p.deleted {
			p.idle += n
			ws.trimLater(p, at, n)
		}
	}
	cl.poolHeld, cl.poolPending = nil, nil
}

// poolsResize adjusts a running cluster's worker instances by delta and
// reports how many workers were granted (negative when shrinking).
func (ws *workspace) poolsResize(cl *cluster, at time.Time, delta int) (int, *compute.TerminationReason) {
	id := cl.d.InstancePoolId
	p := ws.pools[id]
	if id == "" || p == nil {
		return delta, nil
	}
	if cl.poolHeld == nil {
		cl.poolHeld, cl.poolPending = map[string]int{}, map[string]int{}
	}
	if delta < 0 {
		k := min(-delta, cl.poolHeld[id])
		cl.poolHeld[id] -= k
		p.used = max(p.used-k, 0)
		if !p.deleted {
			p.idle += k
			ws.trimLater(p, at, k)
		}
		return delta, nil
	}
	if p.deleted {
		return 0, userReason(compute.TerminationReasonCodeInstancePoolNotFound, compute.TerminationReasonTypeClientError,
			map[string]string{"instance_pool_id": id})
	}
	avail := p.idle
	if r := p.room(); r < 0 {
		avail = delta
	} else {
		avail += r
	}
	grant := min(delta, avail)
	fromIdle := min(grant, p.idle)
	p.idle -= fromIdle
	p.used += fromIdle
	p.pendingUsed += grant - fromIdle
	cl.poolHeld[id] += grant
	cl.poolPending[id] += grant - fromIdle
	ws.refill(p, at)
	if grant < delta {
		return grant, maxCapacityReason(p)
	}
	return grant, nil
}
