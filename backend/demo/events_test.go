package demo

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEventsPagingFiltersAndOrder(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{Empty: true, ExtraClusters: 1, EventHistory: 80})
	ctx := testCtx(t)
	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	require.Len(t, all, 1)
	id := all[0].ClusterId

	// 2 + 80 resizes + an UPSIZE_COMPLETED per growth (+1 when it ended):
	// several pages of the default 50.
	evs, err := w.Clusters.EventsAll(ctx, compute.GetEvents{ClusterId: id})
	require.NoError(t, err)
	assert.Greater(t, len(evs), 2*eventsDefaultLimit)
	for i := 1; i < len(evs); i++ {
		assert.GreaterOrEqual(t, evs[i-1].Timestamp, evs[i].Timestamp, "newest first by default")
	}

	asc, err := w.Clusters.EventsAll(ctx, compute.GetEvents{ClusterId: id, Order: compute.GetEventsOrderAsc})
	require.NoError(t, err)
	require.Len(t, asc, len(evs))
	assert.Equal(t, compute.EventTypeCreating, asc[0].Type)

	// Token paging gives the same events as offset paging.
	tok, err := w.Clusters.EventsAll(ctx, compute.GetEvents{ClusterId: id, PageSize: 25, Order: compute.GetEventsOrderAsc})
	require.NoError(t, err)
	assert.Equal(t, asc, tok)

	resizes, err := w.Clusters.EventsAll(ctx, compute.GetEvents{ClusterId: id, EventTypes: []compute.EventType{compute.EventTypeResizing}})
	require.NoError(t, err)
	assert.Len(t, resizes, 80)
	for _, e := range resizes {
		require.NotNil(t, e.Details)
		assert.Equal(t, compute.EventDetailsCauseAutoscale, e.Details.Cause)
	}

	window, err := w.Clusters.EventsAll(ctx, compute.GetEvents{ClusterId: id, StartTime: asc[10].Timestamp, EndTime: asc[19].Timestamp, Order: compute.GetEventsOrderAsc})
	require.NoError(t, err)
	assert.Equal(t, asc[10:20], window)

	capped, err := w.Clusters.EventsAll(ctx, compute.GetEvents{ClusterId: id, Limit: 7})
	require.NoError(t, err)
	assert.Len(t, capped, 7)
}
