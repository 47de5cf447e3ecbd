package clusters

import (
	"github.com/databricks/databricks-sdk-go/service/compute"
)

// Action is a lifecycle action the console offers.
type Action string

const (
	ActionStart           Action = "start"
	ActionTerminate       Action = "terminate"
	ActionRestart         Action = "restart"
	ActionResize          Action = "resize"
	ActionPin             Action = "pin"
	ActionUnpin           Action = "unpin"
	ActionEdit            Action = "edit"
	ActionClone           Action = "clone"
	ActionPermanentDelete Action = "permanent-delete"
)

// AllActions in menu order.
var AllActions = []Action{ActionStart, ActionRestart, ActionTerminate, ActionResize,
	ActionEdit, ActionPin, ActionUnpin, ActionClone, ActionPermanentDelete}

// Availability says whether an action may be used now and, if not, why.
type Availability struct {
	Action  Action `json:"action"`
	Enabled bool   `json:"enabled"`
	Reason  string `json:"reason,omitempty"`
}

// Kind separates job clusters, which their job run owns, from all-purpose ones.
type Kind string

const (
	KindAllPurpose Kind = "all-purpose"
	KindJob        Kind = "job"
)

// KindOf tells the kind from the cluster source.
func KindOf(source compute.ClusterSource) Kind {
	if source == compute.ClusterSourceJob {
		return KindJob
	}
	return KindAllPurpose
}

// Why-not sentences, shared by several rows of the table.
const (
	whyAlreadyRunning  = "It is already running."
	whyStarting        = "It is already starting; wait until it is running."
	whyResizing        = "A resize is in progress; wait until it is running."
	whyTerminating     = "It is terminating; wait until it has stopped."
	whyStopped         = "It is not running."
	whyAlreadyStopped  = "It is already terminated."
	whyError           = "It is in an error state; terminate it, then start it again."
	whyUnknown         = "Its state is unknown; refresh and try again."
	whyJobStart        = "Job compute starts with its job run and cannot be started by hand."
	whyJobManaged      = "Job compute is managed by its job run."
	whyRestartNotReady = "Restart needs a running cluster."
	whyResizeNotReady  = "Resize needs a running cluster."
	whyEditInFlight    = "Edit needs a running or terminated cluster; wait until this transition ends."
)

type rule struct {
	enabled bool
	why     string
}

func on() rule            { return rule{enabled: true} }
func off(why string) rule { return rule{why: why} }
func always() map[Action]rule {
	return map[Action]rule{ActionPin: on(), ActionUnpin: on(), ActionClone: on(), ActionPermanentDelete: on(),
		ActionEdit: off(whyEditInFlight)} // the API edits only RUNNING or TERMINATED clusters
}

// stateRules is the table: per state, the actions that differ from always().
var stateRules = map[compute.State]map[Action]rule{
	compute.StateTerminated: {ActionStart: on(), ActionTerminate: off(whyAlreadyStopped),
		ActionRestart: off(whyRestartNotReady), ActionResize: off(whyResizeNotReady), ActionEdit: on()},
	compute.StatePending: {ActionStart: off(whyStarting), ActionTerminate: on(),
		ActionRestart: off(whyStarting), ActionResize: off(whyStarting)},
	compute.StateRestarting: {ActionStart: off(whyStarting), ActionTerminate: on(),
		ActionRestart: off(whyStarting), ActionResize: off(whyStarting)},
	compute.StateRunning: {ActionStart: off(whyAlreadyRunning), ActionTerminate: on(),
		ActionRestart: on(), ActionResize: on(), ActionEdit: on()},
	compute.StateResizing: {ActionStart: off(whyAlreadyRunning), ActionTerminate: on(),
		ActionRestart: off(whyResizing), ActionResize: off(whyResizing)},
	compute.StateTerminating: {ActionStart: off(whyTerminating), ActionTerminate: off(whyTerminating),
		ActionRestart: off(whyTerminating), ActionResize: off(whyTerminating)},
	compute.StateError: {ActionStart: off(whyError), ActionTerminate: on(),
		ActionRestart: off(whyError), ActionResize: off(whyError)},
	compute.StateUnknown: {ActionStart: off(whyUnknown), ActionTerminate: on(),
		ActionRestart: off(whyUnknown), ActionResize: off(whyUnknown)},
}

// jobRules override the table for job compute.
var jobRules = map[Action]rule{ActionStart: off(whyJobStart), ActionRestart: off(whyJobManaged),
	ActionResize: off(whyJobManaged), ActionEdit: off(whyJobManaged)}

// Allowed returns every action's availability for a cluster in state s.
// Pin and Unpin both appear; the page shows whichever applies.
func Allowed(s compute.State, kind Kind) []Availability {
	rules := always()
	st, ok := stateRules[s]
	if !ok {
		st = stateRules[compute.StateUnknown]
	}
	for a, r := range st {
		rules[a] = r
	}
	if kind == KindJob {
		for a, r := range jobRules {
			if rules[a].enabled || a == ActionStart {
				rules[a] = r
			}
		}
	}
	out := make([]Availability, 0, len(AllActions))
	for _, a := range AllActions {
		r := rules[a]
		out = append(out, Availability{Action: a, Enabled: r.enabled, Reason: r.why})
	}
	return out
}

// Advice is what a stopped or failed cluster's banner tells the user to do,
// held to the table: while the state (or the kind) refuses Start, the banner
// gives Start's why-not (an ERROR cluster: terminate it, then start it)
// instead of a fix that says to start it (fixStarts), so it never advises a
// disabled action. A fix that asks for something else is kept after it. While the
// state is passing (TERMINATING), the fix stands: it applies once it settles.
func Advice(s compute.State, kind Kind, fix string, fixStarts bool) string {
	if Transitional(s) {
		return fix
	}
	for _, av := range Allowed(s, kind) {
		if av.Action != ActionStart || av.Enabled {
			continue
		}
		if fix == "" || fixStarts {
			return av.Reason
		}
		return av.Reason + " " + fix
	}
	return fix
}

// Check returns nil when a may run on a cluster in state s, else a
// *NotAllowedError carrying the reason.
func Check(a Action, s compute.State, kind Kind) error {
	for _, av := range Allowed(s, kind) {
		if av.Action == a && !av.Enabled {
			return &NotAllowedError{Action: a, State: s, Reason: av.Reason}
		}
	}
	return nil
}

// ActionTable is the whole table for the page: state → kind → availabilities.
type ActionTable map[string]map[Kind][]Availability

// Table builds the table for every known state.
func Table() ActionTable {
	var st compute.State
	t := ActionTable{}
	for _, s := range st.Values() {
		t[string(s)] = map[Kind][]Availability{KindAllPurpose: Allowed(s, KindAllPurpose), KindJob: Allowed(s, KindJob)}
	}
	return t
}
