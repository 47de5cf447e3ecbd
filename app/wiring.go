package app

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"runtime"
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
)

// The one place that builds the backend services from Deps and hands each
// facade the ones it calls. Facade files hold no constructors.

// New builds the facades.
func New(d Deps) *App {
	if d.Log == nil {
		d.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if d.Emitter == nil {
		d.Emitter = discardEmitter{}
	}
	d.Emitter = pageEmitter{d.Emitter}
	if d.Clients == nil {
		d.Clients = noClients{}
	}
	errs := NewErrorFormatter(errorRules()...)
	ctx, stop := context.WithCancel(context.Background())
	desktop := newDesktopServices(d.Transport, d.Log, d.Emitter)
	if d.Rates == nil {
		d.Rates = rates.NewStore("") // the built-in table only
	}
	if d.MetricsPrefs == nil {
		d.MetricsPrefs = metrics.NewPrefs("") // one copy: the list's $/h, the editor's estimate and the Metrics tab share the prices
	}
	ed := newEditor(d, errs)
	applier := newApplyService(d, ed.svc.Checker) // the same check the form shows, before anything is sent
	ed.svc.Apply = applier
	drafts := newDrafts(context.Background(), d, errs, applier)
	clusters := newClusters(ctx, d.Clients, d.Emitter, errs, desktop, d.PollTiming, rowPricer(d), d.Listed)
	if d.Notices == nil {
		d.Notices = notices.NewPrefs("")
	}
	clusters.notices = d.Notices
	if d.Session != nil {
		clusters.rejected = d.Session.MarkRejectedSince
	}
	fleet := newFleet(ctx, d, clusters)
	return &App{
		Shell:      newShell(d),
		Workspaces: newWorkspaces(d, errs),
		Clusters:   clusters,
		desktop:    desktop,
		transport:  d.Transport,
		stop:       stop,
		Drafts:     drafts,
		Editor:     ed,
		Operations: &Operations{svc: applier},
		Policies:   newPolicies(ctx, d),
		Pools:      newPools(ctx, d),
		Warehouses: newWarehouses(ctx, d),
		errors:     errs,
		log:        d.Log,

		Permissions: newPermissions(ctx, d),
		Libraries:   newLibraries(ctx, d),
		Runs:        newRuns(ctx, d, desktop, applier),
		Logs:        newLogs(ctx, d),
		Metrics:     newMetrics(ctx, d, clusters.pricesChanged),

		Notifications: &Notifications{prefs: d.Notices},
		Fleet:         fleet,
		Finder:        newFinder(d, clusters, fleet),
	}
}

func newPermissions(ctx context.Context, d Deps) *Permissions {
	return &Permissions{facade: facade{ctx: ctx}, svc: permissions.NewService(d.Clients)}
}

func newLibraries(ctx context.Context, d Deps) *Libraries {
	return &Libraries{facade: facade{ctx: ctx}, svc: libraries.NewService(d.Clients)}
}

func newLogs(ctx context.Context, d Deps) *Logs {
	return &Logs{facade: facade{ctx: ctx}, svc: logs.NewService(d.Clients), files: d.Files}
}

// newRuns checks a draft's spec with the apply service before a run's
// cluster is made from it, as the editor's create does.
func newRuns(ctx context.Context, d Deps, desktop desktopServices, applier *apply.Service) *Runs {
	r := &Runs{facade: facade{ctx: ctx}, svc: runs.NewService(d.Clients, applier), desktop: desktop}
	if d.Drafts != nil {
		r.drafts = d.Drafts
	}
	return r
}

func newMetrics(ctx context.Context, d Deps, pricesChanged func(ws string)) *Metrics {
	svc := metrics.NewService(d.Clients, d.MetricsPrefs)
	if d.Manager != nil {
		svc.DefaultWarehouse = func(ws string) string {
			p, err := d.Manager.Get(ws)
			if err != nil {
				return ""
			}
			return p.WarehouseID
		}
	}
	if d.Rates != nil {
		svc.Rates = d.Rates.Table
	}
	return &Metrics{facade: facade{ctx: ctx}, svc: svc, pricesChanged: pricesChanged}
}

func newWarehouses(ctx context.Context, d Deps) *Warehouses {
	w := &Warehouses{session: d.Session, ctx: ctx, files: d.Files}
	if d.Catalog != nil && d.Session != nil {
		w.svc = warehouses.NewService(d.Catalog, d.Clients, nil).WithPricer(warehousePricer(d))
	}
	return w
}

// warehousePricer estimates a warehouse's $/h from the rate table's
// warehouse sizes and the workspace's prices per DBU (the Warehouses page
// and the Fleet share it).
func warehousePricer(d Deps) *warehouses.Pricer {
	return &warehouses.Pricer{Rates: d.Rates.Table, Prices: d.MetricsPrefs.Prices}
}

func newPools(ctx context.Context, d Deps) *Pools {
	wired := d.Catalog != nil && d.Session != nil
	p := &Pools{facade: facade{ctx: ctx, known: knownIn(d.Session, wired)}, files: d.Files}
	if wired {
		p.svc = pools.NewService(d.Catalog, nil).WithClients(d.Clients).WithProfiles(d.Session.List)
	}
	return p
}

func newPolicies(ctx context.Context, d Deps) *Policies {
	p := &Policies{facade: facade{ctx: ctx, known: knownIn(d.Session, d.Catalog != nil)},
		session: d.Session, catalog: d.Catalog, emit: d.Emitter, files: d.Files}
	if d.Catalog != nil {
		p.svc = policies.NewService(d.Catalog, nil).Connect(d.Clients, d.Catalog).WithRates(d.Rates.Table)
	}
	return p
}

func newShell(d Deps) *Shell {
	return &Shell{
		info: AppInfo{Name: "Clusterdeck", Version: d.Version,
			Platform: runtime.GOOS + "/" + runtime.GOARCH, Transport: d.Transport},
		log: d.Log,
	}
}

func newClusters(ctx context.Context, src clusters.ClientSource, emit Emitter, errs *ErrorFormatter, desktop desktopServices,
	timing clusters.PollTiming, pricer clusters.Pricer, listed func()) *Clusters {
	c := &Clusters{facade: facade{ctx: ctx}, emit: emit, errors: errs, desktop: desktop}
	c.svc = clusters.NewService(ctx, clusters.Options{Clients: src, Sink: clusterSink{c}, Timing: timing, Pricer: pricer,
		Listed: listed})
	return c
}

// rowPricer estimates the list's $/h from the cached catalog, the rate
// table and the workspace's prices per DBU.
func rowPricer(d Deps) clusters.Pricer {
	return &metrics.RowPricer{Rates: d.Rates.Table, Prefs: d.MetricsPrefs,
		Catalog: func(ws string) (catalog.Snapshot, error) {
			if d.Catalog == nil {
				return catalog.Snapshot{}, errNoCatalog
			}
			return d.Catalog.Cache().Load(ws)
		}}
}

func newEditor(d Deps, errs *ErrorFormatter) *Editor {
	cfg := editor.Config{Session: d.Session, Clients: editor.Clients(d.Clients.Client), Catalog: d.Catalog,
		Rates: d.Rates, Prices: d.MetricsPrefs.Prices}
	return &Editor{facade: facade{ctx: context.Background()}, svc: editor.NewService(cfg), rates: d.Rates, errors: errs}
}

// newDrafts wires the drafts service to the apply service the editor uses.
// Its checker reads the catalog cache only: a draft's check never touches
// the network (the editor's may fetch a catalog not cached yet).
func newDrafts(ctx context.Context, d Deps, errs *ErrorFormatter, applier *apply.Service) *Drafts {
	cfg := drafts.Config{Store: d.Drafts, Apply: applier, Clients: drafts.Clients(d.Clients.Client)}
	var snaps check.Snapshots
	if d.Catalog != nil {
		cache := d.Catalog.Cache()
		snaps, cfg.Catalog = check.CacheSnapshots(cache), cache.Load
		cfg.Fetch = func(ctx context.Context, workspaceID string) error {
			w, err := d.Clients.Client(ctx, workspaceID)
			if err != nil {
				return err
			}
			_, err = cache.Refresh(ctx, workspaceID, w, time.Now)
			return err
		}
	}
	cfg.Checker = check.New(snaps, d.Rates)
	if d.Session != nil {
		cfg.Workspaces = d.Session.List
	}
	return &Drafts{facade: facade{ctx: ctx}, svc: drafts.NewService(cfg), store: d.Drafts, files: d.Files, errors: errs}
}

func newWorkspaces(d Deps, errs *ErrorFormatter) *Workspaces {
	w := &Workspaces{session: d.Session, manager: d.Manager, catalog: d.Catalog,
		emit: d.Emitter, errors: errs, ctx: context.Background()}
	if d.Session != nil {
		d.Session.Subscribe(w.statusChanged)
		var refresher session.CatalogRefresher
		var cache session.CatalogCache
		if d.Catalog != nil {
			refresher, cache = d.Catalog, d.Catalog
		}
		monitor := session.NewMonitor(d.Session, refresher, session.MonitorOptions{OnCatalog: w.catalogRefreshed})
		w.loop = session.NewLoop(monitor, d.NetworkEvents, d.Log)
		if d.Manager != nil {
			// Every call tells the monitor how it went: a failed poll,
			// action or catalog read marks the workspace offline at once.
			d.Manager.SetObserver(monitor.Observe)
			w.changes = session.NewChanges(d.Session, d.Manager, cache, d.ResetDemo)
		}
	}
	return w
}

func newDesktopServices(transport string, log *slog.Logger, emit Emitter) desktopServices {
	if transport == "desktop" {
		return &wailsServices{log: log, emit: emit}
	}
	return &headlessServices{log: log}
}

// newApplyService builds the one apply service the editor and the drafts
// share, reporting each operation's steps under apply:progress:<id>.
func newApplyService(d Deps, checker apply.SpecChecker) *apply.Service {
	clients := func(ctx context.Context, workspaceID string) (*workspaceapi.Client, error) {
		if d.Session != nil {
			if _, err := d.Session.Status(workspaceID); err != nil {
				return nil, err
			}
		}
		return d.Clients.Client(ctx, workspaceID)
	}
	emit := func(ev apply.ProgressEvent) { d.Emitter.Emit(Scoped(EventApplyProgress, ev.OperationID), ev) }
	return apply.NewService(clients, checker, d.Session, apply.InteractiveBudgets(), emit)
}

var errNoCatalog = errors.New("no catalog cache")

// newFleet assembles the Fleet page's service from the clusters service's
// listings, the switcher's workspaces and their cached catalogs.
func newFleet(ctx context.Context, d Deps, c *Clusters) *Fleet {
	cfg := fleet.Config{Listings: c.svc, Rates: d.Rates.Table, Warehouses: warehousePricer(d)}
	if d.Session != nil {
		cfg.Workspaces = func() []fleet.Named {
			var out []fleet.Named
			for _, p := range d.Session.List() {
				out = append(out, fleet.Named{ID: p.ID, Name: p.Name})
			}
			return out
		}
	}
	if d.Catalog != nil {
		cfg.Ensure = func(ctx context.Context, ws string) { _, _ = d.Catalog.Ensure(ctx, ws) }
		cfg.Catalog = d.Catalog.Cache().Load
	}
	return &Fleet{facade: facade{ctx: ctx}, svc: fleet.NewService(cfg), files: d.Files}
}

// newFinder reads the same sources as the Fleet page: the clusters
// service's last listings and each workspace's cached catalog.
func newFinder(d Deps, c *Clusters, f *Fleet) *Finder {
	src := finder.Sources{Clusters: c.svc.Fleet}
	if d.Catalog != nil {
		src.Catalog = d.Catalog.Cache().Load
	}
	return &Finder{src: src, ids: f.svc.IDs}
}
