package metrics

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
	"github.com/clusterdeck/clusterdeck/backend/internal/sdktest"
	"github.com/clusterdeck/clusterdeck/backend/testenv"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

func TestMain(m *testing.M) { testenv.Main(m, "metrics") }

type one struct{ w *workspaceapi.Client }

func (o one) Client(_ context.Context, ws string) (*workspaceapi.Client, error) {
	if ws != "demo" {
		return nil, fmt.Errorf("no workspace %q", ws)
	}
	return o.w, nil
}

func sharedCluster(t *testing.T, w *workspaceapi.Client) compute.ClusterDetails {
	t.Helper()
	all, err := w.Clusters.ListAll(demotest.Ctx(t), compute.ListClustersRequest{})
	require.NoError(t, err)
	for _, c := range all {
		if c.ClusterName == "shared-analytics" {
			return c
		}
	}
	t.Fatal("no shared-analytics cluster in the demo seed")
	return compute.ClusterDetails{}
}

func service(t *testing.T, srv *demo.Server, w *workspaceapi.Client) *Service {
	s := NewService(one{w}, NewPrefs(filepath.Join(t.TempDir(), "metrics.json")))
	s.now = srv.Clock().Now
	s.pollEvery = 10 * time.Millisecond
	s.WarehouseList = listed{w}
	return s
}

// listed lists the warehouses as the API does (in the demo, the Starter
// Warehouse first); the app wires the Warehouses page's service instead.
type listed struct{ w *workspaceapi.Client }

func (l listed) PickerList(ctx context.Context, _ string) ([]Warehouse, error) {
	all, err := l.w.Warehouses.ListAll(ctx, sql.ListWarehousesRequest{})
	out := make([]Warehouse, 0, len(all))
	for _, e := range all {
		out = append(out, Warehouse{ID: e.Id, Name: e.Name, State: string(e.State), Size: e.ClusterSize})
	}
	return out, err
}

func TestUtilisationFromNodeTimeline(t *testing.T) {
	srv, w := demotest.Start(t, demo.Options{})
	s := service(t, srv, w)
	ctx := demotest.Ctx(t)
	cl := sharedCluster(t, w)

	_, err := s.Utilisation(ctx, "demo", cl.ClusterId, UtilQuery{Window: Window{Range: "1h"}})
	require.ErrorIs(t, err, ErrNoWarehouse)

	whs, err := s.Warehouses(ctx, "demo")
	require.NoError(t, err)
	require.NotEmpty(t, whs.Items)
	require.Equal(t, "RUNNING", whs.Items[0].State, "the Starter Warehouse lists first and runs")
	require.NoError(t, s.ChooseWarehouse("demo", whs.Items[0].ID))
	again, err := s.Warehouses(ctx, "demo")
	require.NoError(t, err)
	assert.Equal(t, whs.Items[0].ID, again.Chosen, "the choice is remembered")

	u, err := s.Utilisation(ctx, "demo", cl.ClusterId, UtilQuery{Window: Window{Range: "7d"}})
	require.NoError(t, err)
	t.Logf("rows %d chunks %d nodes %d minutes %d", u.Rows, u.Chunks, u.Nodes, len(u.X))
	require.NotEmpty(t, u.X)
	assert.Equal(t, cl.NumWorkers+1, u.Nodes, "a driver and every worker")
	assert.Equal(t, len(u.X)*(cl.NumWorkers+1), u.Rows)
	assert.GreaterOrEqual(t, u.Chunks, 1)
	for _, ser := range u.Series {
		require.Len(t, ser.Driver, len(u.X), ser.Key)
		for k := range u.X {
			require.NotNil(t, ser.WorkersMin[k], ser.Key)
			assert.LessOrEqual(t, *ser.WorkersMin[k], *ser.WorkersAvg[k], ser.Key)
			assert.LessOrEqual(t, *ser.WorkersAvg[k], *ser.WorkersMax[k], ser.Key)
		}
	}
	assert.Less(t, u.LastRow, srv.Clock().Now().Add(-4*time.Minute).Unix(), "the table lags real time")
}

