package demo

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type listedPage struct {
	Clusters []struct {
		ClusterID string        `json:"cluster_id"`
		State     compute.State `json:"state"`
	} `json:"clusters"`
	Next string `json:"next_page_token"`
}

// listAllStepping pages through clusters/list, moving the clock by step
// between pages, and returns how often each id came and its last state.
func listAllStepping(t *testing.T, srv *Server, step time.Duration) (map[string]int, map[string]compute.State) {
	t.Helper()
	seen, states := map[string]int{}, map[string]compute.State{}
	token := ""
	for pages := 0; ; pages++ {
		require.Less(t, pages, 500, "the listing never ends")
		q := url.Values{"page_size": {"100"}}
		if token != "" {
			q.Set("page_token", token)
		}
		req, err := http.NewRequestWithContext(testCtx(t), http.MethodGet, srv.URL()+"/api/2.1/clusters/list?"+q.Encode(), nil)
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+srv.Token())
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		var page listedPage
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&page))
		require.NoError(t, resp.Body.Close())
		require.Equal(t, http.StatusOK, resp.StatusCode)
		for _, c := range page.Clusters {
			seen[c.ClusterID]++
			states[c.ClusterID] = c.State
		}
		if page.Next == "" {
			return seen, states
		}
		token = page.Next
		srv.Clock().Advance(step)
	}
}

// A full listing of 10,000 clusters, paged while the clock moves them
// between states (which re-sorts the list), returns each exactly once.
func TestPagingListsEveryClusterOnceWhileStatesChange(t *testing.T) {
	srv := startServer(t, Options{ExtraClusters: 10_000, FreezeClock: true})
	seen, before := listAllStepping(t, srv, 2*time.Minute)
	assert.GreaterOrEqual(t, len(seen), 10_000)
	for id, n := range seen {
		assert.Equal(t, 1, n, "cluster %s listed %d times", id, n)
	}

	// The clock did move states meanwhile: a second listing differs.
	_, after := listAllStepping(t, srv, 0)
	changed := 0
	for id, s := range after {
		if b, ok := before[id]; ok && b != s {
			changed++
		}
	}
	assert.Positive(t, changed, "no cluster changed state: the test proves nothing")
}

// A token of a listing whose order was dropped asks to list again, in the
// API's error shape; a made-up token is refused.
func TestPageTokensThatCannotBeRead(t *testing.T) {
	srv := startServer(t, Options{FreezeClock: true})
	w := client(t, srv, srv.Token())
	ctx := testCtx(t)
	for name, tok := range map[string]string{
		"expired": snapshotToken(999, 100),
		"made up": "bm90LWEtdG9rZW4",
		"not b64": "%%%",
	} {
		t.Run(name, func(t *testing.T) {
			_, err := w.Clusters.List(ctx, compute.ListClustersRequest{PageSize: 10, PageToken: tok}).Next(ctx)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "page token")
		})
	}
}

// Paging a cluster's events newest first while new events are recorded
// (pin, unpin) returns each older event exactly once: a token names where
// the next page starts, not an offset that new events would shift.
func TestEventPagesDoNotShiftWhenEventsArrive(t *testing.T) {
	srv, w := frozen(t, Options{Empty: true, ExtraClusters: 1, EventHistory: 40})
	ctx := testCtx(t)
	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	require.Len(t, all, 1)
	id := all[0].ClusterId
	want, err := w.Clusters.EventsAll(ctx, compute.GetEvents{ClusterId: id})
	require.NoError(t, err)

	var got []compute.ClusterEvent
	req := compute.GetEvents{ClusterId: id, PageSize: 10}
	for pages := 0; ; pages++ {
		require.Less(t, pages, 100)
		resp := eventsPage(t, srv, req)
		got = append(got, resp.Events...)
		if resp.NextPageToken == "" {
			break
		}
		req.PageToken = resp.NextPageToken
		// Two new events before the next page.
		require.NoError(t, w.Clusters.Pin(ctx, compute.PinCluster{ClusterId: id}))
		require.NoError(t, w.Clusters.Unpin(ctx, compute.UnpinCluster{ClusterId: id}))
	}
	assert.Equal(t, want, got)
}

func eventsPage(t *testing.T, srv *Server, in compute.GetEvents) compute.GetEventsResponse {
	t.Helper()
	body, err := json.Marshal(in)
	require.NoError(t, err)
	req, err := http.NewRequestWithContext(testCtx(t), http.MethodPost, srv.URL()+"/api/2.1/clusters/events", bytes.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+srv.Token())
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var out compute.GetEventsResponse
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	return out
}
