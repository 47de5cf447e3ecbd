package app

import (
	"slices"

	"github.com/clusterdeck/clusterdeck/backend/pools"
)

// poolRules explain the Pools page's own failures: the service's (pools'
// wording.go), then the facade's own.
func poolRules() []ErrorRule {
	return slices.Concat(pools.ErrorWording(), []ErrorRule{
		{Target: errBadPoolSpec, Code: "BAD_POOL_SPEC",
			Message: "The pool form could not be read.",
			Hint:    "Reload the page and fill in the form again."},
	})
}
