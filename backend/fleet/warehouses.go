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
	// IdleWarehouse: running, and no query started in the last IdleFor nor
	// runs or waits now (the Query History API).
	IdleWarehouse Flag = "idle-warehouse"
	// OversizedWarehouse: above the smallest size, and over PeakWindow no
	// query waited and at most QueriesPerCluster ran at once (its whole
	// history read), and it runs no more clusters than its minimum now.
	OversizedWarehouse Flag = "oversized-warehouse"
)

// QueriesPerCluster is about how many queries one cluster of a pro or
// classic warehouse runs at once, whatever its size: Databricks' sizing
// guide recommends "a cluster for every 10 concurrent queries"
// (docs.databricks.com/en/compute/sql-warehouse/warehouse-behavior.html).
// A warehouse that never ran more and never queued is sized for heavier
// queries, not for more of them; the guide's advice to cut cost is to
// "step down in t-shirt size" while latency holds.
const QueriesPerCluster = 10

// StopSoonMins is the auto-stop the idle flag suggests.
const StopSoonMins = 10

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
		if w.State == "RUNNING" {
			useFlags(&r, w, ws.Use[w.ID])
		}
		out = append(out, r)
	}
	return out
}

// useFlags flags a running warehouse by its use; what is unknown flags nothing.
func useFlags(r *Row, w warehouses.WarehouseView, u Use) {
	if u.RanLastHour != nil && !*u.RanLastHour {
		fix := fmt.Sprintf("Stop it, or set auto-stop to %d minutes", StopSoonMins)
		if w.AutoStopMins > 0 && w.AutoStopMins <= StopSoonMins {
			fix = "Stop it: something keeps it up though its auto-stop is short"
		}
		r.flag(IdleWarehouse, "Nothing has run on it for an hour. "+fix)
	}
	if p := u.Peak; p != nil && !p.Truncated && p.Queries > 0 && p.Queued == 0 && p.Running <= QueriesPerCluster &&
		w.Clusters <= max(w.MinClusters, 1) {
		if smaller := smallerSize(w.Size); smaller != "" {
			r.flag(OversizedWarehouse, fmt.Sprintf("Larger than its load needs: in 7 days at most %d queries ran at once and none waited "+
				"(one cluster of any size runs about %d). Try size %s", p.Running, QueriesPerCluster, smaller))
		}
	}
}

// smallerSize is the size one step down ("" for the smallest or an unknown size).
func smallerSize(size string) string {
	for i, s := range warehouses.Sizes {
		if s == size && i > 0 {
			return warehouses.Sizes[i-1]
		}
	}
	return ""
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
