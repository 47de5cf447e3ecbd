package demo

import (
	"strings"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const loadChartSQL = "SELECT event_time, event_type, cluster_count FROM system.compute.warehouse_events WHERE warehouse_id = :id AND event_time >= :since ORDER BY event_time"

func stringsReader(s string) *strings.Reader { return strings.NewReader(s) }

// system.compute.warehouse_events answers the load chart's query from the
// seeded past and the life cycles the demo runs.
func TestWarehouseEventsTable(t *testing.T) {
	srv, w := frozen(t, Options{Seed: 42, StartTime: historyStart})
	ctx := testCtx(t)
	run := func(id string, since time.Time) [][]string {
		t.Helper()
		resp, err := w.StatementExecution.ExecuteStatement(ctx, sql.ExecuteStatementRequest{WarehouseId: demoWarehouseID, Statement: loadChartSQL,
			Parameters: []sql.StatementParameterListItem{{Name: "id", Value: id}, {Name: "since", Value: since.UTC().Format(time.RFC3339), Type: "TIMESTAMP"}}})
		require.NoError(t, err)
		require.Equal(t, sql.StatementStateSucceeded, resp.Status.State, "%+v", resp.Status.Error)
		require.Equal(t, "cluster_count", resp.Manifest.Schema.Columns[2].Name)
		assert.Equal(t, sql.ColumnInfoTypeNameInt, resp.Manifest.Schema.Columns[2].TypeName)
		return resp.Result.DataArray
	}
	for _, tc := range []struct {
		name, id  string
		since     time.Duration
		first     string // event type of the first row
		lastType  string
		lastCount string
		scaled    bool
	}{
		{"a running multi-cluster warehouse", dashboardsID, 7 * 24 * time.Hour, eventStarting, eventScaledUp, "2", true},
		{"a stopped one", "8a1e0c4d2b6f9e13", 7 * 24 * time.Hour, eventStarting, eventStopped, "0", true},
		{"one that never stops", alwaysOnID, 8 * 24 * time.Hour, eventStarting, eventScaledDown, "1", true},
		{"the last hour of a running one", dashboardsID, time.Hour, "", "", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows := run(tc.id, historyStart.Add(-tc.since))
			for i, r := range rows {
				require.Len(t, r, 3)
				if i > 0 {
					assert.LessOrEqual(t, rows[i-1][0], r[0], "in time order")
				}
				assert.GreaterOrEqual(t, r[0], historyStart.Add(-tc.since).UTC().Format("2006-01-02T15:04:05.000Z"))
			}
			if tc.first == "" {
				return
			}
			require.NotEmpty(t, rows)
			assert.Equal(t, tc.first, rows[0][1])
			last := rows[len(rows)-1]
			assert.Equal(t, tc.lastType, last[1])
			assert.Equal(t, tc.lastCount, last[2])
			types := map[string]bool{}
			for _, r := range rows {
				types[r[1]] = true
			}
			assert.Equal(t, tc.scaled, types[eventScaledUp])
		})
	}

	// The demo's own life cycle adds rows: stop and start Analytics Pro.
	require.NoError(t, func() error { _, err := w.Warehouses.Start(ctx, sql.StartRequest{Id: "8a1e0c4d2b6f9e13"}); return err }())
	srv.Clock().Advance(warehouseStartTime + time.Second)
	require.NoError(t, func() error { _, err := w.Warehouses.Stop(ctx, sql.StopRequest{Id: "8a1e0c4d2b6f9e13"}); return err }())
	srv.Clock().Advance(warehouseStopTime + time.Second)
	rows := run("8a1e0c4d2b6f9e13", historyStart)
	var got []string
	for _, r := range rows {
		got = append(got, r[1]+"/"+r[2])
	}
	assert.Equal(t, []string{"STARTING/0", "RUNNING/1", "STOPPING/1", "STOPPED/0"}, got)

	// An edit restarts a running warehouse: its clusters stop, then start.
	require.NoError(t, func() error { _, err := w.Warehouses.Start(ctx, sql.StartRequest{Id: "8a1e0c4d2b6f9e13"}); return err }())
	srv.Clock().Advance(warehouseStartTime + time.Second)
	restart := srv.Clock().Now()
	_, err := w.Warehouses.Edit(ctx, sql.EditWarehouseRequest{Id: "8a1e0c4d2b6f9e13", AutoStopMins: 60})
	require.NoError(t, err)
	srv.Clock().Advance(warehouseStartTime + time.Second)
	got = nil
	for _, r := range run("8a1e0c4d2b6f9e13", restart) {
		got = append(got, r[1]+"/"+r[2])
	}
	assert.Equal(t, []string{"STOPPING/1", "STOPPED/0", "STARTING/0", "RUNNING/1"}, got)

	// A user without grants on the system catalog is refused, as for billing.
	tok, err := srv.UserToken(srv.Token(), limitedUserName)
	require.NoError(t, err)
	li := client(t, srv, tok)
	resp, err := li.StatementExecution.ExecuteStatement(ctx, sql.ExecuteStatementRequest{WarehouseId: demoWarehouseID, Statement: loadChartSQL,
		Parameters: []sql.StatementParameterListItem{{Name: "id", Value: dashboardsID}, {Name: "since", Value: "2026-11-01T00:00:00Z"}}})
	require.NoError(t, err)
	assert.Equal(t, sql.StatementStateFailed, resp.Status.State)
	assert.Contains(t, resp.Status.Error.Message, "INSUFFICIENT_PERMISSIONS")
}
