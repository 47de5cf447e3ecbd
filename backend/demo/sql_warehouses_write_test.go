package demo

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

func warehouseState(t *testing.T, w *workspaceapi.Client, id string) sql.State {
	t.Helper()
	got, err := w.Warehouses.GetById(testCtx(t), id)
	require.NoError(t, err)
	return got.State
}

func createWarehouse(t *testing.T, w *workspaceapi.Client, req sql.CreateWarehouseRequest) string {
	t.Helper()
	wait, err := w.Warehouses.Create(testCtx(t), req)
	require.NoError(t, err)
	return wait.Id
}

// apiCode is the error_code the service answered with.
func apiCode(t *testing.T, err error) string {
	t.Helper()
	var ae *apierr.APIError
	require.True(t, errors.As(err, &ae), "not an API error: %v", err)
	return ae.ErrorCode
}

func TestWarehouseCreateStartsIt(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{})
	ctx := testCtx(t)
	tests := []struct {
		name       string
		req        sql.CreateWarehouseRequest
		typ        sql.GetWarehouseResponseWarehouseType
		serverless bool
		start      time.Duration
	}{
		{"classic: the service's defaults", sql.CreateWarehouseRequest{Name: "etl classic", ClusterSize: "X-Small",
			WarehouseType: sql.CreateWarehouseRequestWarehouseTypeClassic}, sql.GetWarehouseResponseWarehouseTypeClassic, false, warehouseStartTime},
		{"no type: serverless where the workspace allows it", sql.CreateWarehouseRequest{Name: "quick", ClusterSize: "2X-Small"},
			sql.GetWarehouseResponseWarehouseTypePro, true, serverlessStartTime},
		{"pro, not serverless", sql.CreateWarehouseRequest{Name: "pro", ClusterSize: "Small", WarehouseType: sql.CreateWarehouseRequestWarehouseTypePro,
			ForceSendFields: []string{"EnableServerlessCompute"}}, sql.GetWarehouseResponseWarehouseTypePro, false, warehouseStartTime},
	}
	for _, tc := range tests {
		id := createWarehouse(t, w, tc.req)
		require.Len(t, id, 16, tc.name)
		got, err := w.Warehouses.GetById(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, sql.StateStarting, got.State, tc.name)
		assert.Equal(t, tc.typ, got.WarehouseType, tc.name)
		assert.Equal(t, tc.serverless, got.EnableServerlessCompute, tc.name)
		assert.Equal(t, 120, got.AutoStopMins, tc.name)
		assert.True(t, got.EnablePhoton, tc.name)
		assert.Equal(t, 1, got.MinNumClusters, tc.name)
		assert.Equal(t, 1, got.MaxNumClusters, "%s: max defaults to min", tc.name)
		assert.Equal(t, sql.SpotInstancePolicyCostOptimized, got.SpotInstancePolicy, tc.name)
		assert.Equal(t, sql.ChannelNameChannelNameCurrent, got.Channel.Name, tc.name)
		assert.Equal(t, adminUserName, got.CreatorName, tc.name)
		srv.Clock().Advance(tc.start - time.Second)
		assert.Equal(t, sql.StateStarting, warehouseState(t, w, id), tc.name)
		srv.Clock().Advance(time.Second)
		got, err = w.Warehouses.GetById(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, sql.StateRunning, got.State, tc.name)
		assert.Equal(t, 1, got.NumClusters, tc.name)
	}
}

