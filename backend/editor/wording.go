package editor

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording explains the cluster editor's own refusals; app puts them in
// its one ordered table (see backend/wording).
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrUnavailable, Code: "EDITOR_UNAVAILABLE",
			Message: "The cluster editor is not connected to the workspaces.",
			Hint:    "Restart Clusterdeck."},
	}
}
