package leanread_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/databricks/databricks-sdk-go/config"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
	"github.com/clusterdeck/clusterdeck/backend/leanread"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// Pools and Policies give what the SDK's ListAll gives, field by field (the
// SDK's note of which zero values were sent, ForceSendFields, aside: it
// only matters when a value is sent back, and these are read).
func TestPoolsAndPoliciesMatchTheSDKsListings(t *testing.T) {
	_, w := demotest.Start(t, demo.Options{ExtraPools: 40, ExtraPolicies: 40})
	ctx := demotest.Ctx(t)

	wantPools, err := w.InstancePools.ListAll(ctx)
	require.NoError(t, err)
	gotPools, err := leanread.Pools(ctx, w.Pages)
	require.NoError(t, err)
	require.Greater(t, len(gotPools), 40)
	for i := range wantPools {
		wantPools[i].ForceSendFields = nil
	}
	assert.Equal(t, wantPools, gotPools)

	wantPolicies, err := w.ClusterPolicies.ListAll(ctx, compute.ListClusterPoliciesRequest{})
	require.NoError(t, err)
	gotPolicies, err := leanread.Policies(ctx, w.Pages, compute.ListClusterPoliciesRequest{})
	require.NoError(t, err)
	require.Greater(t, len(gotPolicies), 40)
	for i := range wantPolicies {
		wantPolicies[i].ForceSendFields = nil
	}
	assert.Equal(t, wantPolicies, gotPolicies)
}

// A policy's 64-bit integers read as numbers or as strings, as the SDK's do.
func TestPoliciesReadIntegersSentAsStrings(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/2.0/policies/clusters/list" { // the SDK asks the host about itself first
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"policies":[{"policy_id":"p1","name":"a","created_at_timestamp":"1700000000123","max_clusters_per_user":3,` +
			`"definition":"{}","libraries":[{"pypi":{"package":"x"}}]}]}`))
	}))
	t.Cleanup(srv.Close)
	w, err := workspaceapi.New(&config.Config{Host: srv.URL, Token: "t", Loaders: []config.Loader{config.ConfigAttributes}})
	require.NoError(t, err)
	got, err := leanread.Policies(demotest.Ctx(t), w.Pages, compute.ListClusterPoliciesRequest{})
	require.NoError(t, err)
	require.Len(t, got, 1)
	assert.Equal(t, compute.Policy{PolicyId: "p1", Name: "a", CreatedAtTimestamp: 1700000000123, MaxClustersPerUser: 3, Definition: "{}",
		// Nested objects keep the SDK's decoding, ForceSendFields included.
		Libraries: []compute.Library{{Pypi: &compute.PythonPyPiLibrary{Package: "x", ForceSendFields: []string{"Package"}}}}}, got[0])
}
