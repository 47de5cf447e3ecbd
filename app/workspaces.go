package app

import (
	"context"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// WorkspaceView is a workspace as the switcher shows it. It never carries a
// credential.
type WorkspaceView struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Host       string `json:"host"`
	Cloud      string `json:"cloud"`
	AuthType   string `json:"authType"`
	Label      string `json:"label"`
	Color      string `json:"color"`
	Demo       bool   `json:"demo"`
	Production bool   `json:"production"`
	Active     bool   `json:"active"`
}

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
}

// Workspaces is the facade for the workspace switcher.
type Workspaces struct {
	session *session.Session
	emit    Emitter
	errors  *ErrorFormatter
	ctx     context.Context
}

func newWorkspaces(s *session.Session, emit Emitter, errs *ErrorFormatter) *Workspaces {
	return &Workspaces{session: s, emit: emit, errors: errs, ctx: context.Background()}
}

// List returns the open workspaces, the active one marked.
func (w *Workspaces) List() ([]WorkspaceView, error) {
	active, _ := w.session.Active()
	profiles := w.session.List()
	out := make([]WorkspaceView, 0, len(profiles))
	for _, p := range profiles {
		out = append(out, toWorkspaceView(p, p.ID == active.ID))
	}
	return out, nil
}

// Select switches the active workspace.
func (w *Workspaces) Select(id string) (WorkspaceView, error) {
	t, err := w.session.Select(id)
	if err != nil {
		return WorkspaceView{}, err
	}
	w.emit.Emit(string(EventWorkspacesChanged))
	return toWorkspaceView(t, true), nil
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
	view := w.toConnectionView(id, st)
	w.emit.Emit(Scoped(EventConnectionChanged, id), view)
	return view, nil
}

func toWorkspaceView(p workspaces.Profile, active bool) WorkspaceView {
	return WorkspaceView{ID: p.ID, Name: p.Name, Host: p.Host, Cloud: string(p.Cloud),
		AuthType: string(p.AuthType), Label: p.Label, Color: p.Color, Demo: p.IsDemo,
		Production: p.IsProduction, Active: active}
}

func (w *Workspaces) toConnectionView(id string, st session.Status) ConnectionView {
	v := ConnectionView{WorkspaceID: id, State: ConnectionState(st.State), User: st.User}
	if !st.CheckedAt.IsZero() {
		v.CheckedAt = st.CheckedAt.UTC().Format(time.RFC3339)
	}
	if st.Err != nil {
		e := w.errors.UIError(st.Err)
		v.Error = &e
	}
	return v
}
