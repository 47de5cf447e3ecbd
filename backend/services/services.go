// Package services is the one place that builds the backend services from
// the app's stores and directories and hands each the others it uses. The
// facades in app/ only receive them; main.go fills in Inputs (through app.Deps).
package services

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/check"
	"github.com/clusterdeck/clusterdeck/backend/clusters"
	"github.com/clusterdeck/clusterdeck/backend/drafts"
	"github.com/clusterdeck/clusterdeck/backend/editor"
	"github.com/clusterdeck/clusterdeck/backend/finder"
	"github.com/clusterdeck/clusterdeck/backend/fleet"
	"github.com/clusterdeck/clusterdeck/backend/libraries"
	"github.com/clusterdeck/clusterdeck/backend/logs"
	"github.com/clusterdeck/clusterdeck/backend/metrics"
	"github.com/clusterdeck/clusterdeck/backend/notices"
	"github.com/clusterdeck/clusterdeck/backend/permissions"
	"github.com/clusterdeck/clusterdeck/backend/policies"
	"github.com/clusterdeck/clusterdeck/backend/pools"
	"github.com/clusterdeck/clusterdeck/backend/rates"
	"github.com/clusterdeck/clusterdeck/backend/runs"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/warehouses"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Inputs are what the services are built from; nil parts mean "none" (tests
// and the bindings build leave most out).
type Inputs struct {
	Log     *slog.Logger
	Session *session.Session
	// Manager edits workspaces and their keychain secrets; Catalog is the
	// per-workspace cache; ResetDemo puts the demo server back to its seed.
	Manager   *workspaces.Manager
	Catalog   *catalog.Refresher
	ResetDemo func() error
	// Clients gives each workspace's SDK client (workspaces.Manager; nil:
	// every workspace is unknown).
	Clients clusters.ClientSource
	// PollTiming tunes the clusters pollers (zero: 5 s / 30 s).
	PollTiming clusters.PollTiming
	// Drafts is the local drafts store.
	Drafts *drafts.Store
	// Rates is the DBU rate table store (nil: the built-in table, not saved).
	Rates *rates.Store
	// Prices remembers the SQL warehouse and prices per DBU per workspace (nil: in memory).
	Prices *metrics.Prefs
	// Notices says which kinds of cluster news notify (nil: all, not saved).
	Notices *notices.Prefs
	// Listed is told when a full cluster listing ends (the desktop gives
	// the listing's garbage back to the OS then; nil: nothing).
	Listed func()
	// NetworkEvents runs until ctx ends, calling wake when the system says
	// the network changed or the machine woke (netwatch.System; nil: none).
	NetworkEvents session.NetworkEvents
	// Sink turns the clusters service's news into the page's events;
	// Progress reports each apply step; OnCatalog is told of each
	// background catalog refresh.
	Sink      clusters.Sink
	Progress  func(apply.ProgressEvent)
	OnCatalog func(id string, err error)
}

// Services are the built services. Those that need the catalog cache or the
// session are nil without them.
type Services struct {
	Inputs // with the defaults filled in
	Apply  *apply.Service
	Editor *editor.Service
	Drafts *drafts.Service

	Clusters    *clusters.Service
	Fleet       *fleet.Service
	Finder      finder.Sources
	Pools       *pools.Service
	Policies    *policies.Service
	Warehouses  *warehouses.Service
	Permissions *permissions.Service
	Libraries   *libraries.Service
	Logs        *logs.Service
	Runs        *runs.Service
	Metrics     *metrics.Service
	// Loop reconnects, follows network news and freshens; Changes edits
	// saved workspaces (both nil without a session; Changes without a manager).
	Loop    *session.Loop
	Changes *session.Changes
}

// Build builds every service; ctx ends the pollers (the app's shutdown).
func Build(ctx context.Context, in Inputs) *Services {
	s := &Services{Inputs: defaults(in)}
	in = s.Inputs
	s.Editor = editor.NewService(editor.Config{Session: in.Session, Clients: editor.Clients(in.Clients.Client),
		Catalog: in.Catalog, Rates: in.Rates, Prices: in.Prices.Prices})
	s.Apply = s.applier(s.Editor.Checker) // the same check the form shows, before anything is sent
	s.Editor.Apply = s.Apply
	s.Drafts = s.drafts()
	s.Clusters = clusters.NewService(ctx, clusters.Options{Clients: in.Clients, Sink: in.Sink, Timing: in.PollTiming,
		Pricer: s.rowPricer(), Listed: in.Listed})
	s.Finder = finder.Sources{Clusters: s.Clusters.Fleet}
	if in.Catalog != nil {
		s.Finder.Catalog = in.Catalog.Cache().Load
		s.Policies = policies.NewService(in.Catalog, nil).Connect(in.Clients, in.Catalog).WithRates(in.Rates.Table)
		if in.Session != nil {
			s.Pools = pools.NewService(in.Catalog, nil).WithClients(in.Clients).WithProfiles(in.Session.List)
			s.Warehouses = warehouses.NewService(in.Catalog, in.Clients, nil).WithPricer(s.warehousePricer())
		}
	}
	s.Fleet = s.fleet() // after the warehouses: it reads their history for flags
	s.Permissions = permissions.NewService(in.Clients)
	s.Libraries = libraries.NewService(in.Clients)
	s.Logs = logs.NewService(in.Clients)
	s.Runs = runs.NewService(in.Clients, s.Apply) // a draft's spec is checked before a run's cluster is made from it
	s.Metrics = s.metrics()
	s.Loop, s.Changes = s.session()
	return s
}