func TestWarehouseCreateRefusals(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{})
	ok := sql.CreateWarehouseRequest{Name: "ok", ClusterSize: "Small", WarehouseType: sql.CreateWarehouseRequestWarehouseTypePro,
		ForceSendFields: []string{"EnableServerlessCompute"}}
	with := func(f func(r *sql.CreateWarehouseRequest)) sql.CreateWarehouseRequest {
		r := ok
		r.ForceSendFields = append([]string{}, ok.ForceSendFields...)
		f(&r)
		return r
	}
	tags := &sql.EndpointTags{}
	for i := 0; i < 45; i++ {
		tags.CustomTags = append(tags.CustomTags, sql.EndpointTagPair{Key: fmt.Sprintf("k%d", i), Value: "v"})
	}
	const bad = "INVALID_PARAMETER_VALUE"
	tests := []struct {
		name, code, msg string
		req             sql.CreateWarehouseRequest
	}{
		{"no name", bad, "name is required", with(func(r *sql.CreateWarehouseRequest) { r.Name = "" })},
		{"a name 100 long", bad, "less than 100", with(func(r *sql.CreateWarehouseRequest) { r.Name = strings.Repeat("n", 100) })},
		{"a name taken", bad, "SQL warehouse with name `Analytics Pro` already exists",
			with(func(r *sql.CreateWarehouseRequest) { r.Name = "Analytics Pro" })},
		{"no size", bad, "cluster_size is required", with(func(r *sql.CreateWarehouseRequest) { r.ClusterSize = "" })},
		{"unknown size", bad, `Invalid cluster_size "Huge"`, with(func(r *sql.CreateWarehouseRequest) { r.ClusterSize = "Huge" })},
		{"min 0", bad, "min_num_clusters must be greater than 0", with(func(r *sql.CreateWarehouseRequest) {
			r.MinNumClusters, r.MaxNumClusters = 0, 2
			r.ForceSendFields = append(r.ForceSendFields, "MinNumClusters")
		})},
		{"min above max", bad, "max_num_clusters (2) must be greater than or equal to min_num_clusters (3)",
			with(func(r *sql.CreateWarehouseRequest) { r.MinNumClusters, r.MaxNumClusters = 3, 2 })},
		{"max above 40", bad, "max_num_clusters must be at most 40", with(func(r *sql.CreateWarehouseRequest) { r.MaxNumClusters = 41 })},
		{"min above 30", bad, "min_num_clusters must be at most 30", with(func(r *sql.CreateWarehouseRequest) { r.MinNumClusters, r.MaxNumClusters = 31, 40 })},
		{"auto stop 5 on pro", bad, "5 is not a valid value for auto_stop_mins. The value must be greater than or equal to 10.", with(func(r *sql.CreateWarehouseRequest) { r.AutoStopMins = 5 })},
		{"auto stop negative", bad, "auto_stop_mins must be 0", with(func(r *sql.CreateWarehouseRequest) { r.AutoStopMins = -1 })},
		{"serverless classic", bad, "Invalid warehouseType: Serverless is only available for PRO warehouses.", with(func(r *sql.CreateWarehouseRequest) {
			r.WarehouseType, r.EnableServerlessCompute = sql.CreateWarehouseRequestWarehouseTypeClassic, true
		})},
		{"unknown type", bad, `Invalid warehouse_type "SERVERLESS"`, with(func(r *sql.CreateWarehouseRequest) { r.WarehouseType = "SERVERLESS" })},
		{"unknown spot policy", bad, `Invalid spot_instance_policy "CHEAP"`, with(func(r *sql.CreateWarehouseRequest) { r.SpotInstancePolicy = "CHEAP" })},
		{"unknown channel", bad, `Invalid channel name "CHANNEL_NAME_NIGHTLY"`, with(func(r *sql.CreateWarehouseRequest) {
			r.Channel = &sql.Channel{Name: "CHANNEL_NAME_NIGHTLY"}
		})},
		{"45 tags", bad, "fewer than 45 custom tags", with(func(r *sql.CreateWarehouseRequest) { r.Tags = tags })},
		{"a tag without key", bad, "keys must not be empty", with(func(r *sql.CreateWarehouseRequest) {
			r.Tags = &sql.EndpointTags{CustomTags: []sql.EndpointTagPair{{Value: "x"}}}
		})},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := w.Warehouses.Create(testCtx(t), tc.req)
			require.Error(t, err)
			assert.Equal(t, tc.code, apiCode(t, err))
			assert.Contains(t, err.Error(), tc.msg)
		})
	}

	// Serverless allows auto-stop below 10 minutes.
	id := createWarehouse(t, w, sql.CreateWarehouseRequest{Name: "fast stop", ClusterSize: "2X-Small", AutoStopMins: 5,
		WarehouseType: sql.CreateWarehouseRequestWarehouseTypePro, EnableServerlessCompute: true})
	got, err := w.Warehouses.GetById(testCtx(t), id)
	require.NoError(t, err)
	assert.Equal(t, 5, got.AutoStopMins)
}

