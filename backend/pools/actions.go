package pools

import "github.com/databricks/databricks-sdk-go/service/compute"

// Action is something the console can do to a pool.
type Action string

// Pool actions. Export is not listed: it only reads, so every pool has it.
const (
	ActionEdit   Action = "edit"
	ActionDelete Action = "delete"
)

// actionTable is the table: per state, the actions a pool may use now, in
// menu order. Every state is listed, so a new action is decided per state.
func actionTable() map[compute.InstancePoolState][]Action {
	return map[compute.InstancePoolState][]Action{
		compute.InstancePoolStateActive:  {ActionEdit, ActionDelete},
		compute.InstancePoolStateStopped: {ActionEdit, ActionDelete},
		compute.InstancePoolStateDeleted: {}, // gone: nothing to do, ever
	}
}

// Actions are the actions a pool in state may use now; a state this version
// does not know offers nothing.
func Actions(state compute.InstancePoolState) []Action {
	if a, ok := actionTable()[state]; ok {
		return append([]Action{}, a...)
	}
	return []Action{}
}

// Allowed reports whether state allows a.
func Allowed(state compute.InstancePoolState, a Action) bool {
	for _, x := range Actions(state) {
		if x == a {
			return true
		}
	}
	return false
}
