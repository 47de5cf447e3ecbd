package pools

import "github.com/databricks/databricks-sdk-go/service/compute"

// Action is something the console can do to a pool.
type Action string

// No pool action works yet: the Pools page is read-only. Issue 13 adds
// ActionEdit and ActionDelete here, then lists them in the states of
// actionTable that allow them.

// actionTable is the table: per state, the actions a pool may use now, in
// menu order. Every state is listed, so a new action is decided per state.
func actionTable() map[compute.InstancePoolState][]Action {
	return map[compute.InstancePoolState][]Action{
		compute.InstancePoolStateActive:  {},
		compute.InstancePoolStateStopped: {},
		compute.InstancePoolStateDeleted: {}, // gone: nothing to do, ever
	}
}

// Actions are the actions a pool in state may use now; a state this version
// does not know offers nothing.
func Actions(state compute.InstancePoolState) []Action {
	if a, ok := actionTable()[state]; ok {
		return a
	}
	return []Action{}
}
