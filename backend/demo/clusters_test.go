package demo

import (
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func smallSpec(name string) compute.CreateCluster {
	return compute.CreateCluster{ClusterName: name, SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2",
		NumWorkers: 2, AutoterminationMinutes: 30}
}

func eventTypes(evs []compute.ClusterEvent) []compute.EventType {
	out := make([]compute.EventType, 0, len(evs))
	for _, e := range evs {
		out = append(out, e.Type)
	}
	return out
}

func TestClusterLifeCycleStepped(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	step := srv.Clock().Advance

	created, err := w.Clusters.Create(ctx, smallSpec("stepped"))
	require.NoError(t, err)
	id := created.ClusterId
	get := func() *compute.ClusterDetails {
		d, err := w.Clusters.GetByClusterId(ctx, id)
		require.NoError(t, err)
		return d
	}
	assert.Equal(t, compute.StatePending, get().State)

	step(10 * time.Minute)
	d := get()
	require.Equal(t, compute.StateRunning, d.State)
	assert.Equal(t, 2, d.NumWorkers)
	assert.Len(t, d.Executors, 2)
	assert.Equal(t, 12.0, d.ClusterCores)
	assert.Equal(t, adminUserName, d.CreatorUserName)
	assert.Equal(t, compute.ClusterSourceApi, d.ClusterSource)

	_, err = w.Clusters.Resize(ctx, compute.ResizeCluster{ClusterId: id, NumWorkers: 5})
	require.NoError(t, err)
	assert.Equal(t, compute.StateResizing, get().State)
	step(5 * time.Minute)
	assert.Equal(t, 5, get().NumWorkers)

	_, err = w.Clusters.Restart(ctx, compute.RestartCluster{ClusterId: id})
	require.NoError(t, err)
	assert.Equal(t, compute.StateRestarting, get().State)
	step(5 * time.Minute)
	assert.Equal(t, compute.StateRunning, get().State)

	// No activity for autotermination_minutes: the server stops it.
	step(31 * time.Minute)
	d = get()
	require.Equal(t, compute.StateTerminated, d.State)
	require.NotNil(t, d.TerminationReason)
	assert.Equal(t, compute.TerminationReasonCodeInactivity, d.TerminationReason.Code)
	assert.Equal(t, compute.TerminationReasonTypeSuccess, d.TerminationReason.Type)
	assert.Equal(t, "30", d.TerminationReason.Parameters["inactivity_duration_min"])

	evs, err := w.Clusters.EventsAll(ctx, compute.GetEvents{ClusterId: id, Order: compute.GetEventsOrderAsc})
	require.NoError(t, err)
	assert.Equal(t, []compute.EventType{
		compute.EventTypeCreating, compute.EventTypeRunning, compute.EventTypeDriverHealthy,
		compute.EventTypeResizing, compute.EventTypeUpsizeCompleted,
		compute.EventTypeRestarting, compute.EventTypeRunning, compute.EventTypeDriverHealthy,
		compute.EventTypeTerminating,
	}, eventTypes(evs))
	assert.Equal(t, 2, evs[3].Details.CurrentNumWorkers)
	assert.Equal(t, 5, evs[3].Details.TargetNumWorkers)
	assert.Equal(t, adminUserName, evs[3].Details.User)
}

func TestClusterRulesAndErrors(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	created, err := w.Clusters.Create(ctx, smallSpec("rules"))
	require.NoError(t, err)
	id := created.ClusterId // PENDING

	tests := []struct {
		name string
		call func() error
		want error
	}{
		{"get unknown id", func() error { _, err := w.Clusters.GetByClusterId(ctx, "0000-000000-nothere0"); return err }, apierr.ErrResourceDoesNotExist},
		{"start unknown id", func() error {
			_, err := w.Clusters.Start(ctx, compute.StartCluster{ClusterId: "0000-000000-nothere0"})
			return err
		}, apierr.ErrInvalidParameterValue},
		{"edit while pending", func() error {
			_, err := w.Clusters.Edit(ctx, compute.EditCluster{ClusterId: id, SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2", NumWorkers: 1})
			return err
		}, apierr.ErrInvalidState},
		{"resize while pending", func() error {
			_, err := w.Clusters.Resize(ctx, compute.ResizeCluster{ClusterId: id, NumWorkers: 3})
			return err
		}, apierr.ErrInvalidState},
		{"start while pending", func() error { _, err := w.Clusters.Start(ctx, compute.StartCluster{ClusterId: id}); return err }, apierr.ErrInvalidState},
		{"restart while pending", func() error {
			_, err := w.Clusters.Restart(ctx, compute.RestartCluster{ClusterId: id})
			return err
		}, apierr.ErrInvalidState},
		{"unknown spark version", func() error {
			s := smallSpec("bad")
			s.SparkVersion = "1.0.x-scala2.10"
			_, err := w.Clusters.Create(ctx, s)
			return err
		}, apierr.ErrInvalidParameterValue},
		{"unknown node type", func() error {
			s := smallSpec("bad")
			s.NodeTypeId = "m5.xlarge"
			_, err := w.Clusters.Create(ctx, s)
			return err
		}, apierr.ErrInvalidParameterValue},
		{"bad auto-termination", func() error {
			s := smallSpec("bad")
			s.AutoterminationMinutes = 5
			_, err := w.Clusters.Create(ctx, s)
			return err
		}, apierr.ErrInvalidParameterValue},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.call()
			require.Error(t, err)
			assert.ErrorIs(t, err, tc.want)
		})
	}

	// Terminating twice is fine; a terminated cluster can be edited and started.
	_, err = w.Clusters.Delete(ctx, compute.DeleteCluster{ClusterId: id})
	require.NoError(t, err)
	_, err = w.Clusters.Delete(ctx, compute.DeleteCluster{ClusterId: id})
	require.NoError(t, err)
	srv.Clock().Advance(time.Minute)
	_, err = w.Clusters.Edit(ctx, compute.EditCluster{ClusterId: id, ClusterName: "rules-renamed", SparkVersion: "17.3.x-scala2.13",
		NodeTypeId: "Standard_DS4_v2", NumWorkers: 1})
	require.NoError(t, err)
	d, err := w.Clusters.GetByClusterId(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, compute.StateTerminated, d.State)
	assert.Equal(t, "rules-renamed", d.ClusterName)
	assert.Equal(t, "rules-renamed", d.DefaultTags["ClusterName"], "the default tags follow the name")
	assert.Equal(t, "Standard_DS4_v2", d.NodeTypeId)
	assert.Equal(t, compute.TerminationReasonCodeUserRequest, d.TerminationReason.Code)

	require.NoError(t, w.Clusters.PermanentDeleteByClusterId(ctx, id))
	_, err = w.Clusters.GetByClusterId(ctx, id)
	assert.ErrorIs(t, err, apierr.ErrResourceDoesNotExist)
}

func TestClusterWaiters(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{Empty: true, TimeScale: waiterScale})
	w := client(t, srv, srv.Token())
	ctx := testCtx(t)

	var progress []compute.State
	created, err := w.Clusters.Create(ctx, smallSpec("waiters"))
	require.NoError(t, err)
	d, err := created.OnProgress(func(d *compute.ClusterDetails) { progress = append(progress, d.State) }).GetWithTimeout(time.Minute)
	require.NoError(t, err)
	assert.Equal(t, compute.StateRunning, d.State)
	assert.Contains(t, progress, compute.StatePending)

	d, err = w.Clusters.ResizeAndWait(ctx, compute.ResizeCluster{ClusterId: d.ClusterId, NumWorkers: 4})
	require.NoError(t, err)
	assert.Equal(t, 4, d.NumWorkers)

	d, err = w.Clusters.RestartAndWait(ctx, compute.RestartCluster{ClusterId: d.ClusterId})
	require.NoError(t, err)
	assert.Equal(t, compute.StateRunning, d.State)

	d, err = w.Clusters.DeleteAndWait(ctx, compute.DeleteCluster{ClusterId: d.ClusterId})
	require.NoError(t, err)
	assert.Equal(t, compute.StateTerminated, d.State)

	d, err = w.Clusters.StartAndWait(ctx, compute.StartCluster{ClusterId: d.ClusterId})
	require.NoError(t, err)
	assert.Equal(t, compute.StateRunning, d.State)
}

