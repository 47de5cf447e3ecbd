package app

import (
	"github.com/clusterdeck/clusterdeck/backend/runs"
)

// runRules explain the tab's own failures. They come before the editor's:
// a refused draft also wraps the checker's SPEC_HAS_PROBLEMS.
func runRules() []ErrorRule {
	return []ErrorRule{
		{runs.ErrDraftUnparsed, "DRAFT_UNPARSED",
			"The draft's JSON does not parse yet, so no cluster is made from it.",
			"Open the draft, fix its JSON, and submit again."},
		{runs.ErrDraftRefused, "DRAFT_HAS_PROBLEMS",
			"The draft does not pass its policy or the API's rules, so no cluster is made from it.",
			"Open the draft to see the problems, fix them, and submit again."},
		{runs.ErrNoCluster, "NO_CLUSTER",
			"A run needs a cluster: this one, or a new one from a draft.",
			"Choose where the run goes and submit again."},
		{runs.ErrDuplicateName, "DUPLICATE_CLUSTER_NAME",
			"Several clusters have this name, so none is picked.",
			"Rename or delete all but one of them, then try again."},
		{runs.ErrUnusable, "CLUSTER_UNUSABLE",
			"The cluster with this name is in a state no run can use.",
			"Open it to see why; start or recreate it, then submit again."},
	}
}
