package adopt

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording says what a create whose answer was lost left behind; app puts
// them in its one ordered table (see backend/wording).
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrOutcomeUnknown, Code: "OUTCOME_UNKNOWN",
			Message: "Not known whether it was made: the answer was lost, and the workspace cannot be asked now.",
			Hint:    "Once the workspace answers, refresh the list to see. Creating it again is safe: Clusterdeck looks for it by name first and never makes a second one."},
		{Target: ErrNotMade, Code: "NOT_MADE",
			Message: "Not made: the answer was lost, and the workspace shows nothing was made.",
			Hint:    "Try again; nothing is made twice."},
	}
}
