package libraries

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording explains the Libraries tab's own failures; app puts them in its
// one ordered table (see backend/wording).
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrPolicyLibrary, Code: "POLICY_LIBRARY",
			Message: "This library is installed by the cluster's policy and cannot be removed here.",
			Hint:    "Remove it from the policy's libraries, or move the cluster to another policy."},
	}
}
