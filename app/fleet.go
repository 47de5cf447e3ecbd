package app

import (
	"context"
	"sync"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/clusters"
	"github.com/clusterdeck/clusterdeck/backend/fleet"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Fleet is the Fleet page: the compute running in every workspace at once.
type Fleet struct {
	ctx      context.Context
	clusters *clusters.Service
	// ensure fetches a workspace's catalog once when none is cached: the
	// rows' $/h need its node types.
	ensure func(ctx context.Context, ws string)
	list   func() []workspaces.Profile
	// catalog is a workspace's cached catalog (policies, node types, pools)
	// and rates the DBU rate table: the size-against-policy flag needs both.
	catalog func(ws string) (catalog.Snapshot, error)
	rates   func() policyeval.RateTable
	files   FileSaver
	now     func() time.Time
	// bg holds the catalog fetches Watch started: they write the cache,
	// so Shutdown waits for them (nothing writes after it).
	bg sync.WaitGroup
}

// FleetView is the page: the fleet and the tag keys it can be grouped by.
type FleetView struct {
	Fleet   fleet.View `json:"fleet"`
	TagKeys []string   `json:"tagKeys"`
}

// FleetSaved is a CSV export: where it went (desktop), or its text (bridge).
type FleetSaved struct {
	FileName string `json:"fileName"`
	Path     string `json:"path"`
	Saved    bool   `json:"saved"`
	Content  string `json:"content"`
}

func newFleet(ctx context.Context, d Deps, c *Clusters) *Fleet {
	list := func() []workspaces.Profile { return nil }
	if d.Session != nil {
		list = d.Session.List // the workspaces the switcher shows
	}
	ensure := func(context.Context, string) {}
	if d.Catalog != nil {
		ensure = func(ctx context.Context, ws string) { _, _ = d.Catalog.Ensure(ctx, ws) }
	}
	snapshot := func(string) (catalog.Snapshot, error) { return catalog.Snapshot{}, errNoCatalog }
	if d.Catalog != nil {
		snapshot = d.Catalog.Cache().Load
	}
	return &Fleet{ctx: ctx, clusters: c.svc, list: list, files: d.Files, now: time.Now, ensure: ensure,
		catalog: snapshot, rates: d.Rates.Table}
}

func (f *Fleet) ids() []string {
	var out []string
	for _, p := range f.list() {
		out = append(out, p.ID)
	}
	return out
}

// Watch keeps every workspace's compute listed while the page is open (the
// clusters list's own pollers: one pass per view per interval).
func (f *Fleet) Watch() error {
	ids := f.ids()
	for _, ws := range ids {
		f.bg.Add(1)
		go func() {
			defer f.bg.Done()
			f.ensure(f.ctx, ws) // an offline workspace just has no estimate
		}()
	}
	f.clusters.WatchFleet(ids)
	return nil
}

// Unwatch: the page closed.
func (f *Fleet) Unwatch() error {
	f.clusters.WatchFleet(nil)
	return nil
}

// View builds the page from every workspace's last lists; groupBy is
// "workspace", "creator" or "tag:<key>".
func (f *Fleet) View(groupBy string) (FleetView, error) {
	v := fleet.Build(f.workspaces(), groupBy, f.now())
	return forPage(FleetView{Fleet: v, TagKeys: fleet.TagKeys(v.Rows)}), nil
}

// Export saves the fleet as CSV through the save dialog (the bridge, which
// has none, returns the text).
func (f *Fleet) Export(groupBy string) (FleetSaved, error) {
	data := fleet.CSV(fleet.Build(f.workspaces(), groupBy, f.now()))
	out := FleetSaved{FileName: "clusterdeck-fleet.csv"}
	if f.files == nil {
		out.Content = string(data)
		return out, nil
	}
	path, err := f.files.SaveFile(f.ctx, out.FileName, data)
	if err != nil {
		return out, err
	}
	out.Path, out.Saved = path, path != ""
	return out, nil
}

func (f *Fleet) workspaces() []fleet.Workspace {
	profiles := f.list()
	ids := make([]string, 0, len(profiles))
	for _, p := range profiles {
		ids = append(ids, p.ID)
	}
	listed := map[string][]clusters.Listed{}
	for _, l := range f.clusters.Fleet(ids) {
		listed[l.Workspace] = append(listed[l.Workspace], l)
	}
	out := make([]fleet.Workspace, 0, len(profiles))
	for _, p := range profiles {
		ws := fleet.Workspace{ID: p.ID, Name: p.Name, Listed: listed[p.ID]}
		if snap, err := f.catalog(p.ID); err == nil {
			ws.OverPolicy = fleet.NewPolicySize(snap, f.rates()).Check
		}
		out = append(out, ws)
	}
	return out
}
