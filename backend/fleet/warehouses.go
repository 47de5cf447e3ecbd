package fleet

import (
	"fmt"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/clusters"
	"github.com/clusterdeck/clusterdeck/backend/warehouses"
)

// KindSQLWarehouse marks a row that is a SQL warehouse, not a cluster.
const KindSQLWarehouse clusters.Kind = "sql-warehouse"

// The flags of a SQL warehouse, with the rule that raises them.
const (
	NoAutoStop   Flag = "no-auto-stop"   // auto_stop_mins 0: runs until someone stops it
	LongAutoStop Flag = "long-auto-stop" // stops only after more than LongAutoStopMins idle
)

// LongAutoStopMins is the idle time above which a warehouse is flagged:
// a warehouse bills for every idle minute before it stops.
const LongAutoStopMins = 60

// kindLabels are what the page says a row is.
var kindLabels = map[clusters.Kind]string{
	clusters.KindAllPurpose: "All-purpose cluster",
	clusters.KindJob:        "Job cluster",
	KindSQLWarehouse:        "SQL warehouse",
}

// warehouseKinds say which SQL warehouse it is, in the Runtime column
// (narrow: the name's line already says "SQL warehouse").
var warehouseKinds = map[warehouses.Kind]string{
	warehouses.KindServerless: "Serverless",
	warehouses.KindPro:        "Pro",
	warehouses.KindClassic:    "Classic",
}

// warehouseRows are the workspace's warehouses that bill (running or
// starting), as fleet rows with their cost and flags.
func warehouseRows(ws Workspace) []Row {
	var out []Row
	for _, w := range ws.Warehouses {
		if !warehouses.Billing(w.State) {
			continue
		}
		r := Row{Row: clusters.Row{ID: w.ID, Name: w.Name, State: w.State, Kind: KindSQLWarehouse,
			Workers: warehouseSize(w), Runtime: warehouseKinds[w.Kind], Creator: w.Creator, Tags: w.Tags},
			Workspace: ws.ID, WorkspaceName: ws.Name, KindLabel: kindLabels[KindSQLWarehouse],
			Flags: []Flag{}, FlagText: []string{}}
		if w.Cost != nil {
			r.Cost = &clusters.RowCost{DBUsPerHour: w.Cost.DBUsPerHour, DollarsPerHour: w.Cost.DollarsPerHour, Priced: w.Cost.Priced}
		}
		switch {
		case w.AutoStopMins == 0:
			r.flag(NoAutoStop, "No auto-stop: it runs until someone stops it")
		case w.AutoStopMins > LongAutoStopMins:
			r.flag(LongAutoStop, fmt.Sprintf("Stops only after %d idle minutes (over %d)", w.AutoStopMins, LongAutoStopMins))
		}
		out = append(out, r)
	}
	return out
}

func (r *Row) flag(f Flag, text string) {
	r.Flags = append(r.Flags, f)
	r.FlagText = append(r.FlagText, text)
}

// warehouseSize is "Medium", or "Medium × 2" while more than one cluster
// runs: short enough for the Size column, which never cuts a figure (the
// scaling range is on the Warehouses page).
func warehouseSize(w warehouses.WarehouseView) string {
	if w.Clusters > 1 {
		return fmt.Sprintf("%s × %d", w.Size, w.Clusters)
	}
	return w.Size
}

// listedAt is when a workspace's warehouses were listed ("" never).
func listedAt(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}
