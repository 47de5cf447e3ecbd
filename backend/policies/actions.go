package policies

import "github.com/clusterdeck/clusterdeck/backend/policy"

// Action is something the console can do with a policy.
type Action string

// ActionCreateCompute opens the cluster form with the policy chosen (the
// Policies page's "Create compute").
const ActionCreateCompute Action = "create-compute"

// State is what decides a policy's actions: policies have no lifecycle, so
// it is whether the definition reads and which compute it is offered for.
type State string

const (
	StateAllPurpose State = "all-purpose" // readable, offered for all-purpose compute
	StateJobOnly    State = "job-only"    // readable, offered for job compute only
	StateUnreadable State = "unreadable"  // the definition cannot be parsed
)

// StateOf sorts a listed policy into the table's states.
func StateOf(v PolicyView) State {
	if v.Problem != "" {
		return StateUnreadable
	}
	for _, t := range v.Info.ClusterTypes {
		if t == policy.AllPurpose {
			return StateAllPurpose
		}
	}
	return StateJobOnly
}

// actionTable is the table: per state, the actions a policy may use now.
// Issue 13 adds edit and delete to the states that allow them.
func actionTable() map[State][]Action {
	return map[State][]Action{
		StateAllPurpose: {ActionCreateCompute},
		StateJobOnly:    {}, // job compute is made by a job run, not here
		StateUnreadable: {}, // its rules are unknown: the form could not follow them
	}
}

// Actions are the actions a policy in state may use now.
func Actions(state State) []Action {
	if a, ok := actionTable()[state]; ok {
		return a
	}
	return []Action{}
}
