package rates

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording explains the rate table store's own refusals. app's ErrorFormatter places the rules in
// its one ordered table, where the first match wins.
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrNoFile, Code: "EDITOR_UNAVAILABLE",
			Message: "The DBU rate table cannot be saved in this run.",
			Hint:    "Restart Clusterdeck."},
	}
}
