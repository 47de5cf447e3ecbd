package session

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording explains the session's own refusals; app puts them in its one
// ordered table (see backend/wording).
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrNoDemo, Code: "NO_DEMO",
			Message: "The demo workspace is not running.",
			Hint:    "Restart Clusterdeck."},
		{Target: ErrUnknownWorkspace, Code: "UNKNOWN_WORKSPACE",
			Message: "That workspace is not open in Clusterdeck.",
			Hint:    "Pick a workspace from the switcher."},
	}
}