func TestUtilisationErrors(t *testing.T) {
	srv, w := demotest.Start(t, demo.Options{})
	ctx := demotest.Ctx(t)
	cl := sharedCluster(t, w)
	whs, err := service(t, srv, w).Warehouses(ctx, "demo")
	require.NoError(t, err)

	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	limited := service(t, srv, sdktest.Client(t, srv.URL(), lim))
	require.NoError(t, limited.ChooseWarehouse("demo", whs.Items[0].ID))
	_, err = limited.Utilisation(ctx, "demo", cl.ClusterId, UtilQuery{Window: Window{Range: "1h"}})
	require.ErrorIs(t, err, ErrNoSystemTables)
	assert.Contains(t, err.Error(), "USE SCHEMA on system.compute")

	s := service(t, srv, w)
	stopped := whs.Items[1]
	require.Equal(t, "STOPPED", stopped.State)
	require.NoError(t, s.ChooseWarehouse("demo", stopped.ID))
	_, err = s.Utilisation(ctx, "demo", cl.ClusterId, UtilQuery{Window: Window{Range: "1h"}})
	require.ErrorIs(t, err, ErrWarehouseStopped, "a stopped warehouse is not started without asking")

	// With consent: started, the statement waits in PENDING while the clock moves.
	done := make(chan error, 1)
	go func() {
		_, err := s.Utilisation(ctx, "demo", cl.ClusterId, UtilQuery{Window: Window{Range: "1h"}, StartWarehouse: true})
		done <- err
	}()
	deadline := time.After(30 * time.Second)
	for {
		select {
		case err := <-done:
			require.NoError(t, err)
			return
		case <-deadline:
			t.Fatal("the statement never finished")
		case <-time.After(20 * time.Millisecond):
			srv.Clock().Advance(time.Second)
		}
	}
}

func TestBadRange(t *testing.T) {
	s := NewService(one{}, nil)
	s.DefaultWarehouse = func(string) string { return "wh" }
	for _, w := range []Window{{Range: "2h"}, {Range: "custom", From: 10, To: 5}, {Range: "custom", From: 0, To: 40 * 86400}} {
		_, err := s.Utilisation(context.Background(), "demo", "c", UtilQuery{Window: w})
		assert.True(t, errors.Is(err, ErrBadRange), "%+v: %v", w, err)
	}
}

func TestWorkersAfterResize(t *testing.T) {
	srv, w := demotest.Start(t, demo.Options{})
	s := service(t, srv, w)
	ctx := demotest.Ctx(t)
	cl := sharedCluster(t, w)
	_, err := w.Clusters.Resize(ctx, compute.ResizeCluster{ClusterId: cl.ClusterId, NumWorkers: cl.NumWorkers + 2})
	require.NoError(t, err)
	for i := 0; i < 100; i++ {
		d, err := w.Clusters.GetByClusterId(ctx, cl.ClusterId)
		require.NoError(t, err)
		if d.State == compute.StateRunning {
			break
		}
		srv.Clock().Advance(5 * time.Second)
	}
	v, err := s.Workers(ctx, "demo", cl.ClusterId, Window{Range: "24h"})
	require.NoError(t, err)
	require.NotEmpty(t, v.Points)
	last := v.Points[len(v.Points)-1]
	assert.Equal(t, cl.NumWorkers+2, last.Current)
	assert.Equal(t, cl.NumWorkers+2, last.Target)
	var kinds []string
	for _, m := range v.Marks {
		kinds = append(kinds, m.Kind)
	}
	assert.Contains(t, kinds, "resize")

	c, err := s.Capacity(ctx, "demo", cl.ClusterId)
	require.NoError(t, err)
	assert.Equal(t, cl.NumWorkers+2, c.Workers)
	assert.Greater(t, c.Cores, 0.0)
	assert.Greater(t, c.MemoryMB, int64(0))
}

func TestRunReadsEveryChunkWithinBound(t *testing.T) {
	srv, w := demotest.Start(t, demo.Options{})
	s := service(t, srv, w)
	ctx := demotest.Ctx(t)
	whs, err := s.Warehouses(ctx, "demo")
	require.NoError(t, err)
	stmt := "SELECT start_time, cluster_id FROM system.compute.node_timeline WHERE start_time >= :from"
	params := []sql.StatementParameterListItem{{Name: "from", Value: srv.Clock().Now().Add(-7 * 24 * time.Hour).UTC().Format(time.RFC3339), Type: "TIMESTAMP"}}
	all, err := s.run(ctx, w, whs.Items[0].ID, stmt, params)
	require.NoError(t, err)
	require.Greater(t, all.chunks, 1, "every cluster for a week comes in several chunks")
	assert.False(t, all.truncated)
	assert.Equal(t, []string{"start_time", "cluster_id"}, all.columns)

	s.maxRows = 7000 // the bound: rows beyond it are not read, and the result says so
	part, err := s.run(ctx, w, whs.Items[0].ID, stmt, params)
	require.NoError(t, err)
	assert.Len(t, part.rows, 7000)
	assert.True(t, part.truncated)
	assert.Equal(t, all.rows[:7000], part.rows)
}
