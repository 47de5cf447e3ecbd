package policyeval_test

import (
	"context"
	"encoding/json"
	"errors"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/config"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// TestAgreesWithDemoServer sends specs that break a policy to the demo
// workspace (which plays the service and enforces policies its own way)
// and checks that this evaluator names the same paths with the same words.
//
// Agreement on paths and values is agreement between two implementations.
// Agreement on words means "says what the service says" only where the
// demo's wording is the service's: cases marked sourced break rules whose
// messages are quoted in public (fixed values and a map's missing key,
// terraform-provider-databricks#403); the others' wording (allowlist,
// blocklist, regex, range, forbidden, a missing plain value) is a guess
// both sides share. backend/demo/messages_policies_test.go holds the sources.
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
	w, err := workspaceapi.New(&config.Config{
		Host: srv.URL(), Token: srv.Token(), Loaders: []config.Loader{config.ConfigAttributes},
		RetryTimeoutSeconds: 20, HTTPTimeoutSeconds: 10, RateLimitPerSecond: 10000,
	})
	require.NoError(t, err)

	created, err := w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "Cross-check", Definition: `{
		"node_type_id": {"type": "allowlist", "values": ["Standard_DS3_v2", "Standard_DS4_v2"]},
		"spark_version": {"type": "regex", "pattern": "1[56]\\.[0-9]+\\.x-scala2\\.12"},
		"autotermination_minutes": {"type": "range", "minValue": 10, "maxValue": 120},
		"custom_tags.team": {"type": "fixed", "value": "data-engineering"},
		"custom_tags.cost_center": {"type": "regex", "pattern": "[0-9]+"},
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
	// The server rates nodes from its own catalog; this evaluator from the
	// built-in rate table, the workspace's node types and its pools.
	capped, err := w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "DBU cap", Definition: `{
		"dbus_per_hour": {"type": "range", "maxValue": 4},
		"node_type_id": {"type": "unlimited", "defaultValue": "Standard_DS4_v2", "isOptional": true}
	}`})
	require.NoError(t, err)
	bigPool, err := w.InstancePools.Create(ctx, compute.CreateInstancePool{InstancePoolName: "big", NodeTypeId: "Standard_DS5_v2"})
	require.NoError(t, err)
	smallPool, err := w.InstancePools.Create(ctx, compute.CreateInstancePool{InstancePoolName: "small", NodeTypeId: "Standard_DS3_v2"})
	require.NoError(t, err)
	nodeTypes, err := w.Clusters.ListNodeTypes(ctx)
	require.NoError(t, err)
	pools, err := w.InstancePools.ListAll(ctx)
	require.NoError(t, err)
	rates := policyeval.DefaultRateTable()
	// dbu sets c to a spec under the DBU cap policy: Standard_DS3_v2 is
	// 0.75 DBU/h, DS4 1.5, DS5 3; the cap is 4.
	dbu := func(c *compute.CreateCluster, edit func(*compute.CreateCluster)) {
		*c = compute.CreateCluster{ClusterName: "d", SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2",
			NumWorkers: 2, PolicyId: capped.PolicyId}
		edit(c)
	}

	good := func() compute.CreateCluster {
		return compute.CreateCluster{
			ClusterName: "x", SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2", NumWorkers: 2,
			AutoterminationMinutes: 60, PolicyId: created.PolicyId,
			CustomTags:  map[string]string{"team": "data-engineering", "cost_center": "42"},
			SparkConf:   map[string]string{"spark.databricks.io.cache.enabled": "true"},
			InitScripts: []compute.InitScriptInfo{{Volumes: &compute.VolumesStorageInfo{Destination: "/Volumes/ops/init/base.sh"}}},
		}
	}
	cases := []struct {
		name    string
		edit    func(*compute.CreateCluster)
		ok      bool // the server accepts it
		sourced bool // every message it draws is quoted in public (see the comment above)
	}{
		{"compliant", func(*compute.CreateCluster) {}, true, false},
		{"node type not allowed", func(c *compute.CreateCluster) { c.NodeTypeId = "Standard_E8ds_v4" }, false, false},
		{"runtime pattern", func(c *compute.CreateCluster) { c.SparkVersion = "17.3.x-scala2.13" }, false, false},
		{"auto-termination range", func(c *compute.CreateCluster) { c.AutoterminationMinutes = 200 }, false, false},
		{"fixed tag", func(c *compute.CreateCluster) { c.CustomTags["team"] = "marketing" }, false, true},
		{"missing map key", func(c *compute.CreateCluster) { delete(c.CustomTags, "cost_center") }, false, true},
		{"fixed spark conf", func(c *compute.CreateCluster) { c.SparkConf["spark.databricks.io.cache.enabled"] = "false" }, false, true},
		{"forbidden pool", func(c *compute.CreateCluster) { c.InstancePoolId = "pool-1"; c.NodeTypeId = "" }, false, false},
		{"blocked driver", func(c *compute.CreateCluster) { c.DriverNodeTypeId = "Standard_DS5_v2" }, false, false},
		{"missing required", func(c *compute.CreateCluster) { c.AutoterminationMinutes = 0; c.NodeTypeId = "" }, false, false},
		{"array index", func(c *compute.CreateCluster) { c.InitScripts[0].Volumes.Destination = "/Volumes/me/x.sh" }, false, true},
		{"several at once", func(c *compute.CreateCluster) { c.NumWorkers = 9; c.AutoterminationMinutes = 5 }, false, false},
		{"job-only policy", func(c *compute.CreateCluster) {
			*c = compute.CreateCluster{ClusterName: "j", SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2", NumWorkers: 1, PolicyId: jobOnly.PolicyId}
		}, false, true},
		{"dbus within the cap", func(c *compute.CreateCluster) { dbu(c, func(*compute.CreateCluster) {}) }, true, false},
		{"dbus over the cap", func(c *compute.CreateCluster) { dbu(c, func(c *compute.CreateCluster) { c.NumWorkers = 5 }) }, false, false},
		{"dbus Photon engine doubles", func(c *compute.CreateCluster) {
			dbu(c, func(c *compute.CreateCluster) { c.RuntimeEngine = compute.RuntimeEnginePhoton })
		}, false, false},
		{"dbus Photon runtime doubles", func(c *compute.CreateCluster) {
			dbu(c, func(c *compute.CreateCluster) { c.SparkVersion = "16.4.x-photon-scala2.12" })
		}, false, false},
		{"dbus Photon within the cap", func(c *compute.CreateCluster) {
			dbu(c, func(c *compute.CreateCluster) { c.RuntimeEngine = compute.RuntimeEnginePhoton; c.NumWorkers = 1 })
		}, true, false},
		{"dbus autoscale at max workers", func(c *compute.CreateCluster) {
			dbu(c, func(c *compute.CreateCluster) {
				c.NumWorkers = 0
				c.Autoscale = &compute.AutoScale{MinWorkers: 1, MaxWorkers: 6}
			})
		}, false, false},
		{"dbus autoscale within the cap", func(c *compute.CreateCluster) {
			dbu(c, func(c *compute.CreateCluster) {
				c.NumWorkers = 0
				c.Autoscale = &compute.AutoScale{MinWorkers: 1, MaxWorkers: 4}
			})
		}, true, false},
		{"dbus node type from the policy default", func(c *compute.CreateCluster) {
			dbu(c, func(c *compute.CreateCluster) { c.NodeTypeId = ""; c.ApplyPolicyDefaultValues = true })
		}, false, false},
		{"dbus node type from the policy default within the cap", func(c *compute.CreateCluster) {
			dbu(c, func(c *compute.CreateCluster) { c.NodeTypeId = ""; c.NumWorkers = 1; c.ApplyPolicyDefaultValues = true })
		}, true, false},
		{"dbus node type from a pool", func(c *compute.CreateCluster) {
			dbu(c, func(c *compute.CreateCluster) {
				c.NodeTypeId = ""
				c.InstancePoolId = bigPool.InstancePoolId
				c.NumWorkers = 1
			})
		}, false, false},
		{"dbus node type from a pool within the cap", func(c *compute.CreateCluster) {
			dbu(c, func(c *compute.CreateCluster) { c.NodeTypeId = ""; c.InstancePoolId = smallPool.InstancePoolId })
		}, true, false},
	}
	policies := map[string]*policyeval.Policy{}
	all, err := w.ClusterPolicies.ListAll(ctx, compute.ListClusterPoliciesRequest{})
	require.NoError(t, err)
	for _, p := range all {
		policies[p.PolicyId], err = policyeval.FromAPI(p, nil)
		require.NoError(t, err, p.Name)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := good()
			c.edit(&req)
			raw, err := json.Marshal(req)
			require.NoError(t, err)
			def := policies[req.PolicyId].Definition
			res, err := policyeval.EvaluateJSON(def, raw, policyeval.Options{ApplyDefaults: req.ApplyPolicyDefaultValues,
				Rates: &rates, NodeTypes: nodeTypes.NodeTypes, Pools: pools})
			require.NoError(t, err)
			if req.PolicyId == capped.PolicyId {
				// A note instead of a figure would agree with a passing
				// server for the wrong reason.
				assert.NotNil(t, res.DBUsPerHour, "dbus_per_hour not checked: %v", res.Notes)
			}
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
			if c.ok {
				assert.Empty(t, theirs)
				assert.Empty(t, mine)
				return
			}
			require.NotEmpty(t, theirs, "the server accepted a spec that breaks the policy")
			if !c.sourced {
				t.Log("guessed wording: agreement with the demo, not with a quoted service message")
			}
			assert.Equal(t, theirs, mine)
		})
	}

	// The seeded family policies come back with their merged definitions.
	for _, p := range all {
		if p.PolicyFamilyId == "personal-vm" {
			info := policies[p.PolicyId].Info()
			assert.Equal(t, []policyeval.ClusterType{policyeval.AllPurpose}, info.ClusterTypes)
			assert.Equal(t, int64(1), info.MaxClustersPerUser)
		}
	}
}
