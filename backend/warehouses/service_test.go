package warehouses

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
	"github.com/clusterdeck/clusterdeck/backend/testenv"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

func TestMain(m *testing.M) { testenv.Main(m, "warehouses") }

type fixedClient struct{ w *workspaceapi.Client }

func (f fixedClient) Client(context.Context, string) (*workspaceapi.Client, error) { return f.w, nil }

type fakeSource struct {
	snap catalog.Snapshot
	err  error
}

func (f fakeSource) Cached(string) (catalog.Snapshot, catalog.Status, error) {
	return f.snap, catalog.Status{}, f.err
}

// The seeded demo warehouses (backend/demo/sql_warehouses.go).
const (
	starterID = "4f8c2a9b1d3e5f70" // Serverless Starter Warehouse, running
	proID     = "8a1e0c4d2b6f9e13" // Analytics Pro, stopped
)

func find(t *testing.T, v ListView, id string) WarehouseView {
	t.Helper()
	for _, w := range v.Warehouses {
		if w.ID == id {
			return w
		}
	}
	t.Fatalf("warehouse %s not listed", id)
	return WarehouseView{}
}

// Start and stop follow the state's actions table and the API's life
// cycle; the list polls fast while one is on its way.
func TestStartAndStopAgainstDemo(t *testing.T) {
	srv, w := demotest.Start(t, demo.Options{})
	ctx := demotest.Ctx(t)
	svc := NewService(fakeSource{}, fixedClient{w}, nil)

	v, err := svc.Live(ctx, "ws")
	require.NoError(t, err)
	assert.True(t, v.Live)
	starter := find(t, v, starterID)
	assert.Equal(t, KindServerless, starter.Kind)
	assert.Equal(t, "RUNNING", starter.State)
	assert.Equal(t, []Action{ActionStop, ActionEdit, ActionDelete}, starter.Actions)
	pro := find(t, v, proID)
	assert.Equal(t, KindPro, pro.Kind)
	assert.Equal(t, []Action{ActionStart, ActionEdit, ActionDelete}, pro.Actions)
	assert.False(t, v.Changing)
	assert.Equal(t, int(PollSlow/time.Second), v.NextPollSec)

	require.ErrorIs(t, svc.Stop(ctx, "ws", proID), ErrNotAllowed, "a stopped warehouse offers no stop")
	require.NoError(t, svc.Start(ctx, "ws", proID))
	v, err = svc.Live(ctx, "ws")
	require.NoError(t, err)
	assert.Equal(t, "STARTING", find(t, v, proID).State)
	assert.True(t, v.Changing)
	assert.Equal(t, int(PollFast/time.Second), v.NextPollSec, "faster while one starts")

	srv.Clock().Advance(time.Minute)
	require.NoError(t, svc.Stop(ctx, "ws", proID))
	got, err := svc.Get(ctx, "ws", proID)
	require.NoError(t, err)
	assert.Equal(t, sql.StateStopping, got.State)
}

func TestGoneAndMistypedNames(t *testing.T) {
	_, w := demotest.Start(t, demo.Options{})
	ctx := demotest.Ctx(t)
	svc := NewService(fakeSource{}, fixedClient{w}, nil)
	assert.ErrorIs(t, svc.Start(ctx, "ws", "no-such-warehouse"), ErrNotFound, "a warehouse deleted meanwhile reads as gone")
	assert.ErrorIs(t, svc.Delete(ctx, "ws", proID, "analytics pro"), ErrNameMismatch, "the exact name, case included")
}

// Offline, the cached listing comes back with the error and its age.
func TestLiveFallsBackToTheCache(t *testing.T) {
	fetched := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	snap := catalog.Snapshot{Warehouses: catalog.Section[[]sql.EndpointInfo]{FetchedAt: fetched, Items: []sql.EndpointInfo{
		{Id: "b", Name: "beta", State: sql.StateRunning, WarehouseType: sql.EndpointInfoWarehouseTypeClassic},
		{Id: "a", Name: "Alpha", State: sql.StateStopped, EnableServerlessCompute: true, WarehouseType: sql.EndpointInfoWarehouseTypePro,
			Tags:    &sql.EndpointTags{CustomTags: []sql.EndpointTagPair{{Key: "team", Value: "bi"}}},
			Channel: &sql.Channel{Name: sql.ChannelNameChannelNamePreview}},
	}}}
	down := errors.New("the workspace cannot be reached")
	svc := NewService(fakeSource{snap: snap}, failingClient{down}, func() time.Time { return fetched.Add(2 * time.Minute) })
	v, err := svc.Live(context.Background(), "ws")
	require.NoError(t, err)
	assert.False(t, v.Live)
	assert.Equal(t, down.Error(), v.Cache.Error)
	assert.EqualValues(t, 120, v.Cache.AgeSeconds)
	require.Len(t, v.Warehouses, 2)
	assert.Equal(t, "Alpha", v.Warehouses[0].Name, "by name, case aside")
	assert.Equal(t, KindServerless, v.Warehouses[0].Kind)
	assert.Equal(t, "preview", v.Warehouses[0].Channel)
	assert.Equal(t, map[string]string{"team": "bi"}, v.Warehouses[0].Tags)
	assert.Equal(t, KindClassic, v.Warehouses[1].Kind)
}

type failingClient struct{ err error }

func (f failingClient) Client(context.Context, string) (*workspaceapi.Client, error) {
	return nil, f.err
}

func TestActionsTableCoversEveryState(t *testing.T) {
	for _, st := range []sql.State{sql.StateRunning, sql.StateStarting, sql.StateStopped, sql.StateStopping, sql.StateDeleting, sql.StateDeleted} {
		_, ok := actionTable()[st]
		assert.True(t, ok, "state %s decided", st)
	}
	assert.Empty(t, Actions("SOMETHING_NEW"))
	assert.True(t, Allowed(sql.StateStopping, ActionStart))
	assert.False(t, Allowed(sql.StateDeleted, ActionDelete))
}
