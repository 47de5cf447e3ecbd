package app

import (
	"github.com/clusterdeck/clusterdeck/backend/metrics"
)

// metricsRules explain the tab's own failures.
func metricsRules() []ErrorRule {
	return []ErrorRule{
		{metrics.ErrNoWarehouse, "NO_WAREHOUSE", "No SQL warehouse is chosen for this workspace.",
			"Pick one above: CPU, memory and network come from a system table that a SQL warehouse reads. The worker count needs none."},
		{metrics.ErrWarehouseStopped, "WAREHOUSE_STOPPED", "The SQL warehouse is stopped.",
			"Starting it bills for its run time. Start it, or pick a running warehouse."},
		{metrics.ErrNoSystemTables, "NO_SYSTEM_TABLE_ACCESS", "You cannot read the system table system.compute.node_timeline.",
			"Ask an admin to grant you " + metrics.Grants + " (and to enable the system.compute schema if it is not)."},
		{metrics.ErrNoBillingTables, "NO_BILLING_TABLE_ACCESS", "You cannot read the billing system table system.billing.usage.",
			"Ask an admin to grant you " + metrics.BillingGrants + ". Until then the DBU/h and $/h estimates still work."},
		{metrics.ErrStatementTimeout, "STATEMENT_TIMEOUT", "The metrics query did not finish in time and was cancelled.",
			"Try a shorter range, or a larger or running warehouse."},
		{metrics.ErrStatementFailed, "STATEMENT_FAILED", "The metrics query failed on the SQL warehouse.",
			"The warehouse's message is below; check the warehouse is healthy and try again."},
		{metrics.ErrBadPrice, "BAD_PRICE", "A price per DBU must be from $0 to $100.",
			"Enter what your contract or the list price says per DBU for each kind of compute."},
		{metrics.ErrBadRange, "BAD_RANGE", "That time range cannot be shown.",
			"Pick 1 h, 6 h, 24 h, 7 days, or a custom range of at most 31 days that runs forwards."},
		{metrics.ErrNoWarehouseID, "NO_WAREHOUSE_ID", "No SQL warehouse was named for its spend.",
			"Open the warehouse's page and its Spend tab again."},
	}
}
