// Package fleet is the Fleet page's rules: the compute running or starting
// in every workspace at once, what each costs per hour, totals per
// workspace and overall, flags a user acts on, grouping, and CSV.
package fleet

import (
	"fmt"
	"sort"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/clusters"
	"github.com/clusterdeck/clusterdeck/backend/warehouses"
)

// Workspace is one workspace as the fleet reads it.
type Workspace struct {
	ID, Name string
	Listed   []clusters.Listed // its views' last good passes
	// OverPolicy says why a cluster is larger than its policy allows ("" when
	// it is not, or its policy is not known); nil checks nothing.
	OverPolicy func(clusters.Row) string
	// Warehouses are its SQL warehouses as last listed (the catalog cache,
	// priced), at WarehousesAt; only those running or starting are rows.
	Warehouses   []warehouses.WarehouseView
	WarehousesAt time.Time
	// Use is its running warehouses' recent use, by id (warehouse_use.go).
	Use map[string]Use
}

// Flag is something about running compute a user may want to act on.
type Flag string

// The flags, with the rules that raise them.
const (
	NoAutoTermination Flag = "no-auto-termination" // never stops by itself
	LongAutoTerminate Flag = "long-auto-termination"
	RunningForDays    Flag = "running-for-days"
	LargerThanPolicy  Flag = "larger-than-policy"
	Idle              Flag = "idle"
)

// IdleFor is how long a running cluster runs nothing before it is flagged.
const IdleFor = time.Hour

// LongAutoTermination is the idle time above which a cluster is flagged.
const LongAutoTermination = 120 // minutes

// DaysRunning is how long a cluster runs before it is flagged.
const DaysRunning = 48 * time.Hour

// Row is one running or starting cluster or SQL warehouse of some
// workspace; Kind tells which (KindSQLWarehouse), KindLabel says it.
type Row struct {
	clusters.Row
	KindLabel     string   `json:"kindLabel"` // "All-purpose cluster", "Job cluster", "SQL warehouse"
	Workspace     string   `json:"workspace"`
	WorkspaceName string   `json:"workspaceName"`
	Flags         []Flag   `json:"flags"`
	FlagText      []string `json:"flagText"`
	RunningFor    string   `json:"runningFor"` // "3 d 4 h"
	Group         string   `json:"group"`      // the key of its group (Total.Key) under the chosen grouping
}

// Total adds up a set of rows.
type Total struct {
	Key            string  `json:"key"`        // the group's value ("" for the whole fleet)
	Label          string  `json:"label"`      // what the page shows
	Clusters       int     `json:"clusters"`   // every row: clusters and SQL warehouses
	Warehouses     int     `json:"warehouses"` // of which SQL warehouses
	DBUsPerHour    float64 `json:"dbusPerHour"`
	DollarsPerHour float64 `json:"dollarsPerHour"`
	Unpriced       int     `json:"unpriced"` // rows with DBUs but no price
}

// WorkspaceState is a workspace's freshness in the fleet.
type WorkspaceState struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	ListedAt string `json:"listedAt"` // RFC 3339, the oldest of its views; "" until every view was listed once
	AgeSec   int64  `json:"ageSec"`
	// WarehousesAt is when its SQL warehouses were listed (RFC 3339, ""
	// never): they come from the catalog cache, not the clusters' pollers.
	WarehousesAt string `json:"warehousesAt"`
	Total        Total  `json:"total"`
}

// View is the Fleet page.
type View struct {
	Rows       []Row            `json:"rows"`
	Workspaces []WorkspaceState `json:"workspaces"`
	Groups     []Total          `json:"groups"` // by the chosen key, largest $/h first
	Total      Total            `json:"total"`
	GroupBy    string           `json:"groupBy"`
}

// live says whether a state counts as running or starting compute.
func live(state string) bool {
	switch state {
	case "RUNNING", "RESIZING", "PENDING", "RESTARTING":
		return true
	}
	return false
}