func TestCreateAndWaitOnFamilyWithoutQuota(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{Empty: true, TimeScale: waiterScale})
	w := client(t, srv, srv.Token())
	ctx := testCtx(t)
	spec := smallSpec("v100")
	spec.NodeTypeId, spec.SparkVersion = "Standard_NC6s_v3", "16.4.x-gpu-ml-scala2.12"
	_, err := w.Clusters.CreateAndWait(ctx, spec)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "TERMINATED")

	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	require.Len(t, all, 1)
	r := all[0].TerminationReason
	require.NotNil(t, r)
	assert.Equal(t, compute.TerminationReasonCodeAzureQuotaExceededException, r.Code)
	assert.Equal(t, compute.TerminationReasonTypeClientError, r.Type)
	assert.Equal(t, "QuotaExceeded", r.Parameters["azure_error_code"])
	assert.Contains(t, r.Parameters["azure_error_message"], "standardNCSv3Family")
}

func TestListPagingFiltersAndSort(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{ExtraClusters: 250})
	ctx := testCtx(t)

	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{PageSize: 40})
	require.NoError(t, err)
	ids := map[string]bool{}
	for _, c := range all {
		ids[c.ClusterId] = true
	}
	assert.Len(t, ids, len(all), "no cluster twice across pages")
	assert.Greater(t, len(all), 250)

	running, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{FilterBy: &compute.ListClustersFilterBy{
		ClusterStates: []compute.State{compute.StateRunning}}})
	require.NoError(t, err)
	require.NotEmpty(t, running)
	for _, c := range running {
		assert.Equal(t, compute.StateRunning, c.State)
	}

	jobs, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{FilterBy: &compute.ListClustersFilterBy{
		ClusterSources: []compute.ClusterSource{compute.ClusterSourceJob}}})
	require.NoError(t, err)
	require.NotEmpty(t, jobs)
	for _, c := range jobs {
		assert.Equal(t, compute.ClusterSourceJob, c.ClusterSource)
	}

	pinned, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{FilterBy: &compute.ListClustersFilterBy{IsPinned: true}})
	require.NoError(t, err)
	assert.Len(t, pinned, 2)

	byName, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{SortBy: &compute.ListClustersSortBy{
		Field: compute.ListClustersSortByFieldClusterName, Direction: compute.ListClustersSortByDirectionDesc}})
	require.NoError(t, err)
	for i := 1; i < len(byName); i++ {
		assert.GreaterOrEqual(t, lower(byName[i-1].ClusterName), lower(byName[i].ClusterName))
	}
}

func TestCatalog(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)

	lts, err := w.Clusters.SelectSparkVersion(ctx, compute.SparkVersionRequest{LongTermSupport: true, Latest: true})
	require.NoError(t, err)
	assert.Equal(t, "17.3.x-scala2.13", lts)
	ml, err := w.Clusters.SelectSparkVersion(ctx, compute.SparkVersionRequest{LongTermSupport: true, Latest: true, ML: true, GPU: true})
	require.NoError(t, err)
	assert.Equal(t, "17.3.x-gpu-ml-scala2.13", ml)

	smallest, err := w.Clusters.SelectNodeType(ctx, compute.NodeTypeRequest{LocalDisk: true})
	require.NoError(t, err)
	assert.Equal(t, "Standard_F4s", smallest)
	gpu, err := w.Clusters.SelectNodeType(ctx, compute.NodeTypeRequest{MinGPUs: 1})
	require.NoError(t, err)
	assert.Equal(t, "Standard_NC4as_T4_v3", gpu)

	zones, err := w.Clusters.ListZones(ctx)
	require.NoError(t, err)
	assert.NotEmpty(t, zones.Zones)
}
