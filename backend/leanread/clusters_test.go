package leanread_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/config"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
	"github.com/clusterdeck/clusterdeck/backend/leanread"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// Clusters walks every page and gives each cluster once, with the listed fields
// the SDK's own ListAll gives.
func TestClustersMatchesTheSDKsListingOnTheListedFields(t *testing.T) {
	_, w := demotest.Start(t, demo.Options{ExtraClusters: 250})
	ctx := demotest.Ctx(t)
	for _, req := range []compute.ListClustersRequest{
		{},
		{PageSize: 30, FilterBy: &compute.ListClustersFilterBy{ClusterSources: []compute.ClusterSource{compute.ClusterSourceJob}}},
	} {
		want, err := w.Clusters.ListAll(ctx, req)
		require.NoError(t, err)
		got, err := leanread.Clusters(ctx, w.Pages, req)
		require.NoError(t, err)
		require.Len(t, got, len(want))
		require.Greater(t, len(got), max(req.PageSize, leanread.PageSize)/2, "more than a page or so")
		byID := map[string]compute.ClusterDetails{}
		for _, c := range want {
			byID[c.ClusterId] = c
		}
		seen := map[string]bool{}
		for _, c := range got {
			assert.False(t, seen[c.ClusterId], "%s listed twice", c.ClusterId)
			seen[c.ClusterId] = true
			s, ok := byID[c.ClusterId]
			require.True(t, ok, "%s is not in the SDK's listing", c.ClusterId)
			assert.Equal(t, s.ClusterName, c.ClusterName)
			assert.Equal(t, s.State, c.State)
			assert.Equal(t, s.ClusterSource, c.ClusterSource)
			assert.Equal(t, s.CustomTags, c.CustomTags)
			assert.Equal(t, s.StartTime, c.StartTime)
			assert.Equal(t, s.InstancePoolId, c.InstancePoolId)
			assert.Equal(t, s.DriverInstancePoolId, c.DriverInstancePoolId)
			assert.Equal(t, s.CreatorUserName, c.CreatorUserName)
			if assert.Equal(t, s.Autoscale == nil, c.Autoscale == nil) && s.Autoscale != nil {
				assert.Equal(t, [2]int{s.Autoscale.MinWorkers, s.Autoscale.MaxWorkers}, [2]int{c.Autoscale.MinWorkers, c.Autoscale.MaxWorkers})
			}
			assert.Equal(t, s.NumWorkers, c.NumWorkers)
		}
	}
}

// The service sends 64-bit integers as numbers or as strings; both read.
func TestClustersPageReadsIntegersSentAsStrings(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/2.1/clusters/list" { // the SDK asks the host about itself first
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"clusters":[{"cluster_id":"a","cluster_name":"x","state":"RUNNING","start_time":"1700000000123","last_activity_time":1700000000456}],"next_page_token":""}`))
	}))
	t.Cleanup(srv.Close)
	w, err := workspaceapi.New(&config.Config{Host: srv.URL, Token: "t", Loaders: []config.Loader{config.ConfigAttributes}})
	require.NoError(t, err)
	page, err := leanread.ClustersPage(demotest.Ctx(t), w.Pages, compute.ListClustersRequest{})
	require.NoError(t, err)
	require.Len(t, page.Clusters, 1)
	d := page.Clusters[0].Details()
	assert.Equal(t, int64(1700000000123), d.StartTime)
	assert.Equal(t, leanread.Int64(1700000000456), page.Clusters[0].LastActivityTime)
}

// A refused call keeps the API's error, for errors.As up the stack.
func TestClustersKeepsTheAPIError(t *testing.T) {
	srv, _ := demotest.Start(t, demo.Options{})
	w, err := workspaceapi.New(&config.Config{Host: srv.URL(), Token: "wrong", Loaders: []config.Loader{config.ConfigAttributes},
		RetryTimeoutSeconds: 5})
	require.NoError(t, err)
	_, err = leanread.Clusters(demotest.Ctx(t), w.Pages, compute.ListClustersRequest{})
	require.Error(t, err)
	var ae *apierr.APIError
	require.True(t, errors.As(err, &ae), "%v", err)
	assert.Equal(t, http.StatusForbidden, ae.StatusCode) // as the service answers a wrong token
	assert.Contains(t, err.Error(), "list clusters")
}
