package app

import (
	"errors"
	"fmt"

	"github.com/clusterdeck/clusterdeck/backend/clusters"
)

// clusterRules explain the clusters console's own failures.
func clusterRules() []ErrorRule {
	return []ErrorRule{
		{clusters.ErrForeignAddress, "FOREIGN_ADDRESS",
			"Not opened: the workspace sent an address that is not one of its own web pages.",
			"Clusterdeck opens only https pages on the workspace's own host; the details show the address it refused."},
		{clusters.ErrNotFound, "CLUSTER_NOT_FOUND",
			"This compute no longer exists in the workspace.",
			"Someone may have deleted it; the list refreshes by itself."},
		{clusters.ErrBusy, "ACTION_IN_PROGRESS",
			"This action is already being sent.",
			"Wait for it to finish; the state updates by itself."},
		{clusters.ErrNameMismatch, "NAME_MISMATCH",
			"The name you typed does not match the compute's name.",
			"Type the name exactly as shown, including capitals and spaces."},
		{clusters.ErrBadSize, "BAD_SIZE",
			"That size is not valid.",
			"Check the number of workers and try again."},
		{errNoAddress, "NO_RUN_PAGE",
			"This compute has no run page: no job run made it.",
			"Only job compute links to the run that owns it."},
		{clusters.ErrBadView, "BAD_VIEW",
			"That compute list does not exist.",
			"Pick All-purpose or Job compute."},
	}
}

// explain turns a state refusal into a sentence that names the action.
func explainAction(a clusters.Action, err error) error {
	var na *clusters.NotAllowedError
	if errors.As(err, &na) {
		return UIError{Code: "ACTION_NOT_ALLOWED",
			Message: fmt.Sprintf("Cannot %s it now: %s", actionVerb(a), lowerFirst(na.Reason)),
			Hint:    "The list shows the current state; wait for it to change, then try again.",
			Detail:  err.Error()}
	}
	return err
}

func actionVerb(a clusters.Action) string {
	if a == clusters.ActionPermanentDelete {
		return "delete"
	}
	return string(a)
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]|0x20) + s[1:]
}
