package apply

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording says what the apply service's refusals and unknown outcomes
// mean; app puts them in its one ordered table (see backend/wording).
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrOutcomeUnknown, Code: "CREATE_OUTCOME_UNKNOWN",
			Message: "Clusterdeck could not tell whether the cluster was created.",
			Hint:    "Retry when the workspace is reachable; it will not create twice: it first looks for the cluster this request made."},
		{Target: ErrPlanStale, Code: "PLAN_STALE",
			Message: "The cluster changed since you reviewed the changes.",
			Hint:    "Review the updated changes and apply again."},
		{Target: ErrMustWait, Code: "CLUSTER_BUSY",
			Message: "The cluster is between states and cannot take changes now.",
			Hint:    "Wait until it is running or terminated, then apply again."},
		{Target: ErrNotCandidate, Code: "NOT_A_CANDIDATE",
			Message: "That cluster does not carry the draft's cluster name.",
			Hint:    "Choose one of the clusters listed, or rename the cluster in the draft."},
		{Target: ErrNoName, Code: "NO_CLUSTER_NAME",
			Message: "The draft has no cluster name.",
			Hint:    "Set cluster_name in the spec: apply finds the cluster by it."},
		{Target: ErrNotEditable, Code: "NOT_EDITABLE",
			Message: "The cluster cannot be edited in its current state.",
			Hint:    "Wait until it is running or terminated, then save again."},
	}
}

// Wording says what a cancel left behind, and what to do next.
func (e *CancelledError) Wording() (message, hint string) {
	switch e.State {
	case CancelCreatePending:
		return "Cancelled. The create may already have reached the workspace.",
			"Clusterdeck remembers the request: creating again looks for its cluster first and never makes a second one."
	case CancelClusterMade:
		return "Cancelled after the cluster was created.",
			"The cluster " + e.ClusterID + " exists; libraries or the start that came after were not done."
	case CancelMayHaveChanged:
		return "Cancelled. The change may already have reached the cluster.",
			"Open the cluster to see its settings before saving again."
	}
	return "Cancelled.", "Nothing was sent to the workspace."
}

// SignInWording says a create met refused credentials: nothing was created,
// or (pending) the look for an earlier create's cluster was refused, and the
// request stays remembered so nothing is made twice.
func SignInWording(pending bool) (message, hint string) {
	if pending {
		return "Sign-in needed: Clusterdeck could not look for the cluster an earlier create may have made.",
			"The workspace refused the credentials. Open Workspaces to enter a new token or sign in again, then apply again: it looks for that cluster first and never creates a second."
	}
	return "Sign-in needed: nothing was created.",
		"The workspace refused the credentials. Open Workspaces to enter a new token or sign in again, then create again."
}
