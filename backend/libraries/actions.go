package libraries

import "github.com/databricks/databricks-sdk-go/service/compute"

// Action is something the tab offers for the cluster as it is now.
type Action string

const (
	ActionInstall   Action = "install"
	ActionUninstall Action = "uninstall"
	ActionRestart   Action = "restart" // applies uninstalls now
)

// stateRule is what one cluster state means for the tab: whether installs
// happen now or wait for the next start, and whether a restart is offered.
type stateRule struct {
	actions     []Action
	installNote string
}

// stateTable is the state → actions table of the tab. Libraries install on
// a running cluster at once, on a stopped one at its next start; a restart
// (offered only on a running cluster) is what removes uninstalled ones.
var stateTable = map[compute.State]stateRule{
	compute.StateRunning: {[]Action{ActionInstall, ActionUninstall, ActionRestart},
		"Installing now: the status follows below."},
	compute.StatePending: {[]Action{ActionInstall, ActionUninstall},
		"The cluster is starting: the library installs once it is running."},
	compute.StateRestarting: {[]Action{ActionInstall, ActionUninstall},
		"The cluster is restarting: the library installs once it is running."},
	compute.StateResizing: {[]Action{ActionInstall, ActionUninstall, ActionRestart},
		"Installing now: the status follows below."},
	compute.StateTerminating: {[]Action{ActionInstall, ActionUninstall},
		"The cluster is stopping: the install is queued and runs at the next start."},
	compute.StateTerminated: {[]Action{ActionInstall, ActionUninstall},
		"The cluster is terminated: the install is queued and runs at the next start."},
	compute.StateError: {[]Action{ActionInstall, ActionUninstall},
		"The install is queued and runs at the next start."},
}

// Actions says what the tab offers in a cluster state.
func Actions(state compute.State) []Action {
	if r, ok := stateTable[state]; ok {
		return r.actions
	}
	return []Action{}
}

func installNote(state compute.State) string {
	if r, ok := stateTable[state]; ok {
		return r.installNote
	}
	return "The install is queued."
}

// uninstallNote says when an uninstall takes effect.
func uninstallNote(state compute.State) string {
	switch state {
	case compute.StateTerminated:
		return "Removed: the cluster is terminated, so it will not be installed at the next start."
	case compute.StateRunning, compute.StateResizing:
		return "Marked for removal: it stays on the cluster until the cluster restarts. Restart now to remove it."
	}
	return "Marked for removal: it goes at the cluster's next restart."
}

// transitional statuses change by themselves: the tab keeps polling
// (RESTORED is a settled state: "restored and can be used").
var transitional = map[compute.LibraryInstallStatus]bool{
	compute.LibraryInstallStatusPending:    true,
	compute.LibraryInstallStatusResolving:  true,
	compute.LibraryInstallStatusInstalling: true,
}
