package demo

import (
	"encoding/json"
	"regexp"
	"strconv"
	"testing"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	apppolicy "github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDBUEstimateAgreesWithTheApp: the app checks dbus_per_hour offline with
// its own rate table; on ordinary specs (the seeded policies' node types,
// defaults and sizes) it must reach the figure this server enforces, or the
// editor would pass specs the server rejects.
func TestDBUEstimateAgreesWithTheApp(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	// A cap nothing meets makes the server name its figure in the error.
	probe, err := w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "probe",
		Definition: `{"dbus_per_hour": {"type": "range", "maxValue": 0}}`})
	require.NoError(t, err)
	pool, err := w.InstancePools.Create(ctx, compute.CreateInstancePool{InstancePoolName: "e8", NodeTypeId: "Standard_E8ds_v4", MaxCapacity: 10})
	require.NoError(t, err)
	nodes, err := w.Clusters.ListNodeTypes(ctx)
	require.NoError(t, err)
	pools, err := w.InstancePools.ListAll(ctx)
	require.NoError(t, err)
	rates := apppolicy.DefaultRateTable()
	// The app's table leaves Photon unscaled unless the user sets a
	// multiplier; with the server's multiplier the figures must agree too.
	rates.PhotonMultiplier = photonDBUMultiplier

	specs := []compute.CreateCluster{}
	for _, n := range nodes.NodeTypes { // every node type, single node and with workers
		specs = append(specs,
			compute.CreateCluster{NodeTypeId: n.NodeTypeId},
			compute.CreateCluster{NodeTypeId: n.NodeTypeId, NumWorkers: 4})
	}
	specs = append(specs,
		compute.CreateCluster{NodeTypeId: "Standard_DS3_v2", Autoscale: &compute.AutoScale{MinWorkers: 2, MaxWorkers: 8}},
		compute.CreateCluster{NodeTypeId: "Standard_D8ds_v5", DriverNodeTypeId: "Standard_E16ds_v4", NumWorkers: 3},
		compute.CreateCluster{NodeTypeId: "Standard_D8ds_v5", NumWorkers: 3, RuntimeEngine: compute.RuntimeEnginePhoton},
		compute.CreateCluster{InstancePoolId: pool.InstancePoolId, NumWorkers: 2},
	)
	is := regexp.MustCompile(`dbus_per_hour, the value must be at most 0 \(is ([0-9.]+)\)`)
	for _, s := range specs {
		s.ClusterName, s.SparkVersion, s.PolicyId = "probe", "16.4.x-scala2.12", probe.PolicyId
		_, err := w.Clusters.Create(ctx, s)
		var ae *apierr.APIError
		require.ErrorAs(t, err, &ae)
		m := is.FindStringSubmatch(ae.Message)
		require.NotNil(t, m, ae.Message)
		server, err := strconv.ParseFloat(m[1], 64)
		require.NoError(t, err)

		raw, err := json.Marshal(s)
		require.NoError(t, err)
		tree, err := clusterspec.DecodeTree(raw)
		require.NoError(t, err)
		app, err := rates.Estimate(tree, nodes.NodeTypes, pools)
		require.NoError(t, err)
		assert.InDelta(t, app.DBUsPerHour, server, 1e-9, string(raw))
	}

	// The seeded policies' caps give the same verdicts in the app.
	all, err := w.ClusterPolicies.ListAll(ctx, compute.ListClusterPoliciesRequest{})
	require.NoError(t, err)
	defs := map[string]*apppolicy.Policy{}
	for _, p := range all {
		defs[p.Name], err = apppolicy.FromAPI(p, nil)
		require.NoError(t, err)
	}
	verdict := func(name string, typ apppolicy.ClusterType, spec string) []string {
		res, err := apppolicy.EvaluateJSON(defs[name].Definition, []byte(spec),
			apppolicy.Options{ClusterType: typ, ApplyDefaults: true, Rates: &rates, NodeTypes: nodes.NodeTypes, Pools: pools})
		require.NoError(t, err)
		out := []string{}
		for _, v := range res.Violations {
			out = append(out, v.Message)
		}
		return out
	}
	assert.Equal(t, []string{"Validation failed for dbus_per_hour, the value must be at most 2 (is 3)"},
		verdict("Personal Compute", apppolicy.AllPurpose, `{"node_type_id": "Standard_DS5_v2", "spark_version": "16.4.x-scala2.12"}`))
	assert.Empty(t, verdict("Personal Compute", apppolicy.AllPurpose, `{"node_type_id": "Standard_E8ds_v4", "spark_version": "16.4.x-scala2.12"}`))
	assert.Empty(t, verdict("Job Compute", apppolicy.Job, `{"node_type_id": "Standard_DS4_v2", "num_workers": 12, "spark_version": "16.4.x-scala2.12"}`))
	assert.Equal(t, []string{"Validation failed for dbus_per_hour, the value must be at most 20 (is 21)"},
		verdict("Job Compute", apppolicy.Job, `{"node_type_id": "Standard_DS4_v2", "num_workers": 13, "spark_version": "16.4.x-scala2.12"}`))
}