func TestWarehouseCreateNeedsTheEntitlement(t *testing.T) {
	t.Parallel()
	srv, _ := frozen(t, Options{})
	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	_, err = client(t, srv, lim).Warehouses.Create(testCtx(t), sql.CreateWarehouseRequest{Name: "mine", ClusterSize: "Small"})
	require.ErrorIs(t, err, apierr.ErrPermissionDenied)
}

func TestWarehouseEditChangesFieldsAndRestarts(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{})
	ctx := testCtx(t)
	before, err := w.Warehouses.GetById(ctx, proWarehouseID)
	require.NoError(t, err)
	require.Equal(t, sql.StateStopped, before.State)

	// Only the fields sent change; the warehouse starts (the SDK's Edit waits for RUNNING).
	_, err = w.Warehouses.Edit(ctx, sql.EditWarehouseRequest{Id: proWarehouseID, ClusterSize: "Large", MaxNumClusters: 4,
		Channel: &sql.Channel{Name: sql.ChannelNameChannelNamePreview},
		Tags:    &sql.EndpointTags{CustomTags: []sql.EndpointTagPair{{Key: "team", Value: "bi"}}}})
	require.NoError(t, err)
	got, err := w.Warehouses.GetById(ctx, proWarehouseID)
	require.NoError(t, err)
	assert.Equal(t, sql.StateStarting, got.State)
	assert.Equal(t, "Large", got.ClusterSize)
	assert.Equal(t, 4, got.MaxNumClusters)
	assert.Equal(t, sql.ChannelNameChannelNamePreview, got.Channel.Name)
	require.Len(t, got.Tags.CustomTags, 1)
	assert.Equal(t, "team=bi", got.Tags.CustomTags[0].Key+"="+got.Tags.CustomTags[0].Value)
	assert.Equal(t, before.Name, got.Name, "not sent: kept")
	assert.Equal(t, before.AutoStopMins, got.AutoStopMins, "not sent: kept")
	assert.Equal(t, before.CreatorName, got.CreatorName)
	srv.Clock().Advance(warehouseStartTime)
	assert.Equal(t, sql.StateRunning, warehouseState(t, w, proWarehouseID))

	// A running warehouse restarts.
	_, err = w.Warehouses.Edit(ctx, sql.EditWarehouseRequest{Id: proWarehouseID, AutoStopMins: 60})
	require.NoError(t, err)
	assert.Equal(t, sql.StateStarting, warehouseState(t, w, proWarehouseID))
	srv.Clock().Advance(warehouseStartTime)
	assert.Equal(t, sql.StateRunning, warehouseState(t, w, proWarehouseID))

	// The rules of create hold; a refused edit changes nothing.
	tests := []struct {
		name, code string
		req        sql.EditWarehouseRequest
	}{
		{"another's name", "INVALID_PARAMETER_VALUE", sql.EditWarehouseRequest{Id: proWarehouseID, Name: "Classic BI"}},
		{"size", "INVALID_PARAMETER_VALUE", sql.EditWarehouseRequest{Id: proWarehouseID, ClusterSize: "Tiny"}},
		{"classic stays not serverless", "INVALID_PARAMETER_VALUE", sql.EditWarehouseRequest{Id: classicWarehouseID, EnableServerlessCompute: true}},
		{"no such warehouse", "RESOURCE_DOES_NOT_EXIST", sql.EditWarehouseRequest{Id: "0123456789abcdef", Name: "x"}},
	}
	for _, tc := range tests {
		_, err := w.Warehouses.Edit(ctx, tc.req)
		require.Error(t, err, tc.name)
		assert.Equal(t, tc.code, apiCode(t, err), tc.name)
	}
	after, err := w.Warehouses.GetById(ctx, proWarehouseID)
	require.NoError(t, err)
	assert.Equal(t, "Large", after.ClusterSize)
	assert.Equal(t, sql.StateRunning, after.State)

	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	_, err = client(t, srv, lim).Warehouses.Edit(ctx, sql.EditWarehouseRequest{Id: proWarehouseID, ClusterSize: "Small"})
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied, "CAN_USE may not edit")
}

