package demo

import (
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

type executed struct {
	resp *sql.StatementResponse
	err  error
}

// executeAsync runs a statement in the background: the call may wait.
func executeAsync(t *testing.T, w *workspaceapi.Client, req sql.ExecuteStatementRequest) <-chan executed {
	t.Helper()
	done := make(chan executed, 1)
	go func() {
		resp, err := w.StatementExecution.ExecuteStatement(testCtx(t), req)
		done <- executed{resp, err}
	}()
	return done
}

// awaitWarehouseState reads the warehouse until it is in state (the calls
// answer while a statement waits: the wait holds no lock).
func awaitWarehouseState(t *testing.T, w *workspaceapi.Client, id string, state sql.State) {
	t.Helper()
	require.Eventually(t, func() bool { return warehouseState(t, w, id) == state }, 30*time.Second, 10*time.Millisecond,
		"warehouse %s never %s", id, state)
}

// A call waits up to wait_timeout for the statement's result, the
// warehouse's start included, on the demo clock; at the end of the wait
// on_wait_timeout decides. The SDK's ExecuteStatementRequest (service/sql/
// model.go): wait_timeout "can be set to 0 or to a value between 5 and
// 50" (default 10s, workspace_client.go); "When set to `0s` ... the call
// returns directly with `PENDING` state"; "When set between 5 and 50
// seconds, the call will behave synchronously up to this timeout ... If the
// execution finishes within this time, the call returns immediately with a
// manifest and result data"; on_wait_timeout: "When set to `CONTINUE`, the
// statement execution continues asynchronously and the call returns a
// statement ID ... When set to `CANCEL`, the statement execution is
// canceled and the call returns with a `CANCELED` state."
func TestStatementWaitsForItsResult(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{})
	ctx := testCtx(t)
	tests := []struct {
		name      string
		warehouse string
		wait      string
		onTimeout sql.ExecuteStatementRequestOnWaitTimeout
		step      time.Duration // demo time stepped while the call waits (0: it answers at once)
		want      sql.StatementState
		later     sql.StatementState // once the statement's time has passed
	}{
		{"a running warehouse answers at once", demoWarehouseID, "", "", 0,
			sql.StatementStateSucceeded, sql.StatementStateSucceeded},
		{"a stopped warehouse that starts within the wait", proWarehouseID, "50s", sql.ExecuteStatementRequestOnWaitTimeoutContinue,
			warehouseStartTime + statementRunTime + time.Second, sql.StatementStateSucceeded, sql.StatementStateSucceeded},
		{"the default 10s wait ends: CONTINUE answers as it is", proWarehouseID, "", "", 11 * time.Second,
			sql.StatementStatePending, sql.StatementStateSucceeded},
		{"the wait ends: CANCEL cancels it", proWarehouseID, "10s", sql.ExecuteStatementRequestOnWaitTimeoutCancel, 11 * time.Second,
			sql.StatementStateCanceled, sql.StatementStateCanceled},
		{"0s answers PENDING at once", proWarehouseID, "0s", sql.ExecuteStatementRequestOnWaitTimeoutCancel, 0,
			sql.StatementStatePending, sql.StatementStateSucceeded},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.warehouse == proWarehouseID { // each case starts from a stopped warehouse
				_, err := w.Warehouses.Stop(ctx, sql.StopRequest{Id: proWarehouseID})
				require.NoError(t, err)
				srv.Clock().Advance(warehouseStopTime + time.Second)
				require.Equal(t, sql.StateStopped, warehouseState(t, w, proWarehouseID))
			}
			done := executeAsync(t, w, sql.ExecuteStatementRequest{WarehouseId: tc.warehouse, Statement: timelineStmt,
				WaitTimeout: tc.wait, OnWaitTimeout: tc.onTimeout})
			if tc.step > 0 {
				// The statement starts the warehouse and waits: other calls answer meanwhile.
				awaitWarehouseState(t, w, tc.warehouse, sql.StateStarting)
				select {
				case got := <-done:
					t.Fatalf("answered before the demo clock moved: %+v %v", got.resp, got.err)
				default:
				}
				srv.Clock().Advance(tc.step)
			}
			got := <-done
			require.NoError(t, got.err)
			require.Equal(t, tc.want, got.resp.Status.State)
			if tc.want == sql.StatementStateSucceeded {
				require.NotNil(t, got.resp.Result, "the result comes with the answer")
				assert.NotEmpty(t, got.resp.Result.DataArray)
			} else {
				assert.Nil(t, got.resp.Result)
			}

			srv.Clock().Advance(warehouseStartTime + statementRunTime)
			end, err := w.StatementExecution.GetStatementByStatementId(ctx, got.resp.StatementId)
			require.NoError(t, err)
			assert.Equal(t, tc.later, end.Status.State)
			hist := listAll(t, w, sql.ListQueryHistoryRequest{FilterBy: &sql.QueryFilter{StatementIds: []string{got.resp.StatementId}}})
			require.Len(t, hist, 1)
			wantHist := sql.QueryStatusFinished
			if tc.later == sql.StatementStateCanceled {
				wantHist = sql.QueryStatusCanceled
			}
			assert.Equal(t, wantHist, hist[0].Status)
		})
	}
}

// wait_timeout is "Ns" with N 0 or 5 to 50, on_wait_timeout CONTINUE or
// CANCEL (the SDK's ExecuteStatementRequest); anything else is refused as
// an invalid parameter value. (The service's own wording was not found;
// the demo's says what is allowed.)
func TestStatementWaitParameters(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{})
	tests := []struct {
		name, wait string
		onTimeout  sql.ExecuteStatementRequestOnWaitTimeout
		wantCode   string
	}{
		{"below 5s", "3s", "", "INVALID_PARAMETER_VALUE"},
		{"above 50s", "51s", "", "INVALID_PARAMETER_VALUE"},
		{"negative", "-5s", "", "INVALID_PARAMETER_VALUE"},
		{"no unit", "10", "", "INVALID_PARAMETER_VALUE"},
		{"not a number", "ten", "", "INVALID_PARAMETER_VALUE"},
		{"unknown on_wait_timeout", "10s", "LATER", "INVALID_PARAMETER_VALUE"},
		{"5s", "5s", "", ""},
		{"50s", "50s", sql.ExecuteStatementRequestOnWaitTimeoutCancel, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := w.StatementExecution.ExecuteStatement(testCtx(t), sql.ExecuteStatementRequest{WarehouseId: demoWarehouseID,
				Statement: timelineStmt, WaitTimeout: tc.wait, OnWaitTimeout: tc.onTimeout})
			if tc.wantCode == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Equal(t, tc.wantCode, apiCode(t, err))
		})
	}
}
