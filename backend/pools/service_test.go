package pools

import (
	"context"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
	"github.com/clusterdeck/clusterdeck/backend/testenv"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

func TestMain(m *testing.M) { testenv.Main(m, "pools") }

type fixedClient struct{ w *workspaceapi.Client }

func (f fixedClient) Client(context.Context, string) (*workspaceapi.Client, error) {
	return f.w, nil
}

var (
	startDemo = demotest.Start
	testCtx   = demotest.Ctx
)

func findPool(t *testing.T, v ListView, id string) PoolView {
	t.Helper()
	for _, p := range v.Pools {
		if p.ID == id {
			return p
		}
	}
	t.Fatalf("pool %s not listed", id)
	return PoolView{}
}

// The whole life of a pool through the service against the Demo workspace:
// create (checked first), listed live with the clusters using it and its
// counts, edited (only the editable fields), its deletion's impact, deleted
// once the name is typed.
func TestServiceLifecycleAgainstDemo(t *testing.T) {
	srv, w := startDemo(t, demo.Options{Empty: true})
	ctx := testCtx(t)
	svc := NewService(fakeSource{}, nil).WithClients(fixedClient{w}).
		WithProfiles(func() []workspaces.Profile { return []workspaces.Profile{{ID: "ws", Host: srv.URL()}} })

	bad, err := svc.Create(ctx, "ws", compute.CreateInstancePool{NodeTypeId: "Standard_DS3_v2", MinIdleInstances: 3, MaxCapacity: 2})
	require.NoError(t, err)
	assert.Equal(t, []string{"instance_pool_name:required", "max_capacity:below_min_idle"}, paths(bad.Problems))
	assert.Empty(t, bad.ID, "nothing was sent")

	saved, err := svc.Create(ctx, "ws", compute.CreateInstancePool{InstancePoolName: "etl", NodeTypeId: "Standard_DS3_v2",
		MinIdleInstances: 1, MaxCapacity: 4, IdleInstanceAutoterminationMinutes: 15})
	require.NoError(t, err)
	require.Empty(t, saved.Problems)
	pid := saved.ID

	v, err := svc.Live(ctx, "ws")
	require.NoError(t, err)
	assert.True(t, v.Live)
	assert.True(t, v.Pending, "the pool is acquiring its min idle instance")
	assert.Equal(t, 5, v.NextPollSec, "faster while something is pending")
	assert.Equal(t, 1, findPool(t, v, pid).PendingIdle)

	dup, err := svc.Create(ctx, "ws", compute.CreateInstancePool{InstancePoolName: "etl", NodeTypeId: "Standard_DS3_v2"})
	require.NoError(t, err)
	assert.Equal(t, []string{"instance_pool_name:name_taken"}, paths(dup.Problems))

	// Two clusters: one running on the pool, one that will be terminated.
	mk := func(name string, driverOnly bool) string {
		req := compute.CreateCluster{ClusterName: name, SparkVersion: "16.4.x-scala2.12", InstancePoolId: pid, NumWorkers: 1}
		if driverOnly {
			req.InstancePoolId, req.NodeTypeId, req.DriverInstancePoolId = "", "Standard_DS3_v2", pid
		}
		c, err := w.Clusters.Create(ctx, req)
		require.NoError(t, err)
		return c.ClusterId
	}
	runID, stopID := mk("runs-on-pool", false), mk("driver-on-pool", true)
	srv.Clock().Advance(10 * time.Minute)
	_, err = w.Clusters.Delete(ctx, compute.DeleteCluster{ClusterId: stopID})
	require.NoError(t, err)
	for i := 0; i < 30; i++ {
		srv.Clock().Advance(time.Minute)
		d, err := w.Clusters.GetByClusterId(ctx, stopID)
		require.NoError(t, err)
		if d.State == compute.StateTerminated {
			break
		}
	}

	// Within UsageMaxAge, but the used counts moved: the clusters are listed again.
	v, err = svc.Live(ctx, "ws")
	require.NoError(t, err)
	row := findPool(t, v, pid)
	assert.Len(t, row.Clusters, 2)
	assert.Equal(t, 2, row.Used, "the running cluster's driver and worker")
	assert.False(t, v.Pending)
	assert.Equal(t, 30, v.NextPollSec)

	im, err := svc.Impact(ctx, "ws", pid)
	require.NoError(t, err)
	assert.Equal(t, []ClusterRef{{ID: runID, Name: "runs-on-pool", State: "RUNNING", Role: "workers and driver"}}, im.Running)
	assert.Equal(t, []ClusterRef{{ID: stopID, Name: "driver-on-pool", State: "TERMINATED", Role: "driver"}}, im.Stopped)

	form, err := svc.Form(ctx, "ws", pid)
	require.NoError(t, err)
	form.InstancePoolName, form.MaxCapacity = "etl-renamed", 8
	plan, err := svc.PlanEdit(ctx, "ws", pid, form)
	require.NoError(t, err)
	assert.Equal(t, []Change{{Path: "instance_pool_name", Field: "instance_pool_name", Kind: clusterspec.Changed, Old: "etl", New: "etl-renamed"}, {Path: "max_capacity", Field: "max_capacity", Kind: clusterspec.Changed, Old: "4", New: "8"}}, plan.Changes)
	form.NodeTypeId = "Standard_E8ds_v4"
	refused, err := svc.Edit(ctx, "ws", pid, form)
	require.NoError(t, err)
	assert.Equal(t, []string{"node_type_id:read_only"}, paths(refused.Problems))
	form.NodeTypeId = "Standard_DS3_v2"
	edited, err := svc.Edit(ctx, "ws", pid, form)
	require.NoError(t, err)
	require.Empty(t, edited.Problems)
	got, err := w.InstancePools.GetByInstancePoolId(ctx, pid)
	require.NoError(t, err)
	assert.Equal(t, "etl-renamed", got.InstancePoolName)
	assert.Equal(t, 8, got.MaxCapacity)
	assert.Equal(t, 15, got.IdleInstanceAutoterminationMinutes, "unchanged fields are kept")

	ex, err := svc.Export(ctx, "ws", pid)
	require.NoError(t, err)
	assert.Contains(t, ex.Terraform, `resource "databricks_instance_pool" "etl_renamed"`)
	assert.Contains(t, ex.Terraform, srv.URL())

	assert.ErrorIs(t, svc.Delete(ctx, "ws", pid, "etl"), ErrNameMismatch)
	require.NoError(t, svc.Delete(ctx, "ws", pid, "etl-renamed"))
	_, err = svc.Form(ctx, "ws", pid)
	assert.ErrorIs(t, err, ErrNotFound)
	assert.ErrorIs(t, svc.Delete(ctx, "ws", pid, "etl-renamed"), ErrNotFound)
}

// A workspace that cannot be reached still shows the cached pools, with
// why the live list failed.
func TestLiveFallsBackToTheCache(t *testing.T) {
	src := fakeSource{snap: catalog.Snapshot{Pools: catalog.Section[[]compute.InstancePoolAndStats]{FetchedAt: time.Now(),
		Items: []compute.InstancePoolAndStats{{InstancePoolId: "p1", InstancePoolName: "cached"}}}}}
	svc := NewService(src, nil)
	v, err := svc.Live(testCtx(t), "ws")
	require.NoError(t, err)
	assert.False(t, v.Live)
	assert.Equal(t, "cached", v.Pools[0].Name)
	assert.Contains(t, v.Cache.Error, ErrNoClients.Error())
}
