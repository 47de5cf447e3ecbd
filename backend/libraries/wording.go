package libraries

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording explains the Libraries tab's own failures. app's ErrorFormatter places the rules in its
// one ordered table, where the first match wins.
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrPolicyLibrary, Code: "POLICY_LIBRARY",
			Message: "This library is installed by the cluster's policy and cannot be removed here.",
			Hint:    "Remove it from the policy's libraries, or move the cluster to another policy."},
	}
}
