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

// total_count is deprecated and 0 when the request carries a page_token; the
// deprecated offset/limit requests still get it. Source: the SDK's doc of
// GetEventsResponse.TotalCount (databricks-sdk-go service/compute/model.go):
// "Deprecated: Returns 0 when request uses page_token. Will start returning
// zero when request uses offset/limit soon."
func TestEventsTotalCountOnlyWithoutPageToken(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true, ExtraClusters: 1, EventHistory: 40})
	ctx := testCtx(t)
	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	require.Len(t, all, 1)
	id := all[0].ClusterId
	want, err := w.Clusters.EventsAll(ctx, compute.GetEvents{ClusterId: id})
	require.NoError(t, err)
	total := int64(len(want))
	first := eventsPage(t, srv, compute.GetEvents{ClusterId: id, PageSize: 10})
	second := eventsPage(t, srv, compute.GetEvents{ClusterId: id, PageToken: first.NextPageToken})
	require.NotEmpty(t, second.PrevPageToken)

	cases := []struct {
		name string
		req  compute.GetEvents
		want int64
	}{
		{"offset/limit, first page", compute.GetEvents{ClusterId: id, Limit: 10}, total},
		{"offset/limit, later page", compute.GetEvents{ClusterId: id, Limit: 10, Offset: 20}, total},
		{"page_size without a token", compute.GetEvents{ClusterId: id, PageSize: 10}, total},
		{"next_page_token", compute.GetEvents{ClusterId: id, PageToken: first.NextPageToken}, 0},
		{"next_page_token with page_size", compute.GetEvents{ClusterId: id, PageSize: 10, PageToken: second.NextPageToken}, 0},
		{"prev_page_token back to the first page", compute.GetEvents{ClusterId: id, PageSize: 10, PageToken: second.PrevPageToken}, 0},
	}
	for _, tc := range cases {
		page := eventsPage(t, srv, tc.req)
		assert.NotEmpty(t, page.Events, tc.name)
		assert.Equal(t, tc.want, page.TotalCount, tc.name)
	}
}
