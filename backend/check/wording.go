package check

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording words the checker's refusals; app puts them in its one ordered
// table (see backend/wording).
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrSpecHasProblems, Code: "SPEC_HAS_PROBLEMS",
			Message: "The cluster spec still has problems, so nothing was sent.",
			Hint:    "Fix the fields marked in red (the details name one), then try again."},
		{Target: ErrUnknownPolicy, Code: "UNKNOWN_POLICY",
			Message: "That policy is not in the workspace catalog.",
			Hint:    "Refresh the catalog, or pick another policy."},
		{Target: ErrNoServerCheck, Code: "NO_SERVER_CHECK",
			Message: "The workspace checks policy compliance only for clusters that exist and use a policy.",
			Hint:    "Create the cluster first; this form already checks the spec against the policy offline."},
	}
}
