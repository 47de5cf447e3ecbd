// Package finder lists what the command palette can open in every
// workspace, from what the app already holds: each workspace's last cluster
// listing (the clusters service's pollers, kept while the app runs) and its
// cached catalog on disk (pools, policies, SQL warehouses; there even
// offline). It calls no
// workspace: the palette must answer at once.
package finder

import (
	"sort"
	"strings"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/clusters"
)

// Kind is what an entry opens.
type Kind string

// Kinds.
const (
	Cluster   Kind = "cluster"
	Pool      Kind = "pool"
	Policy    Kind = "policy"
	Warehouse Kind = "warehouse"
)

// Entry is one thing the palette can open, in its workspace.
type Entry struct {
	Kind      Kind   `json:"kind"`
	Workspace string `json:"workspace"`
	ID        string `json:"id"`
	Name      string `json:"name"`
	// Detail is a word on it: a cluster's state ("running").
	Detail string `json:"detail,omitempty"`
}

// Sources are where the entries come from.
type Sources struct {
	// Clusters is each workspace view's last listed rows (clusters.Service.Fleet).
	Clusters func(wss []string) []clusters.Listed
	// Catalog is a workspace's cached catalog; an error means none is cached.
	Catalog func(ws string) (catalog.Snapshot, error)
}

// Index is every all-purpose cluster, pool, policy and SQL warehouse known for the
// workspaces wss, in their order, each kind by name. Job clusters are left
// out: thousands of run-named clusters would drown the names people type.
func Index(src Sources, wss []string) []Entry {
	var out []Entry
	listed := map[string][]clusters.Row{}
	if src.Clusters != nil {
		for _, l := range src.Clusters(wss) {
			if l.View == clusters.ViewAllPurpose {
				listed[l.Workspace] = l.Rows
			}
		}
	}
	for _, ws := range wss {
		var mine []Entry
		for _, r := range listed[ws] {
			mine = append(mine, Entry{Kind: Cluster, Workspace: ws, ID: r.ID, Name: r.Name, Detail: strings.ToLower(r.State)})
		}
		if snap, err := catalogOf(src, ws); err == nil {
			for _, p := range snap.Pools.Items {
				mine = append(mine, Entry{Kind: Pool, Workspace: ws, ID: p.InstancePoolId, Name: p.InstancePoolName})
			}
			for _, p := range snap.Policies.Items {
				mine = append(mine, Entry{Kind: Policy, Workspace: ws, ID: p.PolicyId, Name: p.Name})
			}
			for _, w := range snap.Warehouses.Items {
				mine = append(mine, Entry{Kind: Warehouse, Workspace: ws, ID: w.Id, Name: w.Name, Detail: strings.ToLower(string(w.State))})
			}
		}
		sort.SliceStable(mine, func(i, j int) bool {
			if mine[i].Kind != mine[j].Kind {
				return mine[i].Kind < mine[j].Kind
			}
			return mine[i].Name < mine[j].Name
		})
		out = append(out, mine...)
	}
	return out
}

func catalogOf(src Sources, ws string) (catalog.Snapshot, error) {
	if src.Catalog == nil {
		return catalog.Snapshot{}, catalog.ErrNotCached
	}
	return src.Catalog(ws)
}
