package policy_test

import (
	"context"
	"encoding/json"
	"errors"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/policy"
	"github.com/databricks/databricks-sdk-go"
	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/config"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAgreesWithDemoServer sends specs that break a policy to the demo
// workspace (which plays the service and enforces policies its own way)
// and checks that this evaluator names the same paths with the same words.
func TestAgreesWithDemoServer(t *testing.T) {
	dir := t.TempDir()
	for _, k := range []string{"HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"} {
		t.Setenv(k, dir)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
	defer cancel()
	srv, err := demo.Start(ctx, demo.Options{Seed: 42, Empty: true, FreezeClock: true})
	require.NoError(t, err)
	defer func() { require.NoError(t, srv.Close()) }()
	w, err := databricks.NewWorkspaceClient(&databricks.Config{
		Host: srv.URL(), Token: srv.Token(), Loaders: []config.Loader{config.ConfigAttributes},
		RetryTimeoutSeconds: 20, HTTPTimeoutSeconds: 10, RateLimitPerSecond: 10000,
	})
	require.NoError(t, err)

	created, err := w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "Cross-check", Definition: `{
		"node_type_id": {"type": "allowlist", "values": ["Standard_DS3_v2", "Standard_DS4_v2"]},
		"spark_version": {"type": "regex", "pattern": "1[56]\\.[0-9]+\\.x-scala2\\.12"},
		"autotermination_minutes": {"type": "range", "minValue": 10, "maxValue": 120},
		"custom_tags.team": {"type": "fixed", "value": "data-engineering"},
		"spark_conf.spark.databricks.io.cache.enabled": {"type": "fixed", "value": "true"},
		"instance_pool_id": {"type": "forbidden"},
		"driver_node_type_id": {"type": "blocklist", "values": ["Standard_DS5_v2"], "isOptional": true},
		"num_workers": {"type": "range", "maxValue": 4, "isOptional": true},
		"init_scripts.0.volumes.destination": {"type": "fixed", "value": "/Volumes/ops/init/base.sh"}
	}`})
	require.NoError(t, err)
	jobOnly, err := w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "Jobs only",
		Definition: `{"cluster_type": {"type": "fixed", "value": "job"}}`})
	require.NoError(t, err)

	good := func() compute.CreateCluster {
		return compute.CreateCluster{
			ClusterName: "x", SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2", NumWorkers: 2,
			AutoterminationMinutes: 60, PolicyId: created.PolicyId,
			CustomTags:  map[string]string{"team": "data-engineering"},
			SparkConf:   map[string]string{"spark.databricks.io.cache.enabled": "true"},
			InitScripts: []compute.InitScriptInfo{{Volumes: &compute.VolumesStorageInfo{Destination: "/Volumes/ops/init/base.sh"}}},
		}
	}
	cases := []struct {
		name string
		edit func(*compute.CreateCluster)
	}{
		{"compliant", func(*compute.CreateCluster) {}},
		{"node type not allowed", func(c *compute.CreateCluster) { c.NodeTypeId = "Standard_E8ds_v4" }},
		{"runtime pattern", func(c *compute.CreateCluster) { c.SparkVersion = "17.3.x-scala2.13" }},
		{"auto-termination range", func(c *compute.CreateCluster) { c.AutoterminationMinutes = 200 }},
		{"fixed tag", func(c *compute.CreateCluster) { c.CustomTags["team"] = "marketing" }},
		{"fixed spark conf", func(c *compute.CreateCluster) { c.SparkConf["spark.databricks.io.cache.enabled"] = "false" }},
		{"forbidden pool", func(c *compute.CreateCluster) { c.InstancePoolId = "pool-1"; c.NodeTypeId = "" }},
		{"blocked driver", func(c *compute.CreateCluster) { c.DriverNodeTypeId = "Standard_DS5_v2" }},
		{"missing required", func(c *compute.CreateCluster) { c.AutoterminationMinutes = 0; c.NodeTypeId = "" }},
		{"array index", func(c *compute.CreateCluster) { c.InitScripts[0].Volumes.Destination = "/Volumes/me/x.sh" }},
		{"several at once", func(c *compute.CreateCluster) { c.NumWorkers = 9; c.AutoterminationMinutes = 5 }},
		{"job-only policy", func(c *compute.CreateCluster) {
			*c = compute.CreateCluster{ClusterName: "j", SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2", NumWorkers: 1, PolicyId: jobOnly.PolicyId}
		}},
	}
	policies := map[string]*policy.Policy{}
	all, err := w.ClusterPolicies.ListAll(ctx, compute.ListClusterPoliciesRequest{})
	require.NoError(t, err)
	for _, p := range all {
		policies[p.PolicyId], err = policy.FromAPI(p, nil)
		require.NoError(t, err, p.Name)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := good()
			c.edit(&req)
			raw, err := json.Marshal(req)
			require.NoError(t, err)
			res, err := policy.EvaluateJSON(policies[req.PolicyId].Definition, raw, policy.Options{})
			require.NoError(t, err)
			mine := res.Messages()
			sort.Strings(mine)

			_, err = w.Clusters.Create(ctx, req)
			var theirs []string
			if err != nil {
				var ae *apierr.APIError
				require.True(t, errors.As(err, &ae), "unexpected error %v", err)
				require.Equal(t, "INVALID_PARAMETER_VALUE", ae.ErrorCode, ae.Message)
				theirs = strings.Split(ae.Message, "; ")
			}
			sort.Strings(theirs)
			if c.name == "compliant" {
				assert.Empty(t, theirs)
				assert.Empty(t, mine)
				return
			}
			require.NotEmpty(t, theirs, "the server accepted a spec that breaks the policy")
			assert.Equal(t, theirs, mine)
		})
	}

	// The seeded family policies come back with their merged definitions.
	for _, p := range all {
		if p.PolicyFamilyId == "personal-vm" {
			info := policies[p.PolicyId].Info()
			assert.Equal(t, []policy.ClusterType{policy.AllPurpose}, info.ClusterTypes)
			assert.Equal(t, int64(1), info.MaxClustersPerUser)
		}
	}
}
