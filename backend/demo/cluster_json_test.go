package demo

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// clusters/get and clusters/list carry last_activity_time for running
// compute, as the service does, beside every field of the SDK's type.
func TestClustersCarryLastActivityTimeWhileRunning(t *testing.T) {
	srv, w := frozen(t, Options{})
	ctx := testCtx(t)
	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	raw := func(path string) map[string]any {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL()+path, nil)
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+srv.Token())
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		require.Equal(t, http.StatusOK, res.StatusCode)
		var out map[string]any
		require.NoError(t, json.NewDecoder(res.Body).Decode(&out))
		return out
	}
	seen := map[compute.State]bool{}
	for _, c := range all {
		got := raw("/api/2.1/clusters/get?cluster_id=" + c.ClusterId)
		_, has := got["last_activity_time"]
		up := c.State == compute.StateRunning || c.State == compute.StateResizing
		assert.Equal(t, up, has, "%s (%s)", c.ClusterName, c.State)
		assert.Equal(t, c.ClusterName, got["cluster_name"], "the SDK's fields are all there")
		seen[c.State] = true
	}
	assert.True(t, seen[compute.StateRunning] && seen[compute.StateTerminated], "the seed has both")
	list := raw("/api/2.1/clusters/list?page_size=100")
	withActivity := 0
	for _, c := range list["clusters"].([]any) {
		if _, ok := c.(map[string]any)["last_activity_time"]; ok {
			withActivity++
		}
	}
	assert.Positive(t, withActivity)
}

// The plain encoding of clusters/get and clusters/list writes what the SDK's
// encoding writes, for every cluster: seeded, generated, created with forced
// zero fields, running with driver and executors.
func TestClusterJSONMatchesTheSDKsEncoding(t *testing.T) {
	srv, w := frozen(t, Options{ExtraClusters: 300})
	ctx := testCtx(t)
	created, err := w.Clusters.Create(ctx, compute.CreateCluster{ClusterName: "forced-zero", SparkVersion: "16.4.x-scala2.12",
		NodeTypeId: "Standard_DS3_v2", NumWorkers: 0, AutoterminationMinutes: 30, ForceSendFields: []string{"NumWorkers"}})
	require.NoError(t, err)
	stepUntil(t, srv, w, created.ClusterId, compute.StateRunning)

	ws := srv.def
	ws.mu.Lock()
	defer ws.mu.Unlock()
	plain, forced, nodes := 0, 0, 0
	for _, cl := range ws.clusters {
		c := clusterJSON{d: cl.d, lastActivity: cl.lastActivity, tags: ws.defaultTags(cl)}
		got, err := c.MarshalJSON()
		require.NoError(t, err)
		want, err := sdkClusterJSON(cl.d, activityOf(c), c.tags)
		require.NoError(t, err)
		assert.JSONEq(t, string(want), string(got), cl.d.ClusterName)
		if cl.d.Spec != nil && len(cl.d.Spec.ForceSendFields) > 0 {
			forced++
		} else {
			plain++
		}
		if cl.d.Driver != nil && len(cl.d.Executors) > 0 {
			nodes++
		}
	}
	assert.GreaterOrEqual(t, plain, 300, "generated clusters take the plain encoding")
	assert.Positive(t, forced, "a spec with forced zero fields is compared too")
	assert.Positive(t, nodes, "running clusters with nodes are compared too")
}
