// Package notices holds what the user chose to be told about: which kinds of
// cluster news raise a desktop notification and which an in-app notice.
package notices

// Kind is what happened to a watched cluster.
type Kind string

// The kinds of news, in the order Settings lists them.
const (
	Ready       Kind = "ready"        // a cluster the user started is running
	StartFailed Kind = "start-failed" // a cluster the user started stopped before it was ready
	Failed      Kind = "failed"       // a running cluster turned ERROR
	Terminated  Kind = "terminated"   // the service terminated a running cluster nobody asked to stop
)

// Kinds lists every kind with the words Settings shows.
var kinds = []struct {
	kind         Kind
	label, about string
}{
	{Ready, "Ready", "A cluster you started is running."},
	{StartFailed, "Failed to start", "A cluster you started stopped before it was ready."},
	{Failed, "Error", "A running all-purpose cluster turned ERROR."},
	{Terminated, "Terminated by the service", "A running all-purpose cluster was terminated without anyone asking (idle clusters stopped by auto-termination are not news)."},
}

// Known says whether k is one of the kinds.
func Known(k Kind) bool {
	for _, d := range kinds {
		if d.kind == k {
			return true
		}
	}
	return false
}
