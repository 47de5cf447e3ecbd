package app

// EventName is the single list of event names the backend emits to the page.
// Wails generates a TypeScript enum from AllEvents, so the page never spells
// an event name by hand. Scoped events append ":<scope>" (see Scoped).
type EventName string

const (
	// EventWorkspacesChanged: the list of workspaces or the active one changed.
	EventWorkspacesChanged EventName = "workspaces:changed"
	// EventConnectionChanged: a workspace went online/offline; scoped by workspace id.
	EventConnectionChanged EventName = "connection:changed"
	// EventCatalogChanged: a workspace's cached catalog was refreshed (or
	// failed to); scoped by workspace id, carries a catalog.Summary.
	EventCatalogChanged EventName = "catalog:changed"
	// EventNotice: a message for the user that is not tied to a call (a toast).
	EventNotice EventName = "app:notice"
	// EventClustersChanged: rows of a workspace's list (clusters.Delta); scoped by workspace id.
	EventClustersChanged EventName = "clusters:changed"
	// EventClustersStatus: a list's poll status (ClusterStatusView); scoped by workspace id.
	EventClustersStatus EventName = "clusters:status"
	// EventClusterChanged: the open cluster (ClusterDetailEvent); scoped by "<workspace>:<cluster id>".
	EventClusterChanged EventName = "cluster:changed"
	// EventClusterNotice: a cluster the user started is ready or failed (clusters.Notice).
	EventClusterNotice EventName = "clusters:notice"
	// EventNoticeClicked: the user clicked a desktop notification about a
	// cluster; the page opens it (NoticeLink).
	EventNoticeClicked EventName = "clusters:notice-clicked"
	// EventApplyProgress: a step of a create, edit or draft apply
	// (apply.ProgressEvent), at most every 100 ms; scoped by operation id.
	EventApplyProgress EventName = "apply:progress"
)

// AllEvents is handed to Wails' EnumBind to generate the TypeScript enum.
var AllEvents = []struct {
	Value  EventName
	TSName string
}{
	{EventWorkspacesChanged, "WorkspacesChanged"},
	{EventConnectionChanged, "ConnectionChanged"},
	{EventCatalogChanged, "CatalogChanged"},
	{EventNotice, "Notice"},
	{EventClustersChanged, "ClustersChanged"},
	{EventClustersStatus, "ClustersStatus"},
	{EventClusterChanged, "ClusterChanged"},
	{EventClusterNotice, "ClusterNotice"},
	{EventNoticeClicked, "NoticeClicked"},
	{EventApplyProgress, "ApplyProgress"},
}

// Scoped names one instance of an event, e.g. "connection:changed:demo".
// The result is still an EventName, so an Emitter takes it as one.
func Scoped(name EventName, scope string) EventName {
	return name + ":" + EventName(scope)
}

// Event is what an Emitter takes: an EventName, either a constant above or
// one made by Scoped. Only EventName has its unexported method, so a bare
// string (a literal included) does not compile as an event.
type Event interface{ wireName() string }

func (n EventName) wireName() string { return string(n) }
