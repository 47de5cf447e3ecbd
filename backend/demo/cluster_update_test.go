package demo

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// clusters/update changes only the masked fields (a dotted path reaches into
// an object; a masked field the request leaves out is cleared), keeps the
// rest, and restarts a running cluster as an edit does.
func TestClusterUpdateChangesOnlyTheMaskedFields(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	spec := smallSpec("etl")
	spec.CustomTags = map[string]string{"team": "data"}
	spec.SparkConf = map[string]string{"spark.sql.shuffle.partitions": "8"}
	created, err := w.Clusters.Create(ctx, spec)
	require.NoError(t, err)
	id := created.ClusterId
	stepUntil(t, srv, w, id, compute.StateRunning)

	_, err = w.Clusters.Update(ctx, compute.UpdateCluster{ClusterId: id, UpdateMask: "num_workers,custom_tags,spark_conf",
		Cluster: &compute.UpdateClusterResource{NumWorkers: 4, CustomTags: map[string]string{"team": "ml"}}})
	require.NoError(t, err)
	d, err := w.Clusters.GetByClusterId(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, compute.StateRestarting, d.State, "a running cluster restarts to apply it")
	assert.Equal(t, 4, d.NumWorkers)
	assert.Equal(t, "ml", d.CustomTags["team"])
	assert.Empty(t, d.SparkConf, "masked but not sent: cleared")
	assert.Equal(t, "etl", d.ClusterName, "not masked: kept")
	assert.Equal(t, 30, d.AutoterminationMinutes, "not masked: kept")

	// A dotted path sets one field inside an object.
	stepUntil(t, srv, w, id, compute.StateRunning)
	_, err = w.Clusters.Update(ctx, compute.UpdateCluster{ClusterId: id, UpdateMask: "autoscale.max_workers,autoscale.min_workers",
		Cluster: &compute.UpdateClusterResource{Autoscale: &compute.AutoScale{MinWorkers: 1, MaxWorkers: 6}}})
	require.NoError(t, err)
	d, err = w.Clusters.GetByClusterId(ctx, id)
	require.NoError(t, err)
	require.NotNil(t, d.Autoscale)
	assert.Equal(t, 6, d.Autoscale.MaxWorkers)

	cases := []struct {
		name string
		req  compute.UpdateCluster
		want error
	}{
		{"no mask", compute.UpdateCluster{ClusterId: id, Cluster: &compute.UpdateClusterResource{NumWorkers: 2}}, apierr.ErrInvalidParameterValue},
		{"a field that is not updatable", compute.UpdateCluster{ClusterId: id, UpdateMask: "cluster_id"}, apierr.ErrInvalidParameterValue},
		{"between states", compute.UpdateCluster{ClusterId: id, UpdateMask: "num_workers", Cluster: &compute.UpdateClusterResource{NumWorkers: 2}}, apierr.ErrInvalidState},
		{"no such cluster", compute.UpdateCluster{ClusterId: "0000-000000-nothere0", UpdateMask: "num_workers"}, apierr.ErrInvalidParameterValue},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := w.Clusters.Update(ctx, tc.req)
			assert.ErrorIs(t, err, tc.want)
		})
	}
}

// clusters/change-owner: admins only, terminated clusters only, to a user
// of the workspace; the new owner then manages the cluster.
func TestClusterChangeOwner(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	created, err := w.Clusters.Create(ctx, smallSpec("handover"))
	require.NoError(t, err)
	id := created.ClusterId
	stepUntil(t, srv, w, id, compute.StateRunning)

	req := compute.ChangeClusterOwner{ClusterId: id, OwnerUsername: "priya.sharma@example.com"}
	assert.ErrorIs(t, w.Clusters.ChangeOwner(ctx, req), apierr.ErrInvalidState, "running")
	err = w.Clusters.DeleteByClusterId(ctx, id)
	require.NoError(t, err)
	stepUntil(t, srv, w, id, compute.StateTerminated)

	limited, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	assert.ErrorIs(t, client(t, srv, limited).Clusters.ChangeOwner(ctx, req), apierr.ErrPermissionDenied)
	assert.ErrorIs(t, w.Clusters.ChangeOwner(ctx, compute.ChangeClusterOwner{ClusterId: id, OwnerUsername: "nobody@example.com"}),
		apierr.ErrInvalidParameterValue)

	require.NoError(t, w.Clusters.ChangeOwner(ctx, req))
	d, err := w.Clusters.GetByClusterId(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "priya.sharma@example.com", d.CreatorUserName)
	assert.Equal(t, map[string]string{"Vendor": "Databricks", "Creator": "priya.sharma@example.com", "ClusterName": "handover",
		"ClusterId": id}, d.DefaultTags, "the default tags follow the owner")
	priya, err := srv.UserToken(srv.Token(), "priya.sharma@example.com")
	require.NoError(t, err)
	assert.NoError(t, client(t, srv, priya).Clusters.Pin(ctx, compute.PinCluster{ClusterId: id}), "the new owner manages it")
}
