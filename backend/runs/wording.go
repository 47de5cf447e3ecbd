package runs

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording explains the Runs tab's own failures; app puts them in its one
// ordered table (see backend/wording).
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrDraftUnparsed, Code: "DRAFT_UNPARSED",
			Message: "The draft's JSON does not parse yet, so no cluster is made from it.",
			Hint:    "Open the draft, fix its JSON, and submit again."},
		{Target: ErrDraftRefused, Code: "DRAFT_HAS_PROBLEMS",
			Message: "The draft does not pass its policy or the API's rules, so no cluster is made from it.",
			Hint:    "Open the draft to see the problems, fix them, and submit again."},
		{Target: ErrNoCluster, Code: "NO_CLUSTER",
			Message: "A run needs a cluster: this one, or a new one from a draft.",
			Hint:    "Choose where the run goes and submit again."},
		{Target: ErrDuplicateName, Code: "DUPLICATE_CLUSTER_NAME",
			Message: "Several clusters have this name, so none is picked.",
			Hint:    "Rename or delete all but one of them, then try again."},
		{Target: ErrUnusable, Code: "CLUSTER_UNUSABLE",
			Message: "The cluster with this name is in a state no run can use.",
			Hint:    "Open it to see why; start or recreate it, then submit again."},
	}
}
