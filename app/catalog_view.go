package app

import (
	"errors"
	"sort"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/policy"
	"github.com/clusterdeck/clusterdeck/backend/session"
)

// Catalog is the facade of the read-only Pools and Policies pages. It reads
// the workspace's catalog cache only, so both pages work offline and say how
// old what they show is; Workspaces.RefreshCatalog fetches it anew.
type Catalog struct {
	session *session.Session
	catalog *catalog.Refresher
	now     func() time.Time
}

func newCatalog(d Deps) *Catalog {
	return &Catalog{session: d.Session, catalog: d.Catalog, now: time.Now}
}

// ListingCache says where a listing comes from and how fresh it is.
type ListingCache struct {
	WorkspaceID string `json:"workspaceId"`
	Cached      bool   `json:"cached"`     // this listing was fetched at least once
	FetchedAt   string `json:"fetchedAt"`  // RFC 3339, "" when never fetched
	AgeSeconds  int64  `json:"ageSeconds"` // how old the listing is
	Offline     bool   `json:"offline"`    // the last refresh could not reach the workspace
	Refreshing  bool   `json:"refreshing"`
	Error       string `json:"error"` // why the last refresh of this listing failed, if it did
}

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
}

// PoolsView is the Pools page of one workspace.
type PoolsView struct {
	Cache ListingCache `json:"cache"`
	Pools []PoolView   `json:"pools"`
}

// PolicyView is one cluster policy as the Policies page lists it.
type PolicyView struct {
	Info policy.Info `json:"info"`
	// Problem is set when the definition cannot be read; Info then holds only
	// the name, id and description.
	Problem string `json:"problem"`
}

// PoliciesView is the Policies page of one workspace.
type PoliciesView struct {
	Cache    ListingCache `json:"cache"`
	Policies []PolicyView `json:"policies"`
}

func (c *Catalog) ready(workspaceID string) error {
	if c.session == nil || c.catalog == nil {
		return errNotWired
	}
	_, err := c.session.Status(workspaceID)
	return err
}

// load reads the cache; a workspace never fetched is an empty snapshot.
func (c *Catalog) load(workspaceID string) (catalog.Snapshot, catalog.Status, error) {
	snap, err := c.catalog.Cache().Load(workspaceID)
	if err != nil && !errors.Is(err, catalog.ErrNotCached) {
		return catalog.Snapshot{}, catalog.Status{}, err
	}
	return snap, c.catalog.Status(workspaceID), nil
}

func (c *Catalog) cacheInfo(workspaceID string, fetchedAt time.Time, sectionErr string, st catalog.Status) ListingCache {
	info := ListingCache{WorkspaceID: workspaceID, Cached: !fetchedAt.IsZero(), FetchedAt: rfc3339(fetchedAt),
		Offline: st.Offline, Refreshing: st.Refreshing, Error: sectionErr}
	if info.Cached {
		info.AgeSeconds = max(0, int64(c.now().Sub(fetchedAt)/time.Second))
	}
	return info
}

// Pools lists the workspace's instance pools from the cache, by name.
func (c *Catalog) Pools(workspaceID string) (PoolsView, error) {
	if err := c.ready(workspaceID); err != nil {
		return PoolsView{}, err
	}
	snap, st, err := c.load(workspaceID)
	if err != nil {
		return PoolsView{}, err
	}
	out := PoolsView{Cache: c.cacheInfo(workspaceID, snap.Pools.FetchedAt, snap.Pools.Error, st), Pools: []PoolView{}}
	for _, p := range snap.Pools.Items {
		out.Pools = append(out.Pools, poolView(p))
	}
	sort.SliceStable(out.Pools, func(i, j int) bool {
		return strings.ToLower(out.Pools[i].Name) < strings.ToLower(out.Pools[j].Name)
	})
	return forPage(out), nil
}

func poolView(p compute.InstancePoolAndStats) PoolView {
	v := PoolView{ID: p.InstancePoolId, Name: p.InstancePoolName, NodeTypeID: p.NodeTypeId, State: string(p.State),
		MinIdle: p.MinIdleInstances, MaxCapacity: p.MaxCapacity, IdleMinutes: p.IdleInstanceAutoterminationMinutes,
		Runtimes: append([]string{}, p.PreloadedSparkVersions...), Tags: map[string]string{}}
	for k, val := range p.CustomTags {
		v.Tags[k] = val
	}
	if s := p.Stats; s != nil {
		v.HasStats = true
		v.Idle, v.Used, v.PendingIdle, v.PendingUsed = s.IdleCount, s.UsedCount, s.PendingIdleCount, s.PendingUsedCount
	}
	return v
}

// Policies lists every cluster policy the cache holds (all-purpose and
// job-only alike), by name, with the rules of each definition.
func (c *Catalog) Policies(workspaceID string) (PoliciesView, error) {
	if err := c.ready(workspaceID); err != nil {
		return PoliciesView{}, err
	}
	snap, st, err := c.load(workspaceID)
	if err != nil {
		return PoliciesView{}, err
	}
	out := PoliciesView{Cache: c.cacheInfo(workspaceID, snap.Policies.FetchedAt, snap.Policies.Error, st),
		Policies: []PolicyView{}}
	for _, p := range snap.Policies.Items {
		out.Policies = append(out.Policies, policyView(p))
	}
	sort.SliceStable(out.Policies, func(i, j int) bool {
		return strings.ToLower(out.Policies[i].Info.Name) < strings.ToLower(out.Policies[j].Info.Name)
	})
	return forPage(out), nil
}

func policyView(p compute.Policy) PolicyView {
	parsed, err := policy.FromAPI(p, nil)
	if err != nil {
		// Still listed: a policy the user can see should not vanish because
		// its definition is malformed.
		return PolicyView{Info: policy.Info{ID: p.PolicyId, Name: p.Name, Description: p.Description,
			FamilyID: p.PolicyFamilyId, MaxClustersPerUser: p.MaxClustersPerUser, Libraries: []policy.LibraryView{},
			ClusterTypes: []policy.ClusterType{}, Constraints: []policy.FieldConstraint{}}, Problem: err.Error()}
	}
	return PolicyView{Info: parsed.Info()}
}
