package runs

// Action is something the tab offers for a run as it is now.
type Action string

const (
	ActionCancel   Action = "cancel"   // runs/cancel
	ActionOpenPage Action = "openPage" // the run's page in the workspace
	ActionOutput   Action = "output"   // runs/get-output (notebook result, logs, error and trace)
)

// statusActions is the status → actions table. Output is offered while a
// run goes (logs so far) and after; only a running run can be cancelled.
var statusActions = map[Status][]Action{
	StatusRunning:   {ActionOutput, ActionCancel, ActionOpenPage},
	StatusSucceeded: {ActionOutput, ActionOpenPage},
	StatusFailed:    {ActionOutput, ActionOpenPage},
	StatusCancelled: {ActionOutput, ActionOpenPage},
}

// Actions says what the tab offers for a run in a status.
func Actions(s Status) []Action {
	if a, ok := statusActions[s]; ok {
		return a
	}
	return []Action{}
}
