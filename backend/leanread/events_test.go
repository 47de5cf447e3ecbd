package leanread_test

import (
	"encoding/json"
	"testing"

	"github.com/databricks/databricks-sdk-go/listing"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
	"github.com/clusterdeck/clusterdeck/backend/leanread"
)

// Page by page, the lean events carry what the SDK's typed events carry of
// them, and their raw details decode to the SDK's details.
func TestEventsPagesMatchTheSDKsEvents(t *testing.T) {
	_, w := demotest.Start(t, demo.Options{})
	ctx := demotest.Ctx(t)
	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	checked := 0
	for _, c := range all {
		req := compute.GetEvents{ClusterId: c.ClusterId, Limit: 3, Order: compute.GetEventsOrderAsc}
		want, err := listing.ToSlice(ctx, w.Clusters.Events(ctx, req)) // every page (EventsAll stops at Limit)
		require.NoError(t, err)
		var got []leanread.Event
		pages := 0
		for next := &req; next != nil; pages++ {
			page, err := leanread.EventsPage(ctx, w.Pages, *next)
			require.NoError(t, err)
			assert.Equal(t, int64(len(want)), int64(page.TotalCount))
			got = append(got, page.Events...)
			next = page.NextPage
		}
		require.Len(t, got, len(want), c.ClusterName)
		for i := range got {
			e, err := got[i].SDK()
			require.NoError(t, err)
			s := want[i]
			assert.Equal(t, s.ClusterId, e.ClusterId)
			assert.Equal(t, s.Timestamp, e.Timestamp)
			assert.Equal(t, s.Type, e.Type)
			if s.Details == nil {
				assert.Nil(t, e.Details)
				continue
			}
			require.NotNil(t, e.Details)
			assert.Equal(t, s.Details.User, e.Details.User)
			assert.Equal(t, s.Details.Cause, e.Details.Cause)
			assert.Equal(t, s.Details.CurrentNumWorkers, e.Details.CurrentNumWorkers)
			assert.Equal(t, s.Details.TargetNumWorkers, e.Details.TargetNumWorkers)
			if s.Details.Reason != nil {
				require.NotNil(t, e.Details.Reason)
				assert.Equal(t, s.Details.Reason.Code, e.Details.Reason.Code)
				assert.Equal(t, s.Details.Reason.Parameters, e.Details.Reason.Parameters)
			}
			if s.Details.ClusterSize != nil {
				require.NotNil(t, e.Details.ClusterSize)
				assert.Equal(t, s.Details.ClusterSize.NumWorkers, e.Details.ClusterSize.NumWorkers)
			}
			var raw compute.EventDetails
			require.NoError(t, json.Unmarshal(got[i].Details, &raw))
			raw.ForceSendFields, s.Details.ForceSendFields = nil, nil
			a, _ := json.Marshal(raw)
			b, _ := json.Marshal(*s.Details)
			assert.JSONEq(t, string(b), string(a), "the raw details are the whole details")
			checked++
		}
		if pages > 1 {
			checked += 1000 // a cluster whose log took several pages
		}
	}
	assert.Greater(t, checked, 1000, "some events, over several pages")
}

func TestEventSDKReadsWhatTheServiceSends(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     compute.ClusterEvent
		err      string
	}{
		{name: "no details", in: `{"cluster_id":"a","timestamp":5,"type":"STARTING"}`,
			want: compute.ClusterEvent{ClusterId: "a", Timestamp: 5, Type: compute.EventTypeStarting}},
		{name: "null details", in: `{"cluster_id":"a","timestamp":"5","type":"STARTING","details":null}`,
			want: compute.ClusterEvent{ClusterId: "a", Timestamp: 5, Type: compute.EventTypeStarting}},
		{name: "resize", in: `{"cluster_id":"a","timestamp":7,"type":"RESIZING","details":{"user":"u@x","current_num_workers":2,"target_num_workers":4,"cluster_size":{"autoscale":{"min_workers":1,"max_workers":8}},"attributes":{"cluster_name":"n"}}}`,
			want: compute.ClusterEvent{ClusterId: "a", Timestamp: 7, Type: compute.EventTypeResizing, Details: &compute.EventDetails{
				User: "u@x", CurrentNumWorkers: 2, TargetNumWorkers: 4,
				ClusterSize: &compute.ClusterSize{Autoscale: &compute.AutoScale{MinWorkers: 1, MaxWorkers: 8}}}}},
		{name: "termination", in: `{"cluster_id":"a","timestamp":9,"type":"TERMINATING","details":{"reason":{"code":"INACTIVITY","type":"SUCCESS","parameters":{"inactivity_duration_min":"60"}}}}`,
			want: compute.ClusterEvent{ClusterId: "a", Timestamp: 9, Type: compute.EventTypeTerminating, Details: &compute.EventDetails{
				Reason: &compute.TerminationReason{Code: "INACTIVITY", Type: "SUCCESS", Parameters: map[string]string{"inactivity_duration_min": "60"}}}}},
		{name: "bad details", in: `{"cluster_id":"a","timestamp":9,"type":"RESIZING","details":{"current_num_workers":"two"}}`,
			err: "details of a RESIZING event"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var e leanread.Event
			require.NoError(t, json.Unmarshal([]byte(tc.in), &e))
			got, err := e.SDK()
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.want.Details == nil, e.DetailsJSON() == "", "raw details shown only when sent")
		})
	}
}
