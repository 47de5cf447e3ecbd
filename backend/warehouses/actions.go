package warehouses

import "github.com/databricks/databricks-sdk-go/service/sql"

// Action is something the console can do to a SQL warehouse.
type Action string

// Warehouse actions. Export and permissions only read, so every listed
// warehouse has them and they are not in the table.
const (
	ActionStart  Action = "start"
	ActionStop   Action = "stop"
	ActionEdit   Action = "edit"
	ActionDelete Action = "delete"
)

// actionTable is the table: per state, the actions a warehouse may use
// now, in menu order. Every state is listed, so a new action is decided
// per state. Start and stop are idempotent in the API; the table offers
// only the one that changes something.
func actionTable() map[sql.State][]Action {
	return map[sql.State][]Action{
		sql.StateRunning:  {ActionStop, ActionEdit, ActionDelete},
		sql.StateStarting: {ActionStop, ActionDelete},
		sql.StateStopped:  {ActionStart, ActionEdit, ActionDelete},
		sql.StateStopping: {ActionStart, ActionDelete},
		sql.StateDeleting: {}, // on its way out: nothing to do
		sql.StateDeleted:  {},
	}
}

// Actions are the actions a warehouse in state may use now; a state this
// version does not know offers nothing.
func Actions(state sql.State) []Action {
	if a, ok := actionTable()[state]; ok {
		return append([]Action{}, a...)
	}
	return []Action{}
}

// Allowed reports whether state allows a.
func Allowed(state sql.State, a Action) bool {
	for _, x := range Actions(state) {
		if x == a {
			return true
		}
	}
	return false
}
