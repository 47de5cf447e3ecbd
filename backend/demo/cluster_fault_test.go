package demo

import (
	"net/http"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDriverFailureDrivesARunningClusterToError(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true, Control: true})
	ctx := testCtx(t)
	created, err := w.Clusters.Create(ctx, smallSpec("doomed"))
	require.NoError(t, err)
	id := created.ClusterId
	assert.ErrorIs(t, srv.FailDriver(srv.Token(), id, ""), ErrNotRunning, "still pending")
	stepUntil(t, srv, w, id, compute.StateRunning)

	require.Equal(t, http.StatusOK, control(t, srv, srv.Token(), "cluster-error", `{"cluster_id":"`+id+`","code":"DRIVER_UNRESPONSIVE"}`))
	d, err := w.Clusters.GetByClusterId(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, compute.StateError, d.State)
	assert.Contains(t, d.StateMessage, "stopped responding")
	require.NotNil(t, d.TerminationReason)
	assert.Equal(t, compute.TerminationReasonCodeDriverUnresponsive, d.TerminationReason.Code)
	assert.Equal(t, compute.TerminationReasonTypeServiceFault, d.TerminationReason.Type)

	events, err := w.Clusters.EventsAll(ctx, compute.GetEvents{ClusterId: id, Order: compute.GetEventsOrderAsc})
	require.NoError(t, err)
	types := eventTypes(events)
	require.GreaterOrEqual(t, len(types), 2)
	assert.Equal(t, []compute.EventType{compute.EventTypeDriverNotResponding, compute.EventTypeDriverUnavailable}, types[len(types)-2:])
	last := events[len(events)-1]
	require.NotNil(t, last.Details.Reason)
	assert.Equal(t, compute.TerminationReasonCodeDriverUnresponsive, last.Details.Reason.Code)

	// Waiters give up on ERROR; only terminate is allowed; nothing moves by itself.
	_, err = w.Clusters.WaitGetClusterRunning(ctx, id, time.Second, nil)
	assert.ErrorContains(t, err, "failed to reach RUNNING, got ERROR")
	_, err = w.Clusters.Restart(ctx, compute.RestartCluster{ClusterId: id})
	assert.ErrorIs(t, err, apierr.ErrInvalidState)
	assert.Equal(t, http.StatusBadRequest, control(t, srv, srv.Token(), "cluster-error", `{"cluster_id":"`+id+`"}`), "not running any more")
	srv.Clock().Advance(3 * time.Hour) // past its 30-minute auto-termination
	d, err = w.Clusters.GetByClusterId(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, compute.StateError, d.State)

	_, err = w.Clusters.Delete(ctx, compute.DeleteCluster{ClusterId: id})
	require.NoError(t, err)
	d = stepUntil(t, srv, w, id, compute.StateTerminated)
	assert.Equal(t, compute.TerminationReasonCodeUserRequest, d.TerminationReason.Code)
}

func TestDriverFailureRejectsBadInput(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true, Control: true})
	created, err := w.Clusters.Create(testCtx(t), smallSpec("x"))
	require.NoError(t, err)
	stepUntil(t, srv, w, created.ClusterId, compute.StateRunning)
	assert.Error(t, srv.FailDriver(srv.Token(), created.ClusterId, compute.TerminationReasonCodeInactivity))
	assert.Error(t, srv.FailDriver(srv.Token(), "0000-000000-nothere", ""))
	assert.Error(t, srv.FailDriver("dapi-wrong", created.ClusterId, ""))
	assert.Equal(t, http.StatusBadRequest, control(t, srv, srv.Token(), "cluster-error", `{"cluster_id":"0000-000000-nothere"}`))
	assert.Equal(t, http.StatusBadRequest, control(t, srv, srv.Token(), "cluster-error", `{"cluster_id":"`+created.ClusterId+`","code":"INACTIVITY"}`))

	require.NoError(t, srv.FailDriver(srv.Token(), created.ClusterId, ""))
	d, err := w.Clusters.GetByClusterId(testCtx(t), created.ClusterId)
	require.NoError(t, err)
	assert.Equal(t, compute.StateError, d.State)
	assert.Equal(t, compute.TerminationReasonCodeDriverUnreachable, d.TerminationReason.Code)
}