func TestWarehouseDeleteThenGone(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{})
	ctx := testCtx(t)
	require.Equal(t, sql.StateRunning, warehouseState(t, w, demoWarehouseID))
	require.NoError(t, w.Warehouses.DeleteById(ctx, demoWarehouseID))

	assert.Equal(t, sql.StateDeleting, warehouseState(t, w, demoWarehouseID))
	_, err := w.Warehouses.Create(ctx, sql.CreateWarehouseRequest{Name: "Serverless Starter Warehouse", ClusterSize: "Small"})
	assert.Equal(t, "INVALID_PARAMETER_VALUE", apiCode(t, err), "the name is taken until the warehouse is gone")
	_, err = w.StatementExecution.ExecuteStatement(ctx, sql.ExecuteStatementRequest{WarehouseId: demoWarehouseID, Statement: timelineStmt})
	assert.ErrorIs(t, err, apierr.ErrInvalidState)

	srv.Clock().Advance(warehouseDeleteTime)
	_, err = w.Warehouses.GetById(ctx, demoWarehouseID)
	require.ErrorIs(t, err, apierr.ErrResourceDoesNotExist)
	assert.Equal(t, "RESOURCE_DOES_NOT_EXIST", apiCode(t, err))
	assert.Contains(t, err.Error(), "SQL warehouse "+demoWarehouseID+" does not exist")
	all, err := w.Warehouses.ListAll(ctx, sql.ListWarehousesRequest{})
	require.NoError(t, err)
	for _, e := range all {
		assert.NotEqual(t, demoWarehouseID, e.Id)
	}
	assert.ErrorIs(t, w.Warehouses.DeleteById(ctx, demoWarehouseID), apierr.ErrResourceDoesNotExist)
	_, err = w.Warehouses.GetPermissions(ctx, sql.GetWarehousePermissionsRequest{WarehouseId: demoWarehouseID})
	assert.ErrorIs(t, err, apierr.ErrResourceDoesNotExist)
	createWarehouse(t, w, sql.CreateWarehouseRequest{Name: "Serverless Starter Warehouse", ClusterSize: "Small"})
}

func TestWarehouseStartStopIdempotent(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{})
	ctx := testCtx(t)
	start := func() {
		_, err := w.Warehouses.Start(ctx, sql.StartRequest{Id: proWarehouseID})
		require.NoError(t, err)
	}
	stop := func() { _, err := w.Warehouses.Stop(ctx, sql.StopRequest{Id: proWarehouseID}); require.NoError(t, err) }
	stop()
	assert.Equal(t, sql.StateStopped, warehouseState(t, w, proWarehouseID), "stopping a stopped warehouse does nothing")
	start()
	srv.Clock().Advance(warehouseStartTime / 2)
	start()
	srv.Clock().Advance(warehouseStartTime / 2)
	assert.Equal(t, sql.StateRunning, warehouseState(t, w, proWarehouseID), "a second start does not delay the first")
	start()
	assert.Equal(t, sql.StateRunning, warehouseState(t, w, proWarehouseID))
	stop()
	srv.Clock().Advance(warehouseStopTime / 2)
	stop()
	assert.Equal(t, sql.StateStopping, warehouseState(t, w, proWarehouseID))
	srv.Clock().Advance(warehouseStopTime / 2)
	assert.Equal(t, sql.StateStopped, warehouseState(t, w, proWarehouseID))

	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	limited := client(t, srv, lim)
	_, err = limited.Warehouses.Start(ctx, sql.StartRequest{Id: proWarehouseID})
	require.NoError(t, err, "CAN_USE may start")
	_, err = limited.Warehouses.Stop(ctx, sql.StopRequest{Id: proWarehouseID})
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied, "only CAN_MANAGE may stop")
}

