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
	"github.com/clusterdeck/clusterdeck/backend/metrics"
)

// The metrics picker offers the page's own list: live by name, the cache
// offline, never a warehouse on its way out.
func TestPickerListIsThePagesList(t *testing.T) {
	srv, w := demotest.Start(t, demo.Options{})
	ctx := demotest.Ctx(t)
	svc := NewService(fakeSource{}, fixedClient{w}, srv.Clock().Now)
	page, err := svc.Live(ctx, "ws")
	require.NoError(t, err)
	got, err := svc.PickerList(ctx, "ws")
	require.NoError(t, err)
	require.Len(t, got, len(page.Warehouses))
	for i, p := range page.Warehouses {
		assert.Equal(t, p.ID, got[i].ID, "same order as the page")
	}
	assert.Contains(t, got, metrics.Warehouse{ID: starterID, Name: "Serverless Starter Warehouse", State: "RUNNING", Size: "2X-Small", Serverless: true})

	require.NoError(t, w.Warehouses.DeleteById(ctx, proID))
	got, err = svc.PickerList(ctx, "ws")
	require.NoError(t, err)
	for _, g := range got {
		assert.NotEqual(t, proID, g.ID, "a warehouse being deleted is not offered (%s)", g.State)
	}

	fetched := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	snap := catalog.Snapshot{Warehouses: catalog.Section[[]sql.EndpointInfo]{FetchedAt: fetched, Items: []sql.EndpointInfo{
		{Id: "a", Name: "Cached", State: sql.StateStopped, ClusterSize: "Small", WarehouseType: sql.EndpointInfoWarehouseTypePro},
	}}}
	offline := NewService(fakeSource{snap: snap}, failingClient{errors.New("down")}, func() time.Time { return fetched })
	got, err = offline.PickerList(context.Background(), "ws")
	require.NoError(t, err)
	assert.Equal(t, []metrics.Warehouse{{ID: "a", Name: "Cached", State: "STOPPED", Size: "Small"}}, got, "offline: the cached list")
}