// Build makes the view from every workspace's last lists. groupBy is
// "workspace", "creator" or "tag:<key>".
func Build(wss []Workspace, groupBy string, now time.Time) View {
	v := View{Rows: []Row{}, Workspaces: []WorkspaceState{}, GroupBy: groupBy}
	for _, ws := range wss {
		st := WorkspaceState{ID: ws.ID, Name: ws.Name, Total: Total{Key: ws.ID, Label: ws.Name}}
		var oldest time.Time
		pending := len(ws.Listed) == 0
		for _, l := range ws.Listed {
			if l.At.IsZero() {
				pending = true // a view not listed yet: the workspace is still being read
				continue
			}
			if oldest.IsZero() || l.At.Before(oldest) {
				oldest = l.At
			}
			for _, r := range l.Rows {
				if !live(r.State) {
					continue
				}
				row := flagged(Row{Row: r, KindLabel: kindLabels[r.Kind], Workspace: ws.ID, WorkspaceName: ws.Name}, now, ws.OverPolicy)
				v.Rows = append(v.Rows, row)
				st.Total.add(row)
				v.Total.add(row)
			}
		}
		for _, row := range warehouseRows(ws) {
			v.Rows = append(v.Rows, row)
			st.Total.add(row)
			v.Total.add(row)
		}
		st.WarehousesAt = listedAt(ws.WarehousesAt)
		if !oldest.IsZero() {
			st.AgeSec = int64(now.Sub(oldest).Seconds())
			if !pending {
				st.ListedAt = oldest.UTC().Format(time.RFC3339)
			}
		}
		v.Workspaces = append(v.Workspaces, st)
	}
	sort.SliceStable(v.Rows, func(i, j int) bool { return dollars(v.Rows[i]) > dollars(v.Rows[j]) })
	v.Groups = group(v.Rows, groupBy)
	// The table is grouped too: each group's rows together, in the groups'
	// order (largest $/h first), the costliest first within each.
	rank := make(map[string]int, len(v.Groups))
	for i, g := range v.Groups {
		rank[g.Key] = i
	}
	for i := range v.Rows {
		v.Rows[i].Group, _ = GroupKey(v.Rows[i], groupBy)
	}
	sort.SliceStable(v.Rows, func(i, j int) bool { return rank[v.Rows[i].Group] < rank[v.Rows[j].Group] })
	v.Total.Label = "All workspaces"
	return v
}

func dollars(r Row) float64 {
	if r.Cost == nil {
		return -1
	}
	return r.Cost.DollarsPerHour + r.Cost.DBUsPerHour/1e6 // unpriced rows by DBUs
}

func (t *Total) add(r Row) {
	t.Clusters++
	if r.Kind == KindSQLWarehouse {
		t.Warehouses++
	}
	if r.Cost == nil {
		return
	}
	t.DBUsPerHour = round2(t.DBUsPerHour + r.Cost.DBUsPerHour)
	t.DollarsPerHour = round2(t.DollarsPerHour + r.Cost.DollarsPerHour)
	if !r.Cost.Priced {
		t.Unpriced++
	}
}

func round2(f float64) float64 { return float64(int64(f*100+0.5)) / 100 }

// flagged sets the row's flags and how long it has run.
func flagged(r Row, now time.Time, overPolicy func(clusters.Row) string) Row {
	r.Flags, r.FlagText = []Flag{}, []string{}
	add := r.flag
	if r.Kind == clusters.KindAllPurpose {
		switch {
		case r.AutoTermination == 0:
			add(NoAutoTermination, "No auto-termination: it runs until someone stops it")
		case r.AutoTermination > LongAutoTermination:
			add(LongAutoTerminate, fmt.Sprintf("Stops only after %d idle minutes (over %d)", r.AutoTermination, LongAutoTermination))
		}
	}
	if r.LastActivity > 0 && (r.State == "RUNNING" || r.State == "RESIZING") {
		if idle := now.Sub(time.UnixMilli(r.LastActivity)); idle >= IdleFor {
			add(Idle, "Idle for "+durationText(idle)+": nothing has run on it since")
		}
	}
	if overPolicy != nil {
		if why := overPolicy(r.Row); why != "" {
			add(LargerThanPolicy, why)
		}
	}
	if r.StartTime > 0 && r.State != "PENDING" {
		ran := now.Sub(time.UnixMilli(r.StartTime))
		r.RunningFor = durationText(ran)
		if ran >= DaysRunning {
			add(RunningForDays, "Running for "+r.RunningFor)
		}
	}
	return r
}

func durationText(d time.Duration) string {
	switch {
	case d < 0: // started "in the future": the two clocks disagree
		return "0 min"
	case d < time.Hour:
		return fmt.Sprintf("%d min", int(d.Minutes()))
	case d < 24*time.Hour:
		return fmt.Sprintf("%d h %d min", int(d.Hours()), int(d.Minutes())%60)
	default:
		return fmt.Sprintf("%d d %d h", int(d.Hours())/24, int(d.Hours())%24)
	}
}
