package policyeval

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording explains a rate table the evaluator refuses. app's ErrorFormatter places the rules in
// its one ordered table, where the first match wins.
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrInvalidRateTable, Code: "INVALID_RATES",
			Message: "The DBU rate table has an entry out of range, so it was not saved.",
			Hint:    "Rates are DBUs per hour from 0 to 10000, per-core family rates 0 to 100 with a prefix, the Photon multiplier 0 to 10."},
	}
}
