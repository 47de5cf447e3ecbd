package app

import (
	"errors"
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

// explainAction turns a state refusal into a sentence that names the action.
func explainAction(err error) error {
	var na *clusters.NotAllowedError
	if !errors.As(err, &na) {
		return err
	}
	msg, hint := na.Wording()
	return UIError{Code: "ACTION_NOT_ALLOWED", Message: msg, Hint: hint, Detail: err.Error()}
}
