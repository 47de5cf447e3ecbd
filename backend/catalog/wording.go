package catalog

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording explains the catalog's own refusals; app puts them in its one
// ordered table (see backend/wording).
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrBusy, Code: "BUSY",
			Message: "A refresh of this workspace is already running.",
			Hint:    "Wait a moment; the page updates when it finishes."},
	}
}
