package fleet

import (
	"bytes"
	"encoding/csv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/clusters"
	"github.com/clusterdeck/clusterdeck/backend/warehouses"
)

var now = time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)

func row(id, state string, autoTerm int, started time.Duration, cost *clusters.RowCost, tags map[string]string) clusters.Row {
	return clusters.Row{ID: id, Name: "c-" + id, State: state, Kind: clusters.KindAllPurpose, Creator: id + "@x.com",
		AutoTermination: autoTerm, StartTime: now.Add(-started).UnixMilli(), Cost: cost, Tags: tags}
}

// idle sets when the cluster last ran something.
func idle(r clusters.Row, since time.Duration) clusters.Row {
	r.LastActivity = now.Add(-since).UnixMilli()
	return r
}

func priced(dbus, usd float64) *clusters.RowCost {
	return &clusters.RowCost{DBUsPerHour: dbus, DollarsPerHour: usd, Priced: true}
}

func fixture() []Workspace {
	return []Workspace{
		{ID: "prod", Name: "Prod", Listed: []clusters.Listed{
			{View: clusters.ViewAllPurpose, At: now.Add(-20 * time.Second), Rows: []clusters.Row{
				idle(row("a", "RUNNING", 0, 3*time.Hour, priced(10, 5.5), map[string]string{"cost-center": "cc-1"}), 2*time.Hour),
				row("b", "RUNNING", 60, 72*time.Hour, priced(4, 2.2), map[string]string{"cost-center": "cc-2"}),
				row("off", "TERMINATED", 60, 0, nil, nil),
			}},
			{View: clusters.ViewJob, At: now.Add(-5 * time.Second), Rows: []clusters.Row{
				{ID: "j", Name: "job-1", State: "RUNNING", Kind: clusters.KindJob, StartTime: now.Add(-time.Hour).UnixMilli(), Cost: priced(2, 0.4)},
			}},
		}},
		{ID: "dev", Name: "Dev", Listed: []clusters.Listed{
			{View: clusters.ViewAllPurpose, At: now.Add(-10 * time.Minute), Rows: []clusters.Row{
				row("c", "PENDING", 240, 0, nil, map[string]string{"cost-center": "cc-1"}),
				idle(row("d", "RUNNING", 30, 30*time.Minute, &clusters.RowCost{DBUsPerHour: 3}, nil), 10*time.Minute),
			}},
			{View: clusters.ViewJob}, // never listed
		}},
		{ID: "new", Name: "New"},
	}
}

func TestBuildTotalsEqualTheSumOverWorkspaces(t *testing.T) {
	v := Build(fixture(), "workspace", now)
	require.Len(t, v.Rows, 5, "running and starting compute only")
	assert.Equal(t, Total{Label: "All workspaces", Clusters: 5, DBUsPerHour: 19, DollarsPerHour: 8.1, Unpriced: 1}, v.Total)
	byID := map[string]WorkspaceState{}
	for _, w := range v.Workspaces {
		byID[w.ID] = w
	}
	assert.Equal(t, Total{Key: "prod", Label: "Prod", Clusters: 3, DBUsPerHour: 16, DollarsPerHour: 8.1}, byID["prod"].Total)
	assert.Equal(t, Total{Key: "dev", Label: "Dev", Clusters: 2, DBUsPerHour: 3, Unpriced: 1}, byID["dev"].Total)
	assert.Equal(t, int64(20), byID["prod"].AgeSec, "the oldest of its views")
	assert.Equal(t, int64(600), byID["dev"].AgeSec)
	assert.Empty(t, byID["dev"].ListedAt, "its job view was never listed: still listing")
	assert.NotEmpty(t, byID["prod"].ListedAt)
	assert.Empty(t, byID["new"].ListedAt, "never listed: no age")
	assert.Equal(t, "a", v.Rows[0].ID, "most expensive first")
}

func TestFlags(t *testing.T) {
	v := Build(fixture(), "workspace", now)
	flags := map[string][]Flag{}
	for _, r := range v.Rows {
		flags[r.ID] = r.Flags
	}
	assert.Equal(t, map[string][]Flag{
		"a": {NoAutoTermination, Idle},
		"b": {RunningForDays},
		"c": {LongAutoTerminate},
		"d": {},
		"j": {}, // job compute stops with its run
	}, flags)
}

func TestGroups(t *testing.T) {
	tests := []struct {
		groupBy string
		want    []Total
	}{
		{"workspace", []Total{{Key: "prod", Label: "Prod", Clusters: 3, DBUsPerHour: 16, DollarsPerHour: 8.1},
			{Key: "dev", Label: "Dev", Clusters: 2, DBUsPerHour: 3, Unpriced: 1}}},
		{"tag:cost-center", []Total{{Key: "cc-1", Label: "cost-center: cc-1", Clusters: 2, DBUsPerHour: 10, DollarsPerHour: 5.5},
			{Key: "cc-2", Label: "cost-center: cc-2", Clusters: 1, DBUsPerHour: 4, DollarsPerHour: 2.2},
			{Key: "", Label: "(no cost-center tag)", Clusters: 2, DBUsPerHour: 5, DollarsPerHour: 0.4, Unpriced: 1}}},
	}
	for _, tc := range tests {
		t.Run(tc.groupBy, func(t *testing.T) {
			v := Build(fixture(), tc.groupBy, now)
			assert.Equal(t, tc.want, v.Groups)
			// The table is grouped as the totals are: each group's rows
			// together, in the groups' order.
			var order []string
			for _, r := range v.Rows {
				if len(order) == 0 || order[len(order)-1] != r.Group {
					order = append(order, r.Group)
				}
			}
			var keys []string
			for _, g := range v.Groups {
				keys = append(keys, g.Key)
			}
			assert.Equal(t, keys, order)
		})
	}
	rows := Build(fixture(), "tag:cost-center", now).Rows
	assert.Equal(t, []string{"a", "c", "b", "j", "d"}, ids(rows), "costliest first within each group")
	assert.Len(t, Build(fixture(), "creator", now).Groups, 5)
	assert.Equal(t, []string{"cost-center"}, TagKeys(Build(fixture(), "workspace", now).Rows))
}

