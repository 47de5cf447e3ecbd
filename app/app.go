// Package app holds the thin facades the page calls. It is the only package
// that touches the Wails runtime; everything it calls lives in backend/.
package app

import (
	"context"
	"io"
	"log/slog"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/session"
)

// Deps are what the facades are built from. main.go fills them in.
type Deps struct {
	Version   string
	Transport string // "desktop" or "bridge": shown in About, nothing else
	Emitter   Emitter
	Log       *slog.Logger
	Session   *session.Session
	// Clients, Catalog and RatesFile serve the cluster editor.
	Clients   catalog.ClientFunc
	Catalog   *catalog.Refresher
	RatesFile string // the user's DBU rate table (policy.RateFileName under the config dir)
}

// App owns the facades bound to the page.
type App struct {
	Shell      *Shell
	Workspaces *Workspaces
	Editor     *Editor
	errors     *ErrorFormatter
	log        *slog.Logger
}

// New builds the facades.
func New(d Deps) *App {
	if d.Log == nil {
		d.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if d.Emitter == nil {
		d.Emitter = discardEmitter{}
	}
	errs := NewErrorFormatter(backendRules()...)
	return &App{
		Shell:      newShell(d),
		Workspaces: newWorkspaces(d.Session, d.Emitter, errs),
		Editor:     newEditor(d, errs),
		errors:     errs,
		log:        d.Log,
	}
}

// Bindings is the one list of objects exposed to the page, used by both
// Wails' Bind and the browser bridge so the two cannot differ.
func (a *App) Bindings() []any {
	return []any{a.Shell, a.Workspaces, a.Editor}
}

// FormatError is the ErrorFormatter handed to Wails and the bridge.
func (a *App) FormatError(err error) any { return a.errors.Format(err) }

// Startup runs once the transport is up.
func (a *App) Startup(ctx context.Context) {
	a.log.Info("clusterdeck started")
}

// Shutdown runs when the window closes or the process is asked to stop.
func (a *App) Shutdown(ctx context.Context) {
	a.log.Info("clusterdeck stopping")
}

// discardEmitter is used when no transport listens (tests, headless tools).
type discardEmitter struct{}

func (discardEmitter) Emit(string, ...any) {}
