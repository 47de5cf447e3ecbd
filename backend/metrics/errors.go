package metrics

import "errors"

// The tab's own failures; wording.go words them for the user.
var (
	// ErrNoWarehouse: no SQL warehouse is chosen for the workspace.
	ErrNoWarehouse = errors.New("no SQL warehouse is chosen for this workspace")
	// ErrWarehouseStopped: the chosen warehouse is not running; starting it
	// bills, so the page asks first and calls again with Start set.
	ErrWarehouseStopped = errors.New("the SQL warehouse is not running")
	// ErrNoSystemTables: the user may not read system.compute.node_timeline.
	ErrNoSystemTables = errors.New("no access to the system table system.compute.node_timeline")
	// ErrNoBillingTables: the user may not read system.billing.usage.
	ErrNoBillingTables = errors.New("no access to the system table system.billing.usage")
	// ErrStatementFailed: the warehouse refused or failed the query.
	ErrStatementFailed = errors.New("the metrics query failed")
	// ErrStatementTimeout: the query did not finish in time (it is cancelled).
	ErrStatementTimeout = errors.New("the metrics query did not finish in time")
	// ErrBadRange: the range asked for is not one the tab offers.
	ErrBadRange = errors.New("unknown time range")
	// ErrBadPrice: a price per DBU out of range.
	ErrBadPrice = errors.New("invalid price per DBU")
	// ErrNoWarehouseID: a warehouse's spend asked for without its id.
	ErrNoWarehouseID = errors.New("no SQL warehouse id given")
)

// Grants is what an admin grants so a user can read the utilisation table.
const Grants = "USE CATALOG on system, USE SCHEMA on system.compute, and SELECT on system.compute.node_timeline"

// BillingGrants is what an admin grants so a user can read actual spend.
const BillingGrants = "USE CATALOG on system, USE SCHEMA on system.billing, and SELECT on system.billing.usage and system.billing.list_prices"
