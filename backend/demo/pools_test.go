package demo

import (
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPoolStatsFollowClusters(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	step := srv.Clock().Advance

	created, err := w.InstancePools.Create(ctx, compute.CreateInstancePool{InstancePoolName: "p", NodeTypeId: "Standard_DS3_v2",
		MinIdleInstances: 2, MaxCapacity: 5, IdleInstanceAutoterminationMinutes: 10})
	require.NoError(t, err)
	pid := created.InstancePoolId
	stats := func() compute.InstancePoolStats {
		p, err := w.InstancePools.GetByInstancePoolId(ctx, pid)
		require.NoError(t, err)
		require.NotNil(t, p.Stats)
		return *p.Stats
	}
	assert.Equal(t, compute.InstancePoolStats{PendingIdleCount: 2}, withoutForce(stats()))
	step(3 * time.Minute)
	assert.Equal(t, compute.InstancePoolStats{IdleCount: 2}, withoutForce(stats()))

	// A cluster with a driver and 2 workers takes the 2 idle instances plus one new one.
	cl, err := w.Clusters.Create(ctx, compute.CreateCluster{ClusterName: "on-pool", SparkVersion: "16.4.x-scala2.12",
		InstancePoolId: pid, NumWorkers: 2})
	require.NoError(t, err)
	assert.Equal(t, compute.InstancePoolStats{UsedCount: 2, PendingUsedCount: 1, PendingIdleCount: 2}, withoutForce(stats()))
	d := stepUntil(t, srv, w, cl.ClusterId, compute.StateRunning)
	assert.Equal(t, "Standard_DS3_v2", d.NodeTypeId)
	assert.Equal(t, pid, d.DriverInstancePoolId)
	step(3 * time.Minute)
	assert.Equal(t, compute.InstancePoolStats{UsedCount: 3, IdleCount: 2}, withoutForce(stats()))

	// Max capacity 5: growing by 3 gets only the 2 idle instances.
	_, err = w.Clusters.Resize(ctx, compute.ResizeCluster{ClusterId: cl.ClusterId, NumWorkers: 5})
	require.NoError(t, err)
	d = stepUntil(t, srv, w, cl.ClusterId, compute.StateRunning)
	assert.Equal(t, 4, d.NumWorkers)
	evs, err := w.Clusters.EventsAll(ctx, compute.GetEvents{ClusterId: cl.ClusterId, EventTypes: []compute.EventType{compute.EventTypeAddNodesFailed}})
	require.NoError(t, err)
	require.Len(t, evs, 1)
	assert.Equal(t, compute.TerminationReasonCodeInstancePoolMaxCapacityReached, evs[0].Details.Reason.Code)
	assert.Equal(t, compute.InstancePoolStats{UsedCount: 5}, withoutForce(stats()))

	// Termination returns everything as idle; the excess goes after the idle timeout.
	_, err = w.Clusters.Delete(ctx, compute.DeleteCluster{ClusterId: cl.ClusterId})
	require.NoError(t, err)
	stepUntil(t, srv, w, cl.ClusterId, compute.StateTerminated)
	assert.Equal(t, compute.InstancePoolStats{IdleCount: 5}, withoutForce(stats()))
	step(11 * time.Minute)
	assert.Equal(t, compute.InstancePoolStats{IdleCount: 2}, withoutForce(stats()))
}

func withoutForce(s compute.InstancePoolStats) compute.InstancePoolStats {
	s.ForceSendFields = nil
	return s
}

func TestPoolEditRulesAndDelete(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	created, err := w.InstancePools.Create(ctx, compute.CreateInstancePool{InstancePoolName: "edit-me", NodeTypeId: "Standard_E8ds_v4",
		CustomTags: map[string]string{"team": "x"}})
	require.NoError(t, err)
	pid := created.InstancePoolId

	tests := []struct {
		name string
		req  compute.EditInstancePool
		want error
	}{
		{"node type must match", compute.EditInstancePool{InstancePoolId: pid, InstancePoolName: "edit-me", NodeTypeId: "Standard_DS3_v2"}, apierr.ErrInvalidParameterValue},
		{"name required", compute.EditInstancePool{InstancePoolId: pid, NodeTypeId: "Standard_E8ds_v4"}, apierr.ErrInvalidParameterValue},
		{"tags not editable", compute.EditInstancePool{InstancePoolId: pid, InstancePoolName: "edit-me", NodeTypeId: "Standard_E8ds_v4",
			CustomTags: map[string]string{"team": "y"}}, apierr.ErrInvalidParameterValue},
		{"capacity below min idle", compute.EditInstancePool{InstancePoolId: pid, InstancePoolName: "edit-me", NodeTypeId: "Standard_E8ds_v4",
			MinIdleInstances: 5, MaxCapacity: 2}, apierr.ErrInvalidParameterValue},
		{"unknown pool", compute.EditInstancePool{InstancePoolId: "nope", InstancePoolName: "x", NodeTypeId: "Standard_E8ds_v4"}, apierr.ErrResourceDoesNotExist},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.ErrorIs(t, w.InstancePools.Edit(ctx, tc.req), tc.want)
		})
	}
	require.NoError(t, w.InstancePools.Edit(ctx, compute.EditInstancePool{InstancePoolId: pid, InstancePoolName: "edited",
		NodeTypeId: "Standard_E8ds_v4", MinIdleInstances: 1, MaxCapacity: 10, IdleInstanceAutoterminationMinutes: 20}))
	p, err := w.InstancePools.GetByInstancePoolId(ctx, pid)
	require.NoError(t, err)
	assert.Equal(t, "edited", p.InstancePoolName)
	assert.Equal(t, 10, p.MaxCapacity)
	assert.Equal(t, "Databricks", p.DefaultTags["Vendor"])

	require.NoError(t, w.InstancePools.DeleteByInstancePoolId(ctx, pid))
	p, err = w.InstancePools.GetByInstancePoolId(ctx, pid)
	require.NoError(t, err)
	assert.Equal(t, compute.InstancePoolStateDeleted, p.State)
	all, err := w.InstancePools.ListAll(ctx)
	require.NoError(t, err)
	assert.Empty(t, all)
	_, err = w.Clusters.Create(ctx, compute.CreateCluster{ClusterName: "x", SparkVersion: "16.4.x-scala2.12", InstancePoolId: pid, NumWorkers: 1})
	assert.ErrorIs(t, err, apierr.ErrInvalidParameterValue)
}

