package policies

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording explains the Policies page's own failures; app puts them in its
// one ordered table (see backend/wording).
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrInvalidForm, Code: "POLICY_INVALID",
			Message: "The policy has problems, so nothing was sent.",
			Hint:    "Fix the problems marked next to the fields and in the definition, then save again."},
		{Target: ErrUnknownPolicy, Code: "POLICY_NOT_FOUND",
			Message: "This policy is not in the workspace's cached policies.",
			Hint:    "Someone may have deleted it; refresh the catalog."},
	}
}