func TestWarehouseAutoStop(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{})
	ctx := testCtx(t)
	id := createWarehouse(t, w, sql.CreateWarehouseRequest{Name: "idle", ClusterSize: "Small", AutoStopMins: 10,
		WarehouseType: sql.CreateWarehouseRequestWarehouseTypeClassic})
	srv.Clock().Advance(warehouseStartTime)
	require.Equal(t, sql.StateRunning, warehouseState(t, w, id))

	// A statement after 9 idle minutes starts the count again.
	srv.Clock().Advance(9 * time.Minute)
	_, err := w.StatementExecution.ExecuteStatement(ctx, sql.ExecuteStatementRequest{WarehouseId: id, Statement: timelineStmt})
	require.NoError(t, err)
	srv.Clock().Advance(9*time.Minute + 59*time.Second)
	assert.Equal(t, sql.StateRunning, warehouseState(t, w, id))
	srv.Clock().Advance(time.Second)
	assert.Equal(t, sql.StateStopping, warehouseState(t, w, id), "10 minutes without a statement")
	srv.Clock().Advance(warehouseStopTime)
	assert.Equal(t, sql.StateStopped, warehouseState(t, w, id))

	// A statement starts it again; the count runs from the statement's end, not while it runs.
	resp, err := w.StatementExecution.ExecuteStatement(ctx, sql.ExecuteStatementRequest{WarehouseId: id, Statement: timelineStmt, WaitTimeout: "0s"})
	require.NoError(t, err)
	srv.Clock().Advance(warehouseStartTime + 10*time.Minute + time.Second)
	assert.Equal(t, sql.StateRunning, warehouseState(t, w, id), "10 minutes after it ran, the statement was still running at its start")
	srv.Clock().Advance(statementRunTime)
	assert.Equal(t, sql.StateStopping, warehouseState(t, w, id))
	st, err := w.StatementExecution.GetStatementByStatementId(ctx, resp.StatementId)
	require.NoError(t, err)
	assert.Equal(t, sql.StatementStateSucceeded, st.Status.State)

	// auto_stop_mins 0: never.
	srv.Clock().Advance(5 * time.Hour)
	assert.Equal(t, sql.StateRunning, warehouseState(t, w, demoWarehouseID))
}

func TestWarehouseResetPutsTheSeedBack(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{})
	ctx := testCtx(t)
	ids := func() []string {
		all, err := w.Warehouses.ListAll(ctx, sql.ListWarehousesRequest{})
		require.NoError(t, err)
		var out []string
		for _, e := range all {
			out = append(out, e.Id+" "+string(e.State))
		}
		return out
	}
	seed := ids()
	createWarehouse(t, w, sql.CreateWarehouseRequest{Name: "extra", ClusterSize: "Small"})
	require.NoError(t, w.Warehouses.DeleteById(ctx, classicWarehouseID))
	_, err := w.Warehouses.Start(ctx, sql.StartRequest{Id: proWarehouseID})
	require.NoError(t, err)
	srv.Clock().Advance(time.Minute)
	require.NotEqual(t, seed, ids())
	require.NoError(t, srv.Reset())
	assert.Equal(t, seed, ids())
}
