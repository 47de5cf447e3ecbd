package app

import (
	"errors"
	"fmt"
	"slices"

	"github.com/clusterdeck/clusterdeck/backend/clusters"
)

// clusterRules explain the clusters console's own failures: the service's
// (clusters' wording.go), then the facade's own.
func clusterRules() []ErrorRule {
	return slices.Concat(clusters.ErrorWording(), []ErrorRule{
		{Target: errNoAddress, Code: "NO_RUN_PAGE",
			Message: "This compute has no run page: no job run made it.",
			Hint:    "Only job compute links to the run that owns it."},
	})
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
