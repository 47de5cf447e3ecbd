package logs

import "github.com/databricks/databricks-sdk-go/service/compute"

// follows lists the states in which the driver still writes logs, so the
// tab keeps asking for new lines; in any other state what is delivered is final.
var follows = map[compute.State]bool{
	compute.StatePending:     true,
	compute.StateRunning:     true,
	compute.StateResizing:    true,
	compute.StateRestarting:  true,
	compute.StateTerminating: true, // the last delivery comes while it stops
}

// Follows reports whether the tab should keep following in state.
func Follows(state compute.State) bool { return follows[state] }
