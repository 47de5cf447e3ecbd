package demo

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/iam"
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

func TestWarehouseListAndGetAgree(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{})
	ctx := testCtx(t)
	createWarehouse(t, w, sql.CreateWarehouseRequest{Name: "tagged", ClusterSize: "Medium", MaxNumClusters: 3,
		Tags: &sql.EndpointTags{CustomTags: []sql.EndpointTagPair{{Key: "team", Value: "ops"}}}})
	all, err := w.Warehouses.ListAll(ctx, sql.ListWarehousesRequest{})
	require.NoError(t, err)
	require.Len(t, all, len(seededWarehouses)+1)
	assert.Equal(t, []string{demoWarehouseID, proWarehouseID, classicWarehouseID}, []string{all[0].Id, all[1].Id, all[2].Id},
		"oldest first, the new one last")
	host := strings.TrimPrefix(srv.URL(), "http://")
	host = host[:strings.LastIndex(host, ":")]
	for _, e := range all {
		got, err := w.Warehouses.GetById(ctx, e.Id)
		require.NoError(t, err)
		listed, err := json.Marshal(e)
		require.NoError(t, err)
		one, err := json.Marshal(got)
		require.NoError(t, err)
		assert.JSONEq(t, string(listed), string(one), "list and get of %s", e.Name)

		path := "/sql/1.0/warehouses/" + e.Id
		require.NotNil(t, got.OdbcParams)
		o := *got.OdbcParams
		o.ForceSendFields = nil
		assert.Equal(t, sql.OdbcParams{Hostname: host, Path: path, Port: 443, Protocol: "https"}, o)
		assert.Equal(t, "jdbc:spark://"+host+":443/default;transportMode=http;ssl=1;AuthMech=3;httpPath="+path+";", got.JdbcUrl)
		assert.Equal(t, sql.StatusHealthy, got.Health.Status)
		assert.NotNil(t, got.Channel)
		assert.NotEmpty(t, got.SpotInstancePolicy)
		assert.NotEmpty(t, got.WarehouseType)
		assert.NotEmpty(t, got.CreatorName)
		assert.GreaterOrEqual(t, got.MaxNumClusters, got.MinNumClusters)
		if got.State == sql.StateRunning {
			assert.GreaterOrEqual(t, got.NumClusters, got.MinNumClusters, e.Name)
		} else {
			assert.Zero(t, got.NumClusters, e.Name)
		}
		var raw map[string]any
		require.NoError(t, json.Unmarshal(one, &raw))
		for _, k := range []string{"num_clusters", "num_active_sessions", "auto_stop_mins", "enable_photon", "enable_serverless_compute", "tags"} {
			assert.Contains(t, raw, k, "%s answers %s", e.Name, k)
		}
	}
}

