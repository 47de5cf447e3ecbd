// Package app holds the thin facades the page calls. It is the only package
// that touches the Wails runtime; everything it calls lives in backend/.
package app

import (
	"context"
	"log/slog"

	"github.com/clusterdeck/clusterdeck/backend/services"
)

// Deps are what the facades are built from. main.go fills them in; New
// sets the Inputs' Sink, Progress and OnCatalog to the page's events.
type Deps struct {
	services.Inputs
	Version   string
	Transport string // "desktop" or "bridge": shown in About, nothing else
	Emitter   Emitter
	Files     FileSaver // the desktop save dialog (nil in the browser bridge)
}

// App owns the facades bound to the page.
type App struct {
	Shell      *Shell
	Workspaces *Workspaces
	Clusters   *Clusters
	desktop    desktopServices
	transport  string
	stop       context.CancelFunc
	Drafts     *Drafts
	Editor     *Editor
	Operations *Operations
	Policies   *Policies
	Pools      *Pools
	Warehouses *Warehouses // the SQL warehouses page
	errors     *ErrorFormatter
	log        *slog.Logger

	Permissions *Permissions // the Permissions panel (clusters, pools, policies)
	Libraries   *Libraries   // a cluster's Libraries tab
	Runs        *Runs        // a cluster's Runs tab
	Logs        *Logs        // a cluster's Driver logs tab
	Metrics     *Metrics     // a cluster's Metrics tab

	Notifications *Notifications // Settings: which news notifies
	Fleet         *Fleet         // the Fleet page: every workspace at once
	Finder        *Finder        // the command palette's names in every workspace
}

// Bindings is the one list of objects exposed to the page, used by both
// Wails' Bind and the browser bridge so the two cannot differ.
func (a *App) Bindings() []any {
	return []any{a.Shell, a.Workspaces, a.Clusters, a.Drafts, a.Editor, a.Operations, a.Permissions, a.Policies, a.Pools, a.Warehouses, a.Libraries, a.Runs, a.Logs, a.Metrics, a.Notifications, a.Fleet, a.Finder}
}

// FormatError is the ErrorFormatter handed to Wails and the bridge.
func (a *App) FormatError(err error) any { return a.errors.Format(err) }

// Startup runs once the transport is up.
func (a *App) Startup(ctx context.Context) {
	if a.transport == "desktop" { // ctx is Wails' own only in the window
		a.desktop.bind(ctx)
	}
	a.log.Info("clusterdeck started")
	a.Workspaces.start(ctx)
}

// Shutdown runs when the window closes or the process is asked to stop.
func (a *App) Shutdown(ctx context.Context) {
	a.log.Info("clusterdeck stopping")
	a.stop()
	a.Workspaces.loop.Stop() // waits: nothing writes into the data folders after
	a.Clusters.svc.Close()
	a.Fleet.svc.Close()
}

// discardEmitter is used when no transport listens (tests, headless tools).
type discardEmitter struct{}

func (discardEmitter) Emit(Event, ...any) {}
