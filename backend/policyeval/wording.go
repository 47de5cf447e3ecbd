package policyeval

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording explains a rate table the evaluator refuses; app puts them in
// its one ordered table (see backend/wording).
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrInvalidRateTable, Code: "INVALID_RATES",
			Message: "The DBU rate table has an entry out of range, so it was not saved.",
			Hint:    "Rates are DBUs per hour from 0 to 10000, per-core family rates 0 to 100 with a prefix, the Photon multiplier 0 to 10."},
	}
}
