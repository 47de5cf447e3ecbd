package app

import (
	"github.com/clusterdeck/clusterdeck/backend/libraries"
)

// libraryRules explain the tab's own failures.
func libraryRules() []ErrorRule {
	return []ErrorRule{
		{libraries.ErrPolicyLibrary, "POLICY_LIBRARY",
			"This library is installed by the cluster's policy and cannot be removed here.",
			"Remove it from the policy's libraries, or move the cluster to another policy."},
	}
}
