package demo

import (
	"strconv"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNodeTimelineQueries(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{})
	ctx := testCtx(t)
	whs, err := w.Warehouses.ListAll(ctx, sql.ListWarehousesRequest{})
	require.NoError(t, err)
	require.Len(t, whs, len(seededWarehouses))
	require.Equal(t, sql.StateRunning, whs[0].State)
	wh := whs[0].Id

	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	var shared *compute.ClusterDetails
	for i := range all {
		if all[i].ClusterName == "shared-analytics" {
			shared = &all[i]
		}
	}
	require.NotNil(t, shared)

	resp, err := w.StatementExecution.ExecuteStatement(ctx, sql.ExecuteStatementRequest{WarehouseId: wh,
		Statement: `SELECT start_time, instance_id, driver, cpu_user_percent, cpu_system_percent, mem_used_percent AS mem
		FROM system.compute.node_timeline
		WHERE cluster_id = :cluster_id AND start_time >= current_timestamp() - INTERVAL 2 HOURS
		ORDER BY start_time`,
		Parameters: []sql.StatementParameterListItem{{Name: "cluster_id", Value: shared.ClusterId}}})
	require.NoError(t, err)
	require.Equal(t, sql.StatementStateSucceeded, resp.Status.State, "%+v", resp.Status.Error)
	require.NotNil(t, resp.Manifest)
	assert.Equal(t, "mem", resp.Manifest.Schema.Columns[5].Name)
	rows := resp.Result.DataArray
	// Per minute: a driver and 4-8 workers, for ~115 minutes (5-minute lag).
	assert.Greater(t, len(rows), 100*5)
	for _, r := range rows[:50] {
		cpu, err := strconv.ParseFloat(r[3], 64)
		require.NoError(t, err)
		assert.True(t, cpu > 0 && cpu < 100)
		mem, err := strconv.ParseFloat(r[5], 64)
		require.NoError(t, err)
		assert.True(t, mem > 0 && mem < 100)
	}
	for i := 1; i < len(rows); i++ {
		assert.LessOrEqual(t, rows[i-1][0], rows[i][0])
	}

	tests := []struct {
		name, stmt string
		wantCode   sql.ServiceErrorCode
	}{
		{"other table", "SELECT * FROM system.access.audit", sql.ServiceErrorCodeNotFound},
		{"aggregate", "SELECT avg(cpu_user_percent) FROM system.compute.node_timeline", sql.ServiceErrorCodeBadRequest},
		{"not a select", "DROP TABLE x", sql.ServiceErrorCodeBadRequest},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := w.StatementExecution.ExecuteStatement(ctx, sql.ExecuteStatementRequest{WarehouseId: wh, Statement: tc.stmt})
			require.NoError(t, err)
			assert.Equal(t, sql.StatementStateFailed, r.Status.State)
			require.NotNil(t, r.Status.Error)
			assert.Equal(t, tc.wantCode, r.Status.Error.ErrorCode)
		})
	}

	got, err := w.StatementExecution.GetStatementByStatementId(ctx, resp.StatementId)
	require.NoError(t, err)
	assert.Equal(t, resp.Manifest.TotalRowCount, got.Manifest.TotalRowCount)
}
