package demo

import (
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// One check at a time, the rules of sql_warehouse_scaling.go (after
// docs.databricks.com/en/compute/sql-warehouse/warehouse-behavior.html):
// a cluster more while queries queue, up to the maximum; one less after the
// load has fit in one fewer for 15 minutes (pro, classic) or 5 (serverless),
// down to the minimum.
func TestWarehouseScaleSteps(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 14, 0, 0, 0, time.UTC)
	ms := func(d time.Duration) int64 { return millis(t0.Add(d)) }
	// q is a query that starts at start, waits until run, ends at end.
	q := func(start, run, end time.Duration) *queryEntry {
		return &queryEntry{start: ms(start), run: ms(run), end: ms(end), final: sql.QueryStatusFinished}
	}
	many := func(n int, end time.Duration) []*queryEntry {
		out := make([]*queryEntry, n)
		for i := range out {
			out[i] = q(0, 0, end)
		}
		return out
	}
	type check struct {
		at       time.Duration
		clusters int
		again    bool
	}
	tests := []struct {
		name       string
		serverless bool
		min, max   int
		now        int // clusters at t0
		live       []*queryEntry
		checks     []check
	}{
		{"a queued query adds a cluster, up to the maximum", false, 1, 2, 1,
			[]*queryEntry{q(0, 5*time.Minute, time.Hour), q(0, 0, time.Hour)},
			[]check{{time.Minute, 2, true}, {2 * time.Minute, 2, true}}},
		{"low load for 15 minutes takes one away", false, 1, 4, 3, []*queryEntry{q(0, 0, time.Hour)},
			[]check{{time.Minute, 3, true}, {15 * time.Minute, 3, true}, {16 * time.Minute, 2, true},
				{30 * time.Minute, 2, true}, {31 * time.Minute, 1, true}}},
		{"a load that needs the clusters keeps them", false, 1, 3, 2, many(15, time.Hour),
			[]check{{time.Minute, 2, true}, {30 * time.Minute, 2, true}}},
		{"serverless steps down after 5 minutes", true, 1, 3, 2, nil,
			[]check{{10 * time.Second, 2, true}, {5*time.Minute + 10*time.Second, 1, false}}},
		{"at the minimum with nothing running: no more checks", false, 2, 4, 2, nil,
			[]check{{time.Minute, 2, false}}},
		{"the queue drained: the window starts after it", false, 1, 2, 2,
			[]*queryEntry{q(0, 3*time.Minute, time.Hour)},
			[]check{{time.Minute, 2, true}, {4 * time.Minute, 2, true}, {18 * time.Minute, 2, true}, {19 * time.Minute, 1, true}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			wh := &warehouse{info: sql.EndpointInfo{Id: "w", State: sql.StateRunning, EnableServerlessCompute: tc.serverless,
				MinNumClusters: tc.min, MaxNumClusters: tc.max, NumClusters: tc.now}, live: tc.live}
			for _, c := range tc.checks {
				again := wh.scale(t0.Add(c.at))
				assert.Equal(t, c.clusters, wh.info.NumClusters, "clusters after the check at %s", c.at)
				assert.Equal(t, c.again, again, "check again after %s", c.at)
			}
			// Every change is an event with the clusters after it.
			n := tc.now
			for _, e := range wh.events {
				switch e.typ {
				case eventScaledUp:
					n++
				case eventScaledDown:
					n--
				}
				assert.Equal(t, n, e.clusters)
			}
			assert.Equal(t, wh.info.NumClusters, n)
		})
	}
}

// On the demo clock: the seeded running warehouses scale with their live
// queries, and system.compute.warehouse_events records it.
func TestWarehousesScaleOnTheDemoClock(t *testing.T) {
	srv, w := frozen(t, Options{Seed: 42, StartTime: historyStart})
	ctx := testCtx(t)
	clusters := func(id string) int {
		t.Helper()
		got, err := w.Warehouses.GetById(ctx, id)
		require.NoError(t, err)
		return got.NumClusters
	}
	events := func(id string) []string {
		t.Helper()
		resp, err := w.StatementExecution.ExecuteStatement(ctx, sql.ExecuteStatementRequest{WarehouseId: demoWarehouseID, Statement: loadChartSQL,
			Parameters: []sql.StatementParameterListItem{{Name: "id", Value: id}, {Name: "since", Value: historyStart.UTC().Format(time.RFC3339), Type: "TIMESTAMP"}}})
		require.NoError(t, err)
		require.Equal(t, sql.StatementStateSucceeded, resp.Status.State)
		var out []string
		for _, r := range resp.Result.DataArray {
			out = append(out, r[1]+"/"+r[2])
		}
		return out
	}
	// Always-on Reporting (1–2 clusters): a report runs 42 more minutes and
	// another waits 100 s behind it. Dashboards Pro (1–4, 2 running): one
	// dashboard query, 6.5 more minutes.
	steps := []struct {
		after                string
		at                   time.Duration
		alwaysOn, dashboards int
		alwaysOnEvents       []string
		dashboardsEvents     []string
	}{
		{"at the start", 0, 1, 2, nil, nil},
		{"the first check sees the queue", time.Minute, 2, 2, []string{"SCALED_UP/2"}, nil},
		{"low load, not yet 15 minutes", 15 * time.Minute, 2, 2, []string{"SCALED_UP/2"}, nil},
		{"15 minutes of low load", 17 * time.Minute, 1, 1, []string{"SCALED_UP/2", "SCALED_DOWN/1"}, []string{"SCALED_DOWN/1"}},
		{"at the minimum, it stays", 25 * time.Minute, 1, 1, []string{"SCALED_UP/2", "SCALED_DOWN/1"}, []string{"SCALED_DOWN/1"}},
	}
	for _, s := range steps {
		t.Run(s.after, func(t *testing.T) {
			srv.Clock().Advance(historyStart.Add(s.at).Sub(srv.Clock().Now()))
			assert.Equal(t, s.alwaysOn, clusters(alwaysOnID), "Always-on Reporting")
			assert.Equal(t, s.dashboards, clusters(dashboardsID), "Dashboards Pro")
			assert.Equal(t, s.alwaysOnEvents, events(alwaysOnID))
			assert.Equal(t, s.dashboardsEvents, events(dashboardsID))
		})
	}
}
