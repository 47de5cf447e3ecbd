package app

import (
	"slices"

	"github.com/clusterdeck/clusterdeck/backend/warehouses"
)

// warehouseRules explain the Warehouses page's own failures: the service's
// (warehouses' wording.go), then the facade's own.
func warehouseRules() []ErrorRule {
	return slices.Concat(warehouses.ErrorWording(), []ErrorRule{
		{Target: errBadLoadHours, Code: "BAD_LOAD_RANGE",
			Message: "The load chart covers from 1 hour to 30 days.",
			Hint:    "Pick one of the chart's ranges."},
		{Target: errBadWarehouseSpec, Code: "BAD_WAREHOUSE_SPEC",
			Message: "The warehouse form could not be read.",
			Hint:    "Reload the page and fill in the form again."},
	})
}
