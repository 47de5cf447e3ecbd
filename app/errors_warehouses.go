package app

import "github.com/clusterdeck/clusterdeck/backend/warehouses"

// warehouseRules explain the Warehouses page's own failures.
func warehouseRules() []ErrorRule {
	return []ErrorRule{
		{warehouses.ErrNotFound, "WAREHOUSE_NOT_FOUND",
			"This SQL warehouse no longer exists in the workspace.",
			"Someone may have deleted it; the list refreshes by itself."},
		{warehouses.ErrNotAllowed, "INVALID_STATE",
			"The warehouse's state does not allow this now.",
			"The list shows the current state; wait for it to change, then try again."},
		{warehouses.ErrNameMismatch, "NAME_MISMATCH",
			"The name you typed does not match the warehouse's name.",
			"Type the name exactly as shown, including capitals and spaces."},
		{errBadWarehouseExport, "BAD_EXPORT_FORMAT",
			"SQL warehouses export as API JSON, a bundle or Terraform only.",
			"Pick one of the three formats."},
		{errBadWarehouseSpec, "BAD_WAREHOUSE_SPEC",
			"The warehouse form could not be read.",
			"Reload the page and fill in the form again."},
	}
}
