package app

import (
	"context"
	"errors"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// ConnectionState mirrors session.State for the page (Wails generates a
// TypeScript enum from AllConnectionStates).
type ConnectionState string

const (
	ConnUnknown      ConnectionState = ConnectionState(session.StateUnknown)
	ConnChecking     ConnectionState = ConnectionState(session.StateChecking)
	ConnOnline       ConnectionState = ConnectionState(session.StateOnline)
	ConnOffline      ConnectionState = ConnectionState(session.StateOffline)
	ConnUnauthorized ConnectionState = ConnectionState(session.StateUnauthorized)
)

// AllConnectionStates is handed to Wails' EnumBind.
var AllConnectionStates = []struct {
	Value  ConnectionState
	TSName string
}{
	{ConnUnknown, "Unknown"}, {ConnChecking, "Checking"}, {ConnOnline, "Online"},
	{ConnOffline, "Offline"}, {ConnUnauthorized, "Unauthorized"},
}

// ConnectionView is the top bar's connection state for one workspace.
type ConnectionView struct {
	WorkspaceID string          `json:"workspaceId"`
	State       ConnectionState `json:"state"`
	User        string          `json:"user"`
	Error       *UIError        `json:"error,omitempty"`
	CheckedAt   string          `json:"checkedAt"`
	// Seq orders the views of a session: keep the one with the largest.
	Seq uint64 `json:"seq"`
}

// Workspaces is the facade for the workspace switcher and the Workspaces
// page: listing, switching, editing, importing, testing and the catalog
// cache of each workspace. No method ever returns a secret.
type Workspaces struct {
	session *session.Session
	manager *workspaces.Manager
	catalog *catalog.Refresher
	loop    *session.Loop    // reconnects, network news and freshening (nil, doing nothing: no session)
	changes *session.Changes // edits of saved workspaces, and what follows them
	emit    Emitter
	errors  *ErrorFormatter
	ctx     context.Context
}

// start runs the background reconnect and catalog loop until ctx ends.
func (w *Workspaces) start(ctx context.Context) {
	w.ctx = ctx
	w.loop.Start(ctx)
}

// statusChanged publishes every connection state change (checks started by
// the page or by the background monitor alike).
func (w *Workspaces) statusChanged(id string, st session.Status) {
	w.emit.Emit(Scoped(EventConnectionChanged, id), w.toConnectionView(id, st))
}

var errNotWired = errors.New("this part of Clusterdeck is not available in this build")

// List returns the open workspaces, the active one marked.
func (w *Workspaces) List() ([]workspaces.View, error) {
	return forPage(w.session.Views()), nil
}

// Select switches the active workspace. It answers from memory at once;
// the connection check and catalog refresh follow in the background.
func (w *Workspaces) Select(id string) (workspaces.View, error) {
	t, err := w.session.Select(id)
	if err != nil {
		return workspaces.View{}, err
	}
	w.emit.Emit(EventWorkspacesChanged)
	w.loop.Freshen(id) // brings it up to date behind the answer
	return workspaces.ViewOf(t, true), nil
}

// Status returns the last known connection state without network traffic.
func (w *Workspaces) Status(id string) (ConnectionView, error) {
	st, err := w.session.Status(id)
	if err != nil {
		return ConnectionView{}, err
	}
	return w.toConnectionView(id, st), nil
}

// Check contacts the workspace (current user) and publishes the result.
func (w *Workspaces) Check(id string) (ConnectionView, error) {
	st, err := w.session.Check(w.ctx, id)
	if err != nil {
		return ConnectionView{}, err
	}
	// statusChanged has published it already.
	return w.toConnectionView(id, st), nil
}

func (w *Workspaces) toConnectionView(id string, st session.Status) ConnectionView {
	v := ConnectionView{WorkspaceID: id, State: ConnectionState(st.State), User: st.User, Seq: st.Seq}
	if !st.CheckedAt.IsZero() {
		v.CheckedAt = st.CheckedAt.UTC().Format(time.RFC3339)
	}
	if st.Err != nil {
		e := w.uiError(st.Err)
		v.Error = &e
	}
	return v
}

// Catalog returns a workspace's cached catalog summary. It reads the disk
// cache only, so switching can paint it at once, even offline.
func (w *Workspaces) Catalog(id string) (catalog.Summary, error) {
	if err := knownIn(w.session, w.catalog != nil)(id); err != nil {
		return catalog.Summary{}, err
	}
	return w.catalog.Summary(id), nil
}

// Catalogs returns the cached catalog summary of every workspace.
func (w *Workspaces) Catalogs() ([]catalog.Summary, error) {
	if w.catalog == nil || w.session == nil {
		return nil, errNotWired
	}
	return forPage(w.catalog.Summaries(w.session.IDs())), nil
}

// RefreshCatalog fetches a workspace's catalog now and returns the result.
// The user waits for it (the Refresh button), so it is bounded by the probe
// timeout and starts with a reachability check: an unreachable workspace
// answers "cannot be reached" at once rather than after the SDK's retries.
func (w *Workspaces) RefreshCatalog(id string) (catalog.Summary, error) {
	err := knownIn(w.session, w.catalog != nil)(id)
	if err != nil {
		return catalog.Summary{}, err
	}
	if w.manager != nil {
		_, err = w.catalog.RefreshInteractive(w.ctx, id, w.manager.Factory().Options().ProbeTimeout,
			func(ctx context.Context) error { return w.manager.Reachable(ctx, id) })
	} else {
		_, err = w.catalog.RefreshNow(w.ctx, id)
	}
	view := w.catalog.Summary(id)
	w.emit.Emit(Scoped(EventCatalogChanged, id), view)
	return view, err
}

// catalogRefreshed publishes a background refresh.
func (w *Workspaces) catalogRefreshed(id string, _ error) {
	if w.catalog != nil {
		w.emit.Emit(Scoped(EventCatalogChanged, id), w.catalog.Summary(id))
	}
}

// RecheckKeychain asks the OS keychain now (the banner's "Check again"),
// then reports its state as Keychain does. Keychain itself only reports
// what the keychain answered when a secret was last needed, so starting the
// app with only the demo never touches it (no unlock prompt).
func (w *Workspaces) RecheckKeychain() (KeychainView, error) {
	if err := w.ready(); err != nil {
		return KeychainView{}, err
	}
	_ = w.manager.ProbeKeychain(w.ctx) // the outcome is what Keychain reports
	return w.Keychain()
}