func defaults(in Inputs) Inputs {
	if in.Clients == nil {
		in.Clients = noClients{}
	}
	if in.Rates == nil {
		in.Rates = rates.NewStore("") // the built-in table only
	}
	if in.Prices == nil {
		in.Prices = metrics.NewPrefs("") // one copy: the list's $/h, the editor's estimate and the Metrics tab share the prices
	}
	if in.Notices == nil {
		in.Notices = notices.NewPrefs("")
	}
	if in.Log == nil {
		in.Log = slog.New(slog.DiscardHandler)
	}
	if in.Progress == nil {
		in.Progress = func(apply.ProgressEvent) {}
	}
	return in
}

// noClients answers when no workspace directory was wired (tests of other facades).
type noClients struct{}

func (noClients) Client(context.Context, string) (*workspaceapi.Client, error) {
	return nil, session.ErrUnknownWorkspace
}

// applier is the one apply service the editor, the drafts and the runs
// share, for open workspaces only.
func (s *Services) applier(checker apply.SpecChecker) *apply.Service {
	clients := func(ctx context.Context, workspaceID string) (*workspaceapi.Client, error) {
		if s.Session != nil {
			if _, err := s.Session.Status(workspaceID); err != nil {
				return nil, err
			}
		}
		return s.Clients.Client(ctx, workspaceID)
	}
	return apply.NewService(clients, checker, s.Session, apply.InteractiveBudgets(), s.Progress)
}

// drafts wires the drafts service to the apply service the editor uses.
// Its checker reads the catalog cache only: a draft's check never touches
// the network (the editor's may fetch a catalog not cached yet).
func (s *Services) drafts() *drafts.Service {
	cfg := drafts.Config{Store: s.Inputs.Drafts, Apply: s.Apply, Clients: drafts.Clients(s.Clients.Client)}
	var snaps check.Snapshots
	if s.Catalog != nil {
		cache := s.Catalog.Cache()
		snaps, cfg.Catalog = check.CacheSnapshots(cache), cache.Load
		cfg.Fetch = func(ctx context.Context, workspaceID string) error {
			w, err := s.Clients.Client(ctx, workspaceID)
			if err != nil {
				return err
			}
			_, err = cache.Refresh(ctx, workspaceID, w, time.Now)
			return err
		}
	}
	cfg.Checker = check.New(snaps, s.Rates)
	if s.Session != nil {
		cfg.Workspaces = s.Session.List
	}
	return drafts.NewService(cfg)
}

var errNoCatalog = errors.New("no catalog cache")

// rowPricer estimates the list's $/h from the cached catalog, the rate
// table and the workspace's prices per DBU.
func (s *Services) rowPricer() clusters.Pricer {
	return &metrics.RowPricer{Rates: s.Rates.Table, Prefs: s.Prices,
		Catalog: func(ws string) (catalog.Snapshot, error) {
			if s.Catalog == nil {
				return catalog.Snapshot{}, errNoCatalog
			}
			return s.Catalog.Cache().Load(ws)
		}}
}

// warehousePricer estimates a warehouse's $/h from the rate table's
// warehouse sizes and the workspace's prices per DBU (the Warehouses page
// and the Fleet share it).
func (s *Services) warehousePricer() *warehouses.Pricer {
	return &warehouses.Pricer{Rates: s.Rates.Table, Prices: s.Prices.Prices}
}

// fleet assembles the Fleet page's service from the clusters service's
// listings, the switcher's workspaces and their cached catalogs.
func (s *Services) fleet() *fleet.Service {
	cfg := fleet.Config{Listings: s.Clusters, Rates: s.Rates.Table, Warehouses: s.warehousePricer()}
	if s.Warehouses != nil {
		cfg.Use = s.Warehouses
	}
	if s.Session != nil {
		cfg.Workspaces = func() []fleet.Named {
			var out []fleet.Named
			for _, p := range s.Session.List() {
				out = append(out, fleet.Named{ID: p.ID, Name: p.Name})
			}
			return out
		}
	}
	if s.Catalog != nil {
		cfg.Ensure = func(ctx context.Context, ws string) { _, _ = s.Catalog.Ensure(ctx, ws) }
		cfg.Catalog = s.Catalog.Cache().Load
	}
	return fleet.NewService(cfg)
}

// metrics reads the warehouse a workspace's profile names when none was
// chosen; its picker offers the Warehouses page's own list.
func (s *Services) metrics() *metrics.Service {
	svc := metrics.NewService(s.Clients, s.Prices)
	if s.Warehouses != nil {
		svc.WarehouseList = s.Warehouses
	}
	if s.Manager != nil {
		svc.DefaultWarehouse = func(ws string) string {
			p, err := s.Manager.Get(ws)
			if err != nil {
				return ""
			}
			return p.WarehouseID
		}
	}
	svc.Rates = s.Rates.Table
	return svc
}

// session builds the reconnect loop over the session's monitor and the
// edits of saved workspaces.
func (s *Services) session() (*session.Loop, *session.Changes) {
	if s.Session == nil {
		return nil, nil
	}
	var refresher session.CatalogRefresher
	var cache session.CatalogCache
	if s.Catalog != nil {
		refresher, cache = s.Catalog, s.Catalog
	}
	monitor := session.NewMonitor(s.Session, refresher, session.MonitorOptions{OnCatalog: s.OnCatalog})
	loop := session.NewLoop(monitor, s.NetworkEvents, s.Log)
	if s.Manager == nil {
		return loop, nil
	}
	// Every call tells the monitor how it went: a failed poll, action or
	// catalog read marks the workspace offline at once.
	s.Manager.SetObserver(monitor.Observe)
	return loop, session.NewChanges(s.Session, s.Manager, cache, s.ResetDemo)
}
