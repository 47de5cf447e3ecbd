package demo

import (
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCreateAndWaitReachesRunning(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{Empty: true, TimeScale: waiterScale})
	w := client(t, srv, srv.Token())
	d, err := w.Clusters.CreateAndWait(testCtx(t), smallSpec("waited"))
	require.NoError(t, err)
	assert.Equal(t, compute.StateRunning, d.State)
	assert.Equal(t, "waited", d.ClusterName)
	assert.Equal(t, 2, d.NumWorkers)
	require.NotNil(t, d.Driver)
	assert.Len(t, d.Executors, 2)
	assert.Equal(t, 12.0, d.ClusterCores, "three Standard_DS3_v2 nodes of 4 cores")
	assert.NotZero(t, d.SparkContextId)
}

func TestPinAndUnpin(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	created, err := w.Clusters.Create(ctx, smallSpec("keep-me"))
	require.NoError(t, err)
	id := created.ClusterId
	_, err = w.Clusters.Create(ctx, smallSpec("other"))
	require.NoError(t, err)
	pinnedNames := func() []string {
		all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{FilterBy: &compute.ListClustersFilterBy{IsPinned: true}})
		require.NoError(t, err)
		out := []string{}
		for _, c := range all {
			out = append(out, c.ClusterName)
		}
		return out
	}
	pins := func() []compute.EventType {
		evs, err := w.Clusters.EventsAll(ctx, compute.GetEvents{ClusterId: id, Order: compute.GetEventsOrderAsc,
			EventTypes: []compute.EventType{compute.EventTypePinned, compute.EventTypeUnpinned}})
		require.NoError(t, err)
		return eventTypes(evs)
	}
	assert.Empty(t, pinnedNames())

	require.NoError(t, w.Clusters.PinByClusterId(ctx, id))
	require.NoError(t, w.Clusters.PinByClusterId(ctx, id), "pinning twice is no error")
	assert.Equal(t, []string{"keep-me"}, pinnedNames())
	assert.Equal(t, []compute.EventType{compute.EventTypePinned}, pins(), "one event for one change")

	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	err = client(t, srv, lim).Clusters.UnpinByClusterId(ctx, id)
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied, "pinning needs CAN_MANAGE")

	require.NoError(t, w.Clusters.UnpinByClusterId(ctx, id))
	assert.Empty(t, pinnedNames())
	assert.Equal(t, []compute.EventType{compute.EventTypePinned, compute.EventTypeUnpinned}, pins())
	evs, err := w.Clusters.EventsAll(ctx, compute.GetEvents{ClusterId: id, EventTypes: []compute.EventType{compute.EventTypeUnpinned}})
	require.NoError(t, err)
	require.Len(t, evs, 1)
	assert.Equal(t, adminUserName, evs[0].Details.User)
}

func TestListFilterByPolicy(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	p, err := w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "tagged", Definition: `{"custom_tags.team": {"type": "fixed", "value": "risk"}}`})
	require.NoError(t, err)
	for _, n := range []string{"with-1", "plain", "with-2"} {
		spec := smallSpec(n)
		if n != "plain" {
			spec.PolicyId = p.PolicyId
		}
		_, err := w.Clusters.Create(ctx, spec)
		require.NoError(t, err)
	}
	byPolicy, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{PageSize: 1, FilterBy: &compute.ListClustersFilterBy{PolicyId: p.PolicyId}})
	require.NoError(t, err)
	names := []string{}
	for _, c := range byPolicy {
		names = append(names, c.ClusterName)
		assert.Equal(t, p.PolicyId, c.PolicyId)
		assert.Equal(t, "risk", c.CustomTags["team"], "the policy's fixed tag")
	}
	assert.ElementsMatch(t, []string{"with-1", "with-2"}, names)

	other := policyID(t, ctx, w, "Shared Compute")
	none, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{FilterBy: &compute.ListClustersFilterBy{PolicyId: other}})
	require.NoError(t, err)
	assert.Empty(t, none)
}

func TestEditMustKeepAPolicyBoundClusterCompliant(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	p, err := w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "bounded", Definition: `{
		"node_type_id": {"type": "allowlist", "values": ["Standard_DS3_v2", "Standard_DS4_v2"]},
		"dbus_per_hour": {"type": "range", "maxValue": 6}}`})
	require.NoError(t, err)
	spec := smallSpec("bound")
	spec.PolicyId = p.PolicyId
	created, err := w.Clusters.Create(ctx, spec)
	require.NoError(t, err)
	id := created.ClusterId
	stepUntil(t, srv, w, id, compute.StateRunning)

	edit := func(node string, workers int) error {
		_, err := w.Clusters.Edit(ctx, compute.EditCluster{ClusterId: id, ClusterName: "bound", PolicyId: p.PolicyId,
			SparkVersion: "16.4.x-scala2.12", NodeTypeId: node, NumWorkers: workers, AutoterminationMinutes: 30})
		return err
	}
	err = edit("Standard_E8ds_v4", 2)
	assert.ErrorIs(t, err, apierr.ErrInvalidParameterValue)
	assert.ErrorContains(t, err, `Validation failed for node_type_id, the value must be one of [Standard_DS3_v2, Standard_DS4_v2] (is "Standard_E8ds_v4")`)
	err = edit("Standard_DS4_v2", 4) // 5 nodes × 1.5 DBU/h
	assert.ErrorIs(t, err, apierr.ErrInvalidParameterValue)
	assert.ErrorContains(t, err, "Validation failed for dbus_per_hour, the value must be at most 6 (is 7.5)")

	d, err := w.Clusters.GetByClusterId(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, compute.StateRunning, d.State, "a rejected edit does not restart")
	assert.Equal(t, "Standard_DS3_v2", d.NodeTypeId)
	evs, err := w.Clusters.EventsAll(ctx, compute.GetEvents{ClusterId: id, EventTypes: []compute.EventType{compute.EventTypeEdited}})
	require.NoError(t, err)
	assert.Empty(t, evs)

	require.NoError(t, edit("Standard_DS4_v2", 2))
	d, err = w.Clusters.GetByClusterId(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, compute.StateRestarting, d.State)
	assert.Equal(t, "Standard_DS4_v2", d.NodeTypeId)
	srv.Clock().Advance(10 * time.Minute)
	got, err := w.PolicyComplianceForClusters.GetCompliance(ctx, compute.GetClusterComplianceRequest{ClusterId: id})
	require.NoError(t, err)
	assert.True(t, got.IsCompliant)
}
