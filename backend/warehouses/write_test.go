package warehouses

import (
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
)

// A warehouse's create, form, edit plan and edit through the service
// against the Demo workspace: checked first (nothing sent on a problem),
// made, read back as its form, planned with every change and the restart
// it causes, and edited; a form that changes nothing sends nothing.
func TestCreateAndEditAgainstDemo(t *testing.T) {
	srv, w := demotest.Start(t, demo.Options{})
	ctx := demotest.Ctx(t)
	svc := NewService(fakeSource{}, fixedClient{w}, nil)
	count := func() int {
		all, err := w.Warehouses.ListAll(ctx, sql.ListWarehousesRequest{})
		require.NoError(t, err)
		return len(all)
	}
	before := count()

	bad, err := svc.Create(ctx, "ws", form(t, `{"name":"Analytics Pro","cluster_size":"Huge","auto_stop_mins":5,"warehouse_type":"CLASSIC"}`))
	require.NoError(t, err)
	assert.Equal(t, []string{"name:name_taken", "cluster_size:unknown_size", "auto_stop_mins:range"}, codes(bad.Problems),
		"the name is unique among the workspace's warehouses listed now")
	assert.Empty(t, bad.ID)
	assert.Equal(t, before, count(), "nothing was sent")

	saved, err := svc.Create(ctx, "ws", form(t, `{"name":"ETL","cluster_size":"Small","min_num_clusters":1,"max_num_clusters":2,
		"auto_stop_mins":0,"warehouse_type":"PRO","enable_serverless_compute":false,"enable_photon":false,
		"tags":{"custom_tags":[{"key":"team","value":"data"}]}}`))
	require.NoError(t, err)
	require.NotEmpty(t, saved.ID)
	assert.False(t, saved.Adopted)
	assert.NotNil(t, saved.Problems)
	got, err := svc.Get(ctx, "ws", saved.ID)
	require.NoError(t, err)
	assert.Equal(t, 0, got.AutoStopMins, "an explicit 0 reaches the API: never stop")
	assert.False(t, got.EnablePhoton, "an explicit false reaches the API")
	assert.Equal(t, KindPro, KindOf(got))

	spec, err := svc.Form(ctx, "ws", saved.ID)
	require.NoError(t, err)
	assert.Equal(t, "ETL", spec.Name)
	assert.Equal(t, sql.CreateWarehouseRequestWarehouseTypePro, spec.WarehouseType)
	assert.Empty(t, Validate(spec, FormContext{Warehouses: []sql.EndpointInfo{got}, Self: saved.ID}), "a warehouse's own form passes")

	srv.Clock().Advance(10 * time.Minute) // running now
	spec.ClusterSize, spec.MaxNumClusters, spec.AutoStopMins = "Medium", 4, 30
	plan, err := svc.PlanEdit(ctx, "ws", saved.ID, spec)
	require.NoError(t, err)
	assert.Empty(t, plan.Problems)
	assert.Equal(t, []Change{
		{Path: "auto_stop_mins", Field: "auto_stop_mins", Kind: "changed", Old: "0", New: "30"},
		{Path: "cluster_size", Field: "cluster_size", Kind: "changed", Old: "Small", New: "Medium"},
		{Path: "max_num_clusters", Field: "max_num_clusters", Kind: "changed", Old: "2", New: "4"},
	}, plan.Changes)
	assert.Equal(t, "RUNNING", plan.State)
	assert.True(t, plan.Restarts)
	assert.Contains(t, plan.Notice, "restarts")

	edited, err := svc.Edit(ctx, "ws", saved.ID, spec)
	require.NoError(t, err)
	assert.Empty(t, edited.Problems)
	got, err = svc.Get(ctx, "ws", saved.ID)
	require.NoError(t, err)
	assert.Equal(t, "Medium", got.ClusterSize)
	assert.Equal(t, 4, got.MaxNumClusters)
	assert.Equal(t, sql.StateStarting, got.State, "the edit restarted it")
	assert.Equal(t, "data", got.Tags.CustomTags[0].Value, "fields not changed are kept")

	srv.Clock().Advance(10 * time.Minute)
	plan, err = svc.PlanEdit(ctx, "ws", saved.ID, spec)
	require.NoError(t, err)
	assert.Empty(t, plan.Changes)
	assert.False(t, plan.Restarts, "nothing to save, nothing restarts")
	_, err = svc.Edit(ctx, "ws", saved.ID, spec)
	require.NoError(t, err)
	got, err = svc.Get(ctx, "ws", saved.ID)
	require.NoError(t, err)
	assert.Equal(t, sql.StateRunning, got.State, "an edit that changes nothing is not sent")

	spec.Name = "Classic BI"
	refused, err := svc.Edit(ctx, "ws", saved.ID, spec)
	require.NoError(t, err)
	assert.Equal(t, []string{"name:name_taken"}, codes(refused.Problems))

	// A stopped warehouse is started by an edit: the plan says so.
	plan, err = svc.PlanEdit(ctx, "ws", proID, form(t, `{"auto_stop_mins":45}`))
	require.NoError(t, err)
	assert.Equal(t, "STOPPED", plan.State)
	assert.True(t, plan.Restarts)
	assert.Contains(t, plan.Notice, "starts the warehouse")
	assert.Len(t, plan.Changes, 1, "a field left out stays as it is")
	assert.Equal(t, 45, plan.Request().AutoStopMins)
	assert.Equal(t, "Analytics Pro", plan.Request().Name, "the warehouse's other fields are sent with it")

	require.NoError(t, svc.Delete(ctx, "ws", saved.ID, "ETL"))
	_, err = svc.PlanEdit(ctx, "ws", saved.ID, spec)
	assert.ErrorIs(t, err, ErrNotAllowed, "a warehouse being deleted is not edited")
}

// Offline, the check reads the cached listing for unique names.
func TestCheckOfflineReadsTheCache(t *testing.T) {
	snap := catalog.Snapshot{Warehouses: catalog.Section[[]sql.EndpointInfo]{Items: []sql.EndpointInfo{{Id: "a", Name: "BI", State: sql.StateStopped}}}}
	svc := NewService(fakeSource{snap: snap}, failingClient{assert.AnError}, nil)
	assert.Equal(t, []string{"name:name_taken"}, codes(svc.Check(demotest.Ctx(t), "ws", form(t, `{"name":"BI","cluster_size":"Small"}`))))
	assert.Equal(t, []Problem{}, svc.Check(demotest.Ctx(t), "ws", form(t, `{"name":"New","cluster_size":"Small"}`)))
}
