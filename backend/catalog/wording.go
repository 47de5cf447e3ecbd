package catalog

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording explains the catalog's own refusals. app's ErrorFormatter places the rules in its one
// ordered table, where the first match wins.
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrBusy, Code: "BUSY",
			Message: "A refresh of this workspace is already running.",
			Hint:    "Wait a moment; the page updates when it finishes."},
	}
}
