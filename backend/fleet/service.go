package fleet

import (
	"context"
	"sync"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/clusters"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/warehouses"
)

// Listings is what the fleet reads of the clusters service: the last good
// listing of each workspace, and the pollers that keep them fresh.
type Listings interface {
	Fleet(workspaceIDs []string) []clusters.Listed
	WatchFleet(workspaceIDs []string)
}

// Named is a workspace as the switcher lists it.
type Named struct{ ID, Name string }

// Config is what the service is built from; nil funcs mean "none".
type Config struct {
	Listings   Listings
	Workspaces func() []Named // the open workspaces, in the switcher's order
	// Ensure fetches a workspace's catalog once when none is cached (the
	// rows' $/h need its node types); Catalog reads the cache only.
	Ensure  func(ctx context.Context, workspaceID string)
	Catalog func(workspaceID string) (catalog.Snapshot, error)
	Rates   func() policyeval.RateTable // the user's DBU rate table
	// Without Catalog or Rates no cluster is checked against its policy.
	// Warehouses prices the SQL warehouses of the cached catalog (nil: they
	// are listed without an estimate); without Catalog there are none.
	Warehouses *warehouses.Pricer
	// Use reads running warehouses' query history for their flags (nil:
	// those flags are never raised).
	Use UseReader
	Now func() time.Time
}

// Service assembles the Fleet page from every workspace's listings and
// cached catalogs, and starts and stops the pollers behind it.
type Service struct {
	cfg Config
	// bg holds the catalog fetches Watch started: they write the cache, so
	// Close waits for them (nothing writes after it).
	bg sync.WaitGroup
	// use keeps the running warehouses' use, read while the page is open
	// (watching: Watch's context; nil when closed).
	use      *useCache
	mu       sync.Mutex
	watching context.Context
	stop     context.CancelFunc // ends watching's reads: the page closed
}

// NewService fills in the missing parts of cfg with "nothing".
func NewService(cfg Config) *Service {
	if cfg.Workspaces == nil {
		cfg.Workspaces = func() []Named { return nil }
	}
	if cfg.Ensure == nil {
		cfg.Ensure = func(context.Context, string) {}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	s := &Service{cfg: cfg}
	if cfg.Use != nil {
		s.use = newUseCache(cfg.Use)
	}
	return s
}

// IDs are the open workspaces' ids.
func (s *Service) IDs() []string {
	var out []string
	for _, w := range s.cfg.Workspaces() {
		out = append(out, w.ID)
	}
	return out
}

// Watch keeps every workspace's compute listed while the page is open, and
// fetches the catalog of any workspace that has none cached yet (an
// offline workspace just has no estimate). The fetches end with ctx.
func (s *Service) Watch(ctx context.Context) {
	ids := s.IDs()
	s.mu.Lock()
	if s.stop != nil {
		s.stop()
	}
	s.watching, s.stop = context.WithCancel(ctx)
	ctx = s.watching
	s.mu.Unlock()
	for _, ws := range ids {
		s.bg.Add(1)
		go func() {
			defer s.bg.Done()
			s.cfg.Ensure(ctx, ws)
		}()
	}
	s.cfg.Listings.WatchFleet(ids)
}

// Unwatch stops the fleet's pollers: the page closed.
func (s *Service) Unwatch() {
	s.mu.Lock()
	if s.stop != nil {
		s.stop() // the history reads still queued give up
	}
	s.watching, s.stop = nil, nil
	s.mu.Unlock()
	s.cfg.Listings.WatchFleet(nil)
}

// Close waits for the catalog fetches and history reads Watch started
// (they end with its context, or when the page closes: Unwatch).
func (s *Service) Close() {
	s.mu.Lock() // View starts reads under it: none starts once the wait began
	defer s.mu.Unlock()
	s.bg.Wait()
}

// View builds the page from every workspace's last lists; groupBy is
// "workspace", "creator" or "tag:<key>". It returns the tag keys the rows
// can be grouped by too.
func (s *Service) View(groupBy string) (View, []string) {
	v := Build(s.workspaces(), groupBy, s.cfg.Now())
	return v, TagKeys(v.Rows)
}

// CSV is the fleet as the export writes it.
func (s *Service) CSV(groupBy string) []byte {
	return CSV(Build(s.workspaces(), groupBy, s.cfg.Now()))
}

func (s *Service) workspaces() []Workspace {
	named := s.cfg.Workspaces()
	ids := make([]string, 0, len(named))
	for _, n := range named {
		ids = append(ids, n.ID)
	}
	listed := map[string][]clusters.Listed{}
	for _, l := range s.cfg.Listings.Fleet(ids) {
		listed[l.Workspace] = append(listed[l.Workspace], l)
	}
	out := make([]Workspace, 0, len(named))
	for _, n := range named {
		ws := Workspace{ID: n.ID, Name: n.Name, Listed: listed[n.ID]}
		if s.cfg.Catalog == nil {
			out = append(out, ws)
			continue
		}
		// The cache only, never the workspace: the page reads it on each view.
		if snap, err := s.cfg.Catalog(n.ID); err == nil {
			if s.cfg.Rates != nil {
				ws.OverPolicy = NewPolicySize(snap, s.cfg.Rates()).Check
			}
			ws.Warehouses, ws.WarehousesAt = s.warehouses(n.ID, snap), snap.Warehouses.FetchedAt
			ws.Use = s.warehouseUse(n.ID, ws.Warehouses)
		}
		out = append(out, ws)
	}
	return out
}

// warehouses are the cached warehouses of a workspace, priced.
func (s *Service) warehouses(ws string, snap catalog.Snapshot) []warehouses.WarehouseView {
	out := make([]warehouses.WarehouseView, 0, len(snap.Warehouses.Items))
	for _, w := range snap.Warehouses.Items {
		out = append(out, warehouses.View(w))
	}
	s.cfg.Warehouses.Price(ws, out)
	return out
}

// warehouseUse is the running warehouses' use as last read; while the page
// is open it starts the reads that are due (in the background: the view
// never waits on the workspace).
func (s *Service) warehouseUse(ws string, whs []warehouses.WarehouseView) map[string]Use {
	if s.use == nil {
		return nil
	}
	var running []string
	out := map[string]Use{}
	for _, w := range whs {
		if w.State == "RUNNING" {
			running = append(running, w.ID)
			out[w.ID] = s.use.get(ws, w.ID)
		}
	}
	// Under the lock: Close takes it before it waits, so no read starts
	// after the wait began.
	s.mu.Lock()
	if ctx := s.watching; ctx != nil && ctx.Err() == nil {
		s.use.refresh(ctx, &s.bg, ws, running, s.cfg.Now())
	}
	s.mu.Unlock()
	return out
}
