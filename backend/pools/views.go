package pools

import (
	"sort"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
)

// PoolView is one instance pool as the Pools page lists it.
type PoolView struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	NodeTypeID  string `json:"nodeTypeId"`
	State       string `json:"state"` // ACTIVE, STOPPED, DELETED
	MinIdle     int    `json:"minIdle"`
	MaxCapacity int    `json:"maxCapacity"` // 0: no limit
	// IdleMinutes: idle instances above MinIdle are released after this long.
	IdleMinutes int  `json:"idleMinutes"`
	HasStats    bool `json:"hasStats"` // the counts below are known
	Idle        int  `json:"idle"`
	Used        int  `json:"used"`
	PendingIdle int  `json:"pendingIdle"`
	PendingUsed int  `json:"pendingUsed"`
	// Runtimes are preloaded on the pool's instances.
	Runtimes []string          `json:"runtimes"`
	Tags     map[string]string `json:"tags"`
	// Clusters use the pool (workers, driver or both); empty when unknown.
	Clusters []ClusterRef `json:"clusters"`
	Actions  []Action     `json:"actions"`
}

// ClusterRef is a cluster that uses a pool, linked from the pool's row.
type ClusterRef struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	State string `json:"state"`
	Role  string `json:"role"` // "workers", "driver" or "workers and driver"
}

// ListView is the Pools page of one workspace.
type ListView struct {
	Cache catalog.ListingCache `json:"cache"`
	Pools []PoolView           `json:"pools"`
	// Live: listed from the workspace now (else from the cache). Pending:
	// some pool is acquiring instances, so the page polls faster.
	Live        bool `json:"live"`
	Pending     bool `json:"pending"`
	NextPollSec int  `json:"nextPollSec"`
}

func listView(cache catalog.ListingCache, pools []compute.InstancePoolAndStats) ListView {
	out := ListView{Cache: cache, Pools: make([]PoolView, 0, len(pools))}
	for _, p := range pools {
		out.Pools = append(out.Pools, View(p))
	}
	sort.SliceStable(out.Pools, func(i, j int) bool {
		return strings.ToLower(out.Pools[i].Name) < strings.ToLower(out.Pools[j].Name)
	})
	return out
}

// View is one pool as the page shows it; the API's pool is not changed.
func View(p compute.InstancePoolAndStats) PoolView {
	v := PoolView{ID: p.InstancePoolId, Name: p.InstancePoolName, NodeTypeID: p.NodeTypeId, State: string(p.State),
		MinIdle: p.MinIdleInstances, MaxCapacity: p.MaxCapacity, IdleMinutes: p.IdleInstanceAutoterminationMinutes,
		Runtimes: append([]string{}, p.PreloadedSparkVersions...), Tags: map[string]string{},
		Clusters: []ClusterRef{}, Actions: Actions(p.State)}
	for k, val := range p.CustomTags {
		v.Tags[k] = val
	}
	if s := p.Stats; s != nil {
		v.HasStats = true
		v.Idle, v.Used, v.PendingIdle, v.PendingUsed = s.IdleCount, s.UsedCount, s.PendingIdleCount, s.PendingUsedCount
	}
	return v
}
