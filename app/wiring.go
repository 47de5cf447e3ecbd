package app

import (
	"context"
	"io"
	"log/slog"
	"runtime"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/services"
)

// New builds the facades over the services backend/services builds from
// Deps, handing each facade the ones it calls. Facade files hold no constructors.
func New(d Deps) *App {
	if d.Log == nil {
		d.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if d.Emitter == nil {
		d.Emitter = discardEmitter{}
	}
	d.Emitter = pageEmitter{d.Emitter}
	errs := NewErrorFormatter(errorRules()...)
	ctx, stop := context.WithCancel(context.Background())
	desktop := newDesktopServices(d.Transport, d.Log, d.Emitter)
	clusters := &Clusters{facade: facade{ctx: ctx}, emit: d.Emitter, errors: errs, desktop: desktop}
	w := &Workspaces{session: d.Session, manager: d.Manager, catalog: d.Catalog, emit: d.Emitter, errors: errs,
		ctx: context.Background()}
	if d.Session != nil {
		d.Session.Subscribe(w.statusChanged) // listeners run in order: the page hears of a change before the monitor counts it
	}
	in := d.Inputs
	in.Sink, in.OnCatalog = clusterSink{clusters}, w.catalogRefreshed
	in.Progress = func(ev apply.ProgressEvent) { d.Emitter.Emit(Scoped(EventApplyProgress, ev.OperationID), ev) }
	s := services.Build(ctx, in)
	clusters.svc, clusters.notices = s.Clusters, s.Notices
	if d.Session != nil {
		clusters.rejected = d.Session.MarkRejectedSince
	}
	w.loop, w.changes = s.Loop, s.Changes
	at := func(known func(string) error) facade { return facade{ctx: ctx, known: known} }
	runs := &Runs{facade: at(nil), svc: s.Runs, desktop: desktop}
	if d.Drafts != nil {
		runs.drafts = d.Drafts
	}
	fleet := &Fleet{facade: at(nil), svc: s.Fleet, files: d.Files}
	return &App{
		Shell:      newShell(d),
		Workspaces: w,
		Clusters:   clusters,
		desktop:    desktop,
		transport:  d.Transport,
		stop:       stop,
		Drafts: &Drafts{facade: facade{ctx: context.Background()}, svc: s.Drafts, files: d.Files,
			errors: errs},
		Editor:     &Editor{facade: facade{ctx: context.Background()}, svc: s.Editor, rates: s.Rates, errors: errs},
		Operations: &Operations{svc: s.Apply},
		Policies: &Policies{facade: at(knownIn(d.Session, s.Policies != nil)), session: d.Session, catalog: d.Catalog,
			svc: s.Policies, emit: d.Emitter, files: d.Files},
		Pools:      &Pools{facade: at(knownIn(d.Session, s.Pools != nil)), svc: s.Pools, files: d.Files},
		Warehouses: &Warehouses{facade: at(knownIn(d.Session, s.Warehouses != nil)), files: d.Files, svc: s.Warehouses},
		errors:     errs,
		log:        d.Log,

		Permissions: &Permissions{facade: at(nil), svc: s.Permissions},
		Libraries:   &Libraries{facade: at(nil), svc: s.Libraries},
		Runs:        runs,
		Logs:        &Logs{facade: at(nil), svc: s.Logs, files: d.Files},
		Metrics:     &Metrics{facade: at(nil), svc: s.Metrics, pricesChanged: clusters.pricesChanged},

		Notifications: &Notifications{prefs: s.Notices},
		Fleet:         fleet,
		Finder:        &Finder{src: s.Finder, ids: s.Fleet.IDs},
	}
}

func newShell(d Deps) *Shell {
	return &Shell{
		info: AppInfo{Name: "Clusterdeck", Version: d.Version,
			Platform: runtime.GOOS + "/" + runtime.GOARCH, Transport: d.Transport},
		log: d.Log,
	}
}

func newDesktopServices(transport string, log *slog.Logger, emit Emitter) desktopServices {
	if transport == "desktop" {
		return &wailsServices{log: log, emit: emit}
	}
	return &headlessServices{log: log}
}
