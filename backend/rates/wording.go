package rates

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording explains the rate table store's own refusals; app puts them in
// its one ordered table (see backend/wording).
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrNoFile, Code: "EDITOR_UNAVAILABLE",
			Message: "The DBU rate table cannot be saved in this run.",
			Hint:    "Restart Clusterdeck."},
	}
}