// A user who is not an admin and lacks the pool-create entitlement is refused
// create; without CAN_MANAGE on a pool, edit and delete are refused too, as
// a workspace does (PERMISSION_DENIED, HTTP 403).
func TestPoolRefusalsForNonAdmin(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	analyst := client(t, srv, lim)

	_, err = analyst.InstancePools.Create(ctx, compute.CreateInstancePool{InstancePoolName: "mine", NodeTypeId: "Standard_DS3_v2"})
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)

	created, err := w.InstancePools.Create(ctx, compute.CreateInstancePool{InstancePoolName: "admins", NodeTypeId: "Standard_DS3_v2"})
	require.NoError(t, err)
	pid := created.InstancePoolId
	_, err = analyst.InstancePools.GetByInstancePoolId(ctx, pid)
	require.NoError(t, err, "reading is allowed")
	err = analyst.InstancePools.Edit(ctx, compute.EditInstancePool{InstancePoolId: pid, InstancePoolName: "renamed", NodeTypeId: "Standard_DS3_v2"})
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)
	assert.ErrorIs(t, analyst.InstancePools.DeleteByInstancePoolId(ctx, pid), apierr.ErrPermissionDenied)
	p, err := w.InstancePools.GetByInstancePoolId(ctx, pid)
	require.NoError(t, err)
	assert.Equal(t, "admins", p.InstancePoolName, "a refused edit changes nothing")
	assert.Equal(t, compute.InstancePoolStateActive, p.State)
}

// A cluster that needs more instances than the pool's max capacity leaves
// does not start: it terminates with INSTANCE_POOL_MAX_CAPACITY_REACHED.
func TestPoolMaxCapacityRefusesStart(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	created, err := w.InstancePools.Create(ctx, compute.CreateInstancePool{InstancePoolName: "tiny", NodeTypeId: "Standard_DS3_v2", MaxCapacity: 2})
	require.NoError(t, err)
	cl, err := w.Clusters.Create(ctx, compute.CreateCluster{ClusterName: "too-big", SparkVersion: "16.4.x-scala2.12",
		InstancePoolId: created.InstancePoolId, NumWorkers: 4})
	require.NoError(t, err)
	d := stepUntil(t, srv, w, cl.ClusterId, compute.StateTerminated)
	require.NotNil(t, d.TerminationReason)
	assert.Equal(t, compute.TerminationReasonCodeInstancePoolMaxCapacityReached, d.TerminationReason.Code)
	assert.Equal(t, "2", d.TerminationReason.Parameters["instance_pool_max_capacity"])
	p, err := w.InstancePools.GetByInstancePoolId(ctx, created.InstancePoolId)
	require.NoError(t, err)
	assert.Equal(t, compute.InstancePoolStats{}, withoutForce(*p.Stats), "nothing was taken")
}
