package app

import (
	"context"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/clusters"
	"github.com/clusterdeck/clusterdeck/backend/notices"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Clusters is the facade of the clusters console: list views (streamed as
// EventClustersChanged), the open cluster (EventClusterChanged), the event
// log and every lifecycle action.
type Clusters struct {
	facade
	svc     *clusters.Service
	emit    Emitter
	errors  *ErrorFormatter
	desktop desktopServices
	// rejected learns of refused credentials (session.MarkRejected), so the
	// workspace turns "sign-in needed" and read-only at once.
	rejected func(workspaceID string, err error, started time.Time)
	// notices says where each kind of news goes (Settings).
	notices *notices.Prefs
}

// ClusterStatusView is a list's "last updated" indicator.
type ClusterStatusView struct {
	Workspace   string   `json:"workspace"`
	View        string   `json:"view"`
	LastUpdated string   `json:"lastUpdated"` // RFC 3339, empty before the first success
	NextAt      string   `json:"nextAt"`
	Running     bool     `json:"running"`
	Paused      bool     `json:"paused"`
	Stale       bool     `json:"stale"`
	Failures    int      `json:"failures"`
	Error       *UIError `json:"error,omitempty"`
}

// ClusterDetailEvent is the open cluster's latest state, or its deletion.
type ClusterDetailEvent struct {
	Workspace string           `json:"workspace"`
	ClusterID string           `json:"clusterId"`
	Deleted   bool             `json:"deleted"`
	Detail    *clusters.Detail `json:"detail,omitempty"`
	Error     *UIError         `json:"error,omitempty"`
}

// pricesChanged re-lists the workspace so its rows' $/h follow new prices.
func (c *Clusters) pricesChanged(ws string) { c.svc.Refresh(ws) }

// ActionTable returns, per state and kind, which actions are enabled and why not.
func (c *Clusters) ActionTable() (clusters.ActionTable, error) { return forPage(clusters.Table()), nil }

// EventTypes lists the event types the log can be filtered by.
func (c *Clusters) EventTypes() ([]string, error) { return forPage(clusters.EventTypes()), nil }

// Watch shows a workspace's list ("all-purpose" or "job"). Rows arrive as
// EventClustersChanged scoped by workspace, the first page at once.
func (c *Clusters) Watch(workspaceID, view string) error {
	return c.svc.Watch(workspaceID, clusters.View(view))
}

// Unwatch: the page no longer shows the workspace's list.
func (c *Clusters) Unwatch(workspaceID string) error {
	c.svc.Unwatch(workspaceID)
	return nil
}

// SetVisible pauses polling while the window is hidden.
func (c *Clusters) SetVisible(visible bool) error {
	c.svc.SetVisible(visible)
	return nil
}

// Refresh polls now; false when a poll was already running (nothing sent).
func (c *Clusters) Refresh(workspaceID string) (bool, error) {
	return c.svc.Refresh(workspaceID), nil
}

// Get reads one cluster.
func (c *Clusters) Get(workspaceID, clusterID string) (clusters.Detail, error) {
	return call(c.facade, workspaceID, workspaces.TimeoutRead, func(ctx context.Context) (clusters.Detail, error) {
		d, err := c.svc.Get(ctx, workspaceID, clusterID)
		if err != nil {
			return clusters.Detail{}, err
		}
		return *d, nil
	})
}

// WatchDetail polls the open cluster; updates arrive as EventClusterChanged
// scoped by "<workspace>:<cluster id>".
func (c *Clusters) WatchDetail(workspaceID, clusterID string) error {
	c.svc.WatchDetail(workspaceID, clusterID)
	return nil
}

// UnwatchDetail stops polling the open cluster.
func (c *Clusters) UnwatchDetail() error {
	c.svc.UnwatchDetail()
	return nil
}

// Events reads a page of a cluster's event log, newest first.
func (c *Clusters) Events(workspaceID, clusterID string, q clusters.EventQuery) (clusters.EventPage, error) {
	return call(c.facade, workspaceID, workspaces.TimeoutRead, func(ctx context.Context) (clusters.EventPage, error) {
		return c.svc.Events(ctx, workspaceID, clusterID, q)
	})
}

// Start starts a terminated cluster.
func (c *Clusters) Start(workspaceID, clusterID string) error {
	return c.act(workspaceID, clusterID, clusters.ActionStart, "")
}

// Terminate stops a cluster (its configuration stays).
func (c *Clusters) Terminate(workspaceID, clusterID string) error {
	return c.act(workspaceID, clusterID, clusters.ActionTerminate, "")
}

// Restart restarts a running cluster.
func (c *Clusters) Restart(workspaceID, clusterID string) error {
	return c.act(workspaceID, clusterID, clusters.ActionRestart, "")
}

// Pin keeps a cluster in the list after termination.
func (c *Clusters) Pin(workspaceID, clusterID string) error {
	return c.act(workspaceID, clusterID, clusters.ActionPin, "")
}

// Unpin undoes Pin.
func (c *Clusters) Unpin(workspaceID, clusterID string) error {
	return c.act(workspaceID, clusterID, clusters.ActionUnpin, "")
}

// PermanentDelete deletes a cluster for good; typedName must be its exact name.
func (c *Clusters) PermanentDelete(workspaceID, clusterID, typedName string) error {
	return c.act(workspaceID, clusterID, clusters.ActionPermanentDelete, typedName)
}

// Resize sets a fixed size or autoscaling bounds on a running cluster.
func (c *Clusters) Resize(workspaceID, clusterID string, size clusters.Size) error {
	return explainAction(callErr(c.facade, workspaceID, workspaces.TimeoutWrite, func(ctx context.Context) error {
		return c.svc.Resize(ctx, workspaceID, clusterID, size)
	}))
}

// CloneSpec returns the cluster's spec, renamed, as JSON for the editor.
func (c *Clusters) CloneSpec(workspaceID, clusterID string) (string, error) {
	return call(c.facade, workspaceID, workspaces.TimeoutRead, func(ctx context.Context) (string, error) {
		return c.svc.CloneSpec(ctx, workspaceID, clusterID)
	})
}

// Connection is how tools reach the cluster: JDBC/ODBC settings and
// snippets with the host, org id and cluster id filled in, never a secret.
func (c *Clusters) Connection(workspaceID, clusterID string) (clusters.Connection, error) {
	return call(c.facade, workspaceID, workspaces.TimeoutRead, func(ctx context.Context) (clusters.Connection, error) {
		return c.svc.Connection(ctx, workspaceID, clusterID)
	})
}

// OpenSparkUI opens the cluster's Spark UI in the system browser and
// returns the address it opened.
func (c *Clusters) OpenSparkUI(workspaceID, clusterID string) (string, error) {
	return c.open(workspaceID, clusterID, "the Spark UI", func(d *clusters.Detail) string { return d.SparkUIURL })
}

// OpenRun opens the page of the job run that owns job compute in the
// system browser and returns the address it opened.
func (c *Clusters) OpenRun(workspaceID, clusterID string) (string, error) {
	return c.open(workspaceID, clusterID, "the run's page", func(d *clusters.Detail) string { return d.RunURL })
}

func (c *Clusters) open(workspaceID, clusterID, what string, address func(*clusters.Detail) string) (string, error) {
	u, err := call(c.facade, workspaceID, workspaces.TimeoutRead, func(ctx context.Context) (string, error) {
		return c.svc.Page(ctx, workspaceID, clusterID, address)
	})
	return openPage(c.desktop, what, u, err)
}

// act sends a lifecycle action: in flight when the network drops, it ends
// with a sentence within TimeoutWrite.
func (c *Clusters) act(ws, id string, a clusters.Action, typed string) error {
	started := time.Now()
	err := callErr(c.facade, ws, workspaces.TimeoutWrite, func(ctx context.Context) error {
		return c.svc.Act(ctx, ws, id, a, typed)
	})
	c.noteRejected(ws, err, false, started)
	return explainAction(err)
}

func (c *Clusters) noteRejected(ws string, err error, identityCall bool, started time.Time) {
	if err != nil && c.rejected != nil && session.Rejected(err, identityCall) {
		c.rejected(ws, err, started)
	}
}

// clusterSink turns the service's news into events (and notifications).
type clusterSink struct{ c *Clusters }

func (s clusterSink) Delta(d clusters.Delta) {
	s.c.emit.Emit(Scoped(EventClustersChanged, d.Workspace), d.Wire())
}

func (s clusterSink) Status(st clusters.ViewStatus) {
	v := ClusterStatusView{Workspace: st.Workspace, View: string(st.View), Running: st.Running, Paused: st.Paused,
		Failures: st.Failures, Stale: st.Failures > 0}
	if !st.LastSuccess.IsZero() {
		v.LastUpdated = st.LastSuccess.UTC().Format(time.RFC3339)
	}
	if !st.NextAt.IsZero() {
		v.NextAt = st.NextAt.UTC().Format(time.RFC3339)
	}
	if st.Err != nil {
		e := s.c.errors.UIError(st.Err)
		v.Error = &e
		s.c.noteRejected(st.Workspace, st.Err, true, st.AttemptAt) // listing is what every signed-in user may do
	}
	s.c.emit.Emit(Scoped(EventClustersStatus, st.Workspace), v)
}

func (s clusterSink) Detail(u clusters.DetailUpdate) {
	ev := ClusterDetailEvent{Workspace: u.Workspace, ClusterID: u.ClusterID, Deleted: u.Deleted, Detail: u.Detail}
	if u.Err != nil {
		e := s.c.errors.UIError(u.Err)
		ev.Error = &e
	}
	s.c.emit.Emit(Scoped(EventClusterChanged, u.Workspace+":"+u.ClusterID), ev)
}

// Notice is shown in the app (a toast) and, where the platform offers it,
// as a desktop notification.
func (s clusterSink) Notice(n clusters.Notice) {
	to := s.c.notices.For(n.Reason)
	if to.InApp {
		s.c.emit.Emit(EventClusterNotice, n)
	}
	if to.Desktop {
		s.c.desktop.Notify(n.Title, n.Body, NoticeLink{Workspace: n.Workspace, ClusterID: n.ClusterID})
	}
}