func TestCSVIsSafeForSpreadsheets(t *testing.T) {
	wss := fixture()
	wss[0].Listed[0].Rows[0].Name = "=HYPERLINK(\"http://evil\")"
	out := CSV(Build(wss, "workspace", now))
	recs, err := csv.NewReader(bytes.NewReader(out)).ReadAll()
	require.NoError(t, err)
	require.Len(t, recs, 6)
	assert.Equal(t, "name", recs[0][3])
	assert.Equal(t, "'=HYPERLINK(\"http://evil\")", recs[1][3], "a formula is text")
	assert.Equal(t, "5.50", recs[1][10])
	assert.Equal(t, "Prod", recs[1][0])
}

func ids(rows []Row) []string {
	out := make([]string, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.ID)
	}
	return out
}

// Running and starting SQL warehouses are rows of their own kind, count in
// the totals, and are flagged by their auto-stop.
func TestWarehouseRows(t *testing.T) {
	wh := func(id, state string, autoStop int, cost *warehouses.Cost) warehouses.WarehouseView {
		return warehouses.WarehouseView{ID: id, Name: "wh-" + id, State: state, Kind: warehouses.KindServerless, Size: "Small",
			Clusters: 1, MinClusters: 1, MaxClusters: 1, AutoStopMins: autoStop, Cost: cost}
	}
	tests := []struct {
		name      string
		w         warehouses.WarehouseView
		wantRow   bool
		wantFlags []Flag
		wantText  []string
	}{
		{"running, stops soon", wh("a", "RUNNING", 10, nil), true, []Flag{}, []string{}},
		{"starting, never stops", wh("b", "STARTING", 0, nil), true, []Flag{NoAutoStop}, []string{"No auto-stop: it runs until someone stops it"}},
		{"running, stops after 2 hours", wh("c", "RUNNING", 120, nil), true, []Flag{LongAutoStop}, []string{"Stops only after 120 idle minutes (over 60)"}},
		{"exactly 60 minutes is fine", wh("d", "RUNNING", 60, nil), true, []Flag{}, []string{}},
		{"stopped: not a row", wh("e", "STOPPED", 0, nil), false, nil, nil},
		{"stopping: not a row", wh("f", "STOPPING", 0, nil), false, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := Build([]Workspace{{ID: "ws", Name: "WS", Warehouses: []warehouses.WarehouseView{tc.w}}}, "workspace", now)
			if !tc.wantRow {
				assert.Empty(t, v.Rows)
				assert.Zero(t, v.Total.Clusters)
				return
			}
			require.Len(t, v.Rows, 1)
			r := v.Rows[0]
			assert.Equal(t, KindSQLWarehouse, r.Kind)
			assert.Equal(t, "SQL warehouse", r.KindLabel)
			assert.Equal(t, "Serverless", r.Runtime)
			assert.Equal(t, tc.wantFlags, r.Flags)
			assert.Equal(t, tc.wantText, r.FlagText)
			assert.Equal(t, 1, v.Total.Warehouses)
		})
	}
}

func TestWarehousesCountInTheTotalsAndGroupByKind(t *testing.T) {
	wss := fixture()
	wss[0].Warehouses = []warehouses.WarehouseView{{ID: "w", Name: "BI", State: "RUNNING", Kind: warehouses.KindPro, Size: "Medium",
		Clusters: 1, MinClusters: 1, MaxClusters: 1, AutoStopMins: 10, Cost: &warehouses.Cost{DBUsPerHour: 24, DollarsPerHour: 13.2, Priced: true}}}
	v := Build(wss, "kind", now)
	assert.Equal(t, Total{Label: "All workspaces", Clusters: 6, Warehouses: 1, DBUsPerHour: 43, DollarsPerHour: 21.3, Unpriced: 1}, v.Total)
	assert.Equal(t, "w", v.Rows[0].ID, "the costliest first")
	assert.Equal(t, []Total{
		{Key: "sql-warehouse", Label: "SQL warehouse", Clusters: 1, Warehouses: 1, DBUsPerHour: 24, DollarsPerHour: 13.2},
		{Key: "all-purpose", Label: "All-purpose cluster", Clusters: 4, DBUsPerHour: 17, DollarsPerHour: 7.7, Unpriced: 1},
		{Key: "job", Label: "Job cluster", Clusters: 1, DBUsPerHour: 2, DollarsPerHour: 0.4},
	}, v.Groups)
}

func TestDurationText(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		// A start time ahead of this laptop's clock (the workspace's clock is
		// ahead, or the laptop's behind) reads as just started, not "-3 min".
		{-3 * time.Minute, "0 min"},
		{0, "0 min"},
		{59 * time.Minute, "59 min"},
		{2*time.Hour + 11*time.Minute, "2 h 11 min"},
		{26 * time.Hour, "1 d 2 h"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, durationText(tc.d), tc.d.String())
	}
}
