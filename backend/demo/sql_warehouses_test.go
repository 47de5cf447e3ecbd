package demo

import (
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const timelineStmt = `SELECT start_time, cpu_user_percent FROM system.compute.node_timeline
	WHERE start_time >= current_timestamp() - INTERVAL 1 HOURS ORDER BY start_time`

func TestWarehouseStartStopStates(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{})
	ctx := testCtx(t)
	state := func() sql.State {
		got, err := w.Warehouses.GetById(ctx, proWarehouseID)
		require.NoError(t, err)
		return got.State
	}
	require.Equal(t, sql.StateStopped, state())
	_, err := w.Warehouses.Start(ctx, sql.StartRequest{Id: proWarehouseID})
	require.NoError(t, err)
	assert.Equal(t, sql.StateStarting, state())
	srv.Clock().Advance(warehouseStartTime + time.Second)
	assert.Equal(t, sql.StateRunning, state())
	_, err = w.Warehouses.Stop(ctx, sql.StopRequest{Id: proWarehouseID})
	require.NoError(t, err)
	assert.Equal(t, sql.StateStopping, state())
	srv.Clock().Advance(warehouseStopTime + time.Second)
	assert.Equal(t, sql.StateStopped, state())

	_, err = w.Warehouses.Start(ctx, sql.StartRequest{Id: "nope"})
	require.Error(t, err)
}

func TestStatementOnStoppedWarehouseWaitsForIt(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{})
	ctx := testCtx(t)
	tests := []struct {
		name      string
		onTimeout sql.ExecuteStatementRequestOnWaitTimeout
		first     sql.StatementState
		last      sql.StatementState
	}{
		{"continue: pending, running, succeeded", sql.ExecuteStatementRequestOnWaitTimeoutContinue, sql.StatementStatePending, sql.StatementStateSucceeded},
		{"cancel: cancelled when the wait runs out", sql.ExecuteStatementRequestOnWaitTimeoutCancel, sql.StatementStateCanceled, sql.StatementStateCanceled},
	}
	for _, tc := range tests {
		// Each case starts from a stopped warehouse.
		_, err := w.Warehouses.Stop(ctx, sql.StopRequest{Id: proWarehouseID})
		require.NoError(t, err)
		srv.Clock().Advance(warehouseStopTime + time.Second)
		resp, err := w.StatementExecution.ExecuteStatement(ctx, sql.ExecuteStatementRequest{WarehouseId: proWarehouseID,
			Statement: timelineStmt, WaitTimeout: "10s", OnWaitTimeout: tc.onTimeout})
		require.NoError(t, err, tc.name)
		assert.Equal(t, tc.first, resp.Status.State, tc.name)
		got, err := w.Warehouses.GetById(ctx, proWarehouseID)
		require.NoError(t, err)
		assert.Equal(t, sql.StateStarting, got.State, "%s: the statement starts the warehouse", tc.name)
		srv.Clock().Advance(warehouseStartTime)
		mid, err := w.StatementExecution.GetStatementByStatementId(ctx, resp.StatementId)
		require.NoError(t, err)
		if tc.last == sql.StatementStateSucceeded {
			assert.Equal(t, sql.StatementStateRunning, mid.Status.State, tc.name)
		}
		srv.Clock().Advance(statementRunTime)
		end, err := w.StatementExecution.GetStatementByStatementId(ctx, resp.StatementId)
		require.NoError(t, err)
		assert.Equal(t, tc.last, end.Status.State, tc.name)
	}
}

func TestStatementRefusedWithoutSystemTableGrants(t *testing.T) {
	t.Parallel()
	srv, _ := frozen(t, Options{})
	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	w := client(t, srv, lim)
	resp, err := w.StatementExecution.ExecuteStatement(testCtx(t), sql.ExecuteStatementRequest{WarehouseId: demoWarehouseID, Statement: timelineStmt})
	require.NoError(t, err)
	require.Equal(t, sql.StatementStateFailed, resp.Status.State)
	assert.Contains(t, resp.Status.Error.Message, "INSUFFICIENT_PERMISSIONS")
	assert.Contains(t, resp.Status.Error.Message, "USE CATALOG")
}

func TestWaitTimeoutBounds(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{})
	for _, bad := range []string{"3s", "51s", "ten"} {
		_, err := w.StatementExecution.ExecuteStatement(testCtx(t), sql.ExecuteStatementRequest{WarehouseId: demoWarehouseID,
			Statement: timelineStmt, WaitTimeout: bad})
		assert.Error(t, err, bad)
	}
}

func TestStatementWaitsForAWarehouseAlreadyStarting(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{})
	ctx := testCtx(t)
	_, err := w.Warehouses.Start(ctx, sql.StartRequest{Id: proWarehouseID})
	require.NoError(t, err)
	resp, err := w.StatementExecution.ExecuteStatement(ctx, sql.ExecuteStatementRequest{WarehouseId: proWarehouseID,
		Statement: timelineStmt, WaitTimeout: "0s"})
	require.NoError(t, err)
	assert.Equal(t, sql.StatementStatePending, resp.Status.State, "no result before the warehouse runs")
	srv.Clock().Advance(warehouseStartTime + statementRunTime)
	end, err := w.StatementExecution.GetStatementByStatementId(ctx, resp.StatementId)
	require.NoError(t, err)
	assert.Equal(t, sql.StatementStateSucceeded, end.Status.State)
	got, err := w.Warehouses.GetById(ctx, proWarehouseID)
	require.NoError(t, err)
	assert.Equal(t, sql.StateRunning, got.State)
}