func TestWarehousePermissions(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{})
	ctx := testCtx(t)
	ptok, err := srv.UserToken(srv.Token(), "priya.sharma@example.com")
	require.NoError(t, err)
	priya := client(t, srv, ptok)

	// The creator owns a new warehouse; admins manage it.
	id := createWarehouse(t, priya, sql.CreateWarehouseRequest{Name: "priya's", ClusterSize: "Small"})
	perms, err := w.Warehouses.GetPermissions(ctx, sql.GetWarehousePermissionsRequest{WarehouseId: id})
	require.NoError(t, err)
	assert.Equal(t, "/sql/warehouses/"+id, perms.ObjectId)
	assert.Equal(t, "warehouses", perms.ObjectType)
	levels := map[string]sql.WarehousePermissionLevel{}
	for _, a := range perms.AccessControlList {
		levels[a.UserName+a.GroupName] = a.AllPermissions[0].PermissionLevel
	}
	assert.Equal(t, map[string]sql.WarehousePermissionLevel{"priya.sharma@example.com": sql.WarehousePermissionLevelIsOwner,
		"admins": sql.WarehousePermissionLevelCanManage}, levels)

	lv, err := w.Warehouses.GetPermissionLevels(ctx, sql.GetWarehousePermissionLevelsRequest{WarehouseId: id})
	require.NoError(t, err)
	var names []sql.WarehousePermissionLevel
	for _, l := range lv.PermissionLevels {
		names = append(names, l.PermissionLevel)
		assert.NotEmpty(t, l.Description)
	}
	assert.Equal(t, []sql.WarehousePermissionLevel{"CAN_USE", "CAN_MONITOR", "CAN_MANAGE", "IS_OWNER"}, names)

	// Set through the SDK's warehouses path, read through the generic Permissions API's.
	_, err = priya.Warehouses.SetPermissions(ctx, sql.WarehousePermissionsRequest{WarehouseId: id,
		AccessControlList: []sql.WarehouseAccessControlRequest{{GroupName: "analysts", PermissionLevel: sql.WarehousePermissionLevelCanMonitor}}})
	require.NoError(t, err)
	generic, err := w.Permissions.Get(ctx, iam.GetPermissionRequest{RequestObjectType: "sql/warehouses", RequestObjectId: id})
	require.NoError(t, err)
	found := false
	for _, a := range generic.AccessControlList {
		if a.GroupName == "analysts" {
			found = a.AllPermissions[0].PermissionLevel == iam.PermissionLevelCanMonitor
		}
	}
	assert.True(t, found, "analysts hold CAN_MONITOR")

	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	limited := client(t, srv, lim)
	seen, err := limited.Warehouses.ListAll(ctx, sql.ListWarehousesRequest{})
	require.NoError(t, err)
	assert.Len(t, seen, len(seededWarehouses)+1, "the seeded warehouses to users (CAN_USE), priya's to analysts (CAN_MONITOR)")
	_, err = limited.Warehouses.SetPermissions(ctx, sql.WarehousePermissionsRequest{WarehouseId: id})
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied, "CAN_MONITOR may not change permissions")

	tests := []struct {
		name string
		acl  sql.WarehouseAccessControlRequest
	}{
		{"a cluster level", sql.WarehouseAccessControlRequest{GroupName: "users", PermissionLevel: "CAN_ATTACH_TO"}},
		{"a group as owner", sql.WarehouseAccessControlRequest{GroupName: "users", PermissionLevel: sql.WarehousePermissionLevelIsOwner}},
	}
	for _, tc := range tests {
		_, err := w.Warehouses.UpdatePermissions(ctx, sql.WarehousePermissionsRequest{WarehouseId: id,
			AccessControlList: []sql.WarehouseAccessControlRequest{tc.acl}})
		assert.ErrorIs(t, err, apierr.ErrInvalidParameterValue, tc.name)
	}

	// IS_OWNER to another user moves the ownership.
	_, err = w.Warehouses.UpdatePermissions(ctx, sql.WarehousePermissionsRequest{WarehouseId: id,
		AccessControlList: []sql.WarehouseAccessControlRequest{{UserName: "marco.rossi@example.com", PermissionLevel: sql.WarehousePermissionLevelIsOwner}}})
	require.NoError(t, err)
	_, err = priya.Warehouses.Stop(ctx, sql.StopRequest{Id: id})
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied, "priya no longer owns it")
}

func TestWarehouseSeed(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		opts Options
		want []string
	}{
		{"empty: the starter alone", Options{Empty: true}, []string{"Serverless Starter Warehouse RUNNING"}},
		{"the seed", Options{}, []string{"Serverless Starter Warehouse RUNNING", "Analytics Pro STOPPED", "Classic BI STOPPED",
			"ETL Classic RUNNING", "Dashboards Pro RUNNING", "Preview Sandbox STOPPED", "Always-on Reporting RUNNING"}},
	} {
		srv, w := frozen(t, tc.opts)
		all, err := w.Warehouses.ListAll(testCtx(t), sql.ListWarehousesRequest{})
		require.NoError(t, err)
		var got []string
		byName := map[string]sql.EndpointInfo{}
		for _, e := range all {
			got = append(got, e.Name+" "+string(e.State))
			byName[e.Name] = e
		}
		assert.Equal(t, tc.want, got, tc.name)
		if tc.opts.Empty {
			continue
		}
		assert.Equal(t, 2, byName["Dashboards Pro"].NumClusters)
		assert.Equal(t, 4, byName["Dashboards Pro"].MaxNumClusters)
		assert.Equal(t, sql.ChannelNameChannelNamePreview, byName["Preview Sandbox"].Channel.Name)
		assert.Equal(t, "priya.sharma@example.com", byName["ETL Classic"].CreatorName)
		srv.Clock().Advance(61 * time.Minute)
		for name, want := range map[string]sql.State{"ETL Classic": sql.StateStopped, "Dashboards Pro": sql.StateStopped, "Always-on Reporting": sql.StateRunning} {
			assert.Equal(t, want, warehouseState(t, w, byName[name].Id), "%s after an idle hour", name)
		}
	}
}
