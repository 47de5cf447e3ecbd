package demo

import (
	"sort"
	"strconv"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
)

// system.compute.warehouse_events as the Statement Execution API answers
// it: one row each time a warehouse starts, runs, scales up or down, stops
// and has stopped, with the clusters running after the event. The rows
// come from the warehouses' life cycles here (sql_warehouses_life.go), their
// scaling (sql_warehouse_scaling.go) and their seeded past
// (sql_history_seed.go); the query engine is the billing tables'
// (sql_billing_query.go).

// The event types the table documents.
const (
	eventStarting   = "STARTING"
	eventRunning    = "RUNNING"
	eventScaledUp   = "SCALED_UP"
	eventScaledDown = "SCALED_DOWN"
	eventStopping   = "STOPPING"
	eventStopped    = "STOPPED"
)

var warehouseEventColumns = []string{"account_id", "workspace_id", "warehouse_id", "event_type", "cluster_count", "event_time"}

var warehouseEventTypes = map[string]sql.ColumnInfoTypeName{"cluster_count": sql.ColumnInfoTypeNameInt,
	"event_time": sql.ColumnInfoTypeNameTimestamp}

// warehouseEvent is one row: when, what, and the clusters running after it.
type warehouseEvent struct {
	at       int64 // ms
	typ      string
	clusters int
}

// event records what just happened to the warehouse, with its clusters now.
func (wh *warehouse) event(at time.Time, typ string) {
	n := wh.info.NumClusters
	if typ == eventStarting || typ == eventStopped {
		n = 0
	}
	wh.events = append(wh.events, warehouseEvent{at: millis(at), typ: typ, clusters: n})
}

// warehouseEventRecords is every warehouse's events, deleted ones' too,
// in time order.
func (ws *workspace) warehouseEventRecords() []billingRecord {
	wsID := strconv.FormatInt(ws.id, 10)
	var out []billingRecord
	for _, id := range sortedWarehouseIDs(ws.warehouses) {
		for _, e := range ws.warehouses[id].events {
			out = append(out, billingRecord{"account_id": demoAccountID, "workspace_id": wsID, "warehouse_id": id,
				"event_type": e.typ, "cluster_count": strconv.Itoa(e.clusters),
				"event_time": time.UnixMilli(e.at).UTC().Format("2006-01-02T15:04:05.000Z")})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i]["event_time"] < out[j]["event_time"] })
	return out
}

func sortedWarehouseIDs(m map[string]*warehouse) []string {
	ids := make([]string, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}
