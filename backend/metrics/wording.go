package metrics

import "github.com/clusterdeck/clusterdeck/backend/wording"

// ErrorWording explains the Metrics tab's own failures; app puts them in its
// one ordered table (see backend/wording).
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrNoWarehouse, Code: "NO_WAREHOUSE",
			Message: "No SQL warehouse is chosen for this workspace.",
			Hint:    "Pick one above: CPU, memory and network come from a system table that a SQL warehouse reads. The worker count needs none."},
		{Target: ErrWarehouseStopped, Code: "WAREHOUSE_STOPPED",
			Message: "The SQL warehouse is stopped.",
			Hint:    "Starting it bills for its run time. Start it, or pick a running warehouse."},
		{Target: ErrNoSystemTables, Code: "NO_SYSTEM_TABLE_ACCESS",
			Message: "You cannot read the system table system.compute.node_timeline.",
			Hint:    "Ask an admin to grant you " + Grants + " (and to enable the system.compute schema if it is not)."},
		{Target: ErrNoBillingTables, Code: "NO_BILLING_TABLE_ACCESS",
			Message: "You cannot read the billing system table system.billing.usage.",
			Hint:    "Ask an admin to grant you " + BillingGrants + ". Until then the DBU/h and $/h estimates still work."},
		{Target: ErrStatementTimeout, Code: "STATEMENT_TIMEOUT",
			Message: "The metrics query did not finish in time and was cancelled.",
			Hint:    "Try a shorter range, or a larger or running warehouse."},
		{Target: ErrStatementFailed, Code: "STATEMENT_FAILED",
			Message: "The metrics query failed on the SQL warehouse.",
			Hint:    "The warehouse's message is below; check the warehouse is healthy and try again."},
		{Target: ErrBadPrice, Code: "BAD_PRICE",
			Message: "A price per DBU must be from $0 to $100.",
			Hint:    "Enter what your contract or the list price says per DBU for each kind of compute."},
		{Target: ErrBadRange, Code: "BAD_RANGE",
			Message: "That time range cannot be shown.",
			Hint:    "Pick 1 h, 6 h, 24 h, 7 days, or a custom range of at most 31 days that runs forwards."},
		{Target: ErrNoWarehouseID, Code: "NO_WAREHOUSE_ID",
			Message: "No SQL warehouse was named for its spend.",
			Hint:    "Open the warehouse's page and its Spend tab again."},
	}
}
