package apply

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording says what the apply service's refusals and unknown outcomes mean. app's ErrorFormatter
// places the rules in its one ordered table, where the first match wins.
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
