package app

import "github.com/clusterdeck/clusterdeck/backend/warehouses"

// warehouseRules explain the Warehouses page's own failures.
func warehouseRules() []ErrorRule {
	return []ErrorRule{
		{warehouses.ErrNotFound, "WAREHOUSE_NOT_FOUND",
			"This SQL warehouse no longer exists in the workspace.",
			"Someone may have deleted it; its history, load and connection details went with it. The list refreshes by itself."},
		{warehouses.ErrNotAllowed, "INVALID_STATE",
			"The warehouse's state does not allow this now.",
			"The list shows the current state; wait for it to change, then try again."},
		{warehouses.ErrNameMismatch, "NAME_MISMATCH",
			"The name you typed does not match the warehouse's name.",
			"Type the name exactly as shown, including capitals and spaces."},
		{errBadWarehouseExport, "BAD_EXPORT_FORMAT",
			"SQL warehouses export as API JSON, a bundle or Terraform only.",
			"Pick one of the three formats."},
		{warehouses.ErrBadHistoryQuery, "BAD_HISTORY_FILTER",
			"The query history cannot be filtered that way.",
			"Pick users and statuses from the lists; a user must exist in the workspace."},
		{errBadLoadHours, "BAD_LOAD_RANGE",
			"The load chart covers from 1 hour to 30 days.",
			"Pick one of the chart's ranges."},
		{errBadWarehouseSpec, "BAD_WAREHOUSE_SPEC",
			"The warehouse form could not be read.",
			"Reload the page and fill in the form again."},
	}
}
