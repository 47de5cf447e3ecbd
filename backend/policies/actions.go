package policies

import "github.com/clusterdeck/clusterdeck/backend/policyeval"

// Action is something the console can do with a policy.
type Action string

// The actions, in menu order.
const (
	// ActionCreateCompute opens the cluster form with the policy chosen.
	ActionCreateCompute Action = "create-compute"
	ActionEdit          Action = "edit"
	ActionDelete        Action = "delete"
)

// AllActions in menu order.
var AllActions = []Action{ActionCreateCompute, ActionEdit, ActionDelete}

// Availability says whether an action may be used now and, if not, why.
type Availability struct {
	Action  Action `json:"action"`
	Enabled bool   `json:"enabled"`
	Reason  string `json:"reason,omitempty"`
}

// State is what decides a policy's actions: policies have no lifecycle, so
// it is whether the definition reads and which compute it is offered for.
type State string

const (
	StateAllPurpose State = "all-purpose" // readable, offered for all-purpose compute
	StateJobOnly    State = "job-only"    // readable, offered for job compute only
	StateUnreadable State = "unreadable"  // the definition cannot be parsed
)

// Facts are what besides the state decides the actions: who asks and
// whether the policy is one of the workspace's defaults.
type Facts struct {
	State   State
	Admin   bool // only workspace admins create, edit and delete policies
	Default bool // default policies cannot be deleted
}

// StateOf sorts a listed policy into the table's states.
func StateOf(v PolicyView) State {
	if v.Problem != "" {
		return StateUnreadable
	}
	for _, t := range v.Info.ClusterTypes {
		if t == policyeval.AllPurpose {
			return StateAllPurpose
		}
	}
	return StateJobOnly
}

// Why-not sentences.
const (
	whyJobOnly    = "This policy is for job compute, which a job run creates."
	whyUnreadable = "Its definition cannot be read, so the form could not follow it; fix the definition first."
	whyNotAdmin   = "Only workspace admins can change cluster policies."
	whyDefault    = "A default policy cannot be deleted."
)

type rule struct {
	enabled bool
	why     string
}

func on() rule            { return rule{enabled: true} }
func off(why string) rule { return rule{why: why} }

// stateRules is the table: per state, each action's availability.
var stateRules = map[State]map[Action]rule{
	StateAllPurpose: {ActionCreateCompute: on(), ActionEdit: on(), ActionDelete: on()},
	StateJobOnly:    {ActionCreateCompute: off(whyJobOnly), ActionEdit: on(), ActionDelete: on()},
	StateUnreadable: {ActionCreateCompute: off(whyUnreadable), ActionEdit: on(), ActionDelete: on()},
}

// Actions lists every action with whether it may be used now.
func Actions(f Facts) []Availability {
	out := make([]Availability, 0, len(AllActions))
	for _, a := range AllActions {
		r, ok := stateRules[f.State][a]
		if !ok {
			r = off("This policy's state is unknown; refresh and try again.")
		}
		switch {
		case !r.enabled:
		case (a == ActionEdit || a == ActionDelete) && !f.Admin:
			r = off(whyNotAdmin)
		case a == ActionDelete && f.Default:
			r = off(whyDefault)
		}
		out = append(out, Availability{Action: a, Enabled: r.enabled, Reason: r.why})
	}
	return out
}
