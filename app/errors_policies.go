package app

import "github.com/clusterdeck/clusterdeck/backend/policies"

// policyRules explain the Policies page's own failures.
func policyRules() []ErrorRule {
	return []ErrorRule{
		{policies.ErrInvalidForm, "POLICY_INVALID",
			"The policy has problems, so nothing was sent.",
			"Fix the problems marked next to the fields and in the definition, then save again."},
		{policies.ErrUnknownPolicy, "POLICY_NOT_FOUND",
			"This policy is not in the workspace's cached policies.",
			"Someone may have deleted it; refresh the catalog."},
	}
}
