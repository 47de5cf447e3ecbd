package demo

import (
	"context"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

func policyID(t *testing.T, ctx context.Context, w *workspaceapi.Client, name string) string {
	t.Helper()
	all, err := w.ClusterPolicies.ListAll(ctx, compute.ListClusterPoliciesRequest{})
	require.NoError(t, err)
	for _, p := range all {
		if p.Name == name {
			return p.PolicyId
		}
	}
	t.Fatalf("no policy %q", name)
	return ""
}

func TestPolicyEnforcementOnCreate(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	de := policyID(t, ctx, w, "Data Engineering Standard")

	tests := []struct {
		name    string
		spec    compute.CreateCluster
		wantErr error
		msg     string
	}{
		{"missing values without defaults", compute.CreateCluster{ClusterName: "x", PolicyId: de, SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS4_v2"},
			apierr.ErrInvalidParameterValue, "Validation failed for autotermination_minutes, the value must be present"},
		{"node type not allowed", compute.CreateCluster{ClusterName: "x", PolicyId: de, SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_F16s", ApplyPolicyDefaultValues: true},
			apierr.ErrInvalidParameterValue, `Validation failed for node_type_id, the value must be one of [Standard_DS3_v2, Standard_DS4_v2, Standard_D8ds_v5, Standard_E8ds_v4] (is "Standard_F16s")`},
		{"fixed tag overridden", compute.CreateCluster{ClusterName: "x", PolicyId: de, SparkVersion: "16.4.x-scala2.12", ApplyPolicyDefaultValues: true,
			CustomTags: map[string]string{"team": "marketing"}},
			apierr.ErrInvalidParameterValue, `Validation failed for custom_tags.team, the value must be data-engineering (is "marketing")`},
		{"range exceeded", compute.CreateCluster{ClusterName: "x", PolicyId: de, SparkVersion: "16.4.x-scala2.12", ApplyPolicyDefaultValues: true, AutoterminationMinutes: 600},
			apierr.ErrInvalidParameterValue, "Validation failed for autotermination_minutes, the value must be at most 120 (is 600)"},
		{"regex mismatch", compute.CreateCluster{ClusterName: "x", PolicyId: de, SparkVersion: "13.3.x-scala2.12", ApplyPolicyDefaultValues: true},
			apierr.ErrInvalidParameterValue, "Validation failed for spark_version, the value must match the regular expression"},
		{"unknown policy", compute.CreateCluster{ClusterName: "x", PolicyId: "0000000000000000", SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2"},
			apierr.ErrInvalidParameterValue, "does not exist"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := w.Clusters.Create(ctx, tc.spec)
			require.Error(t, err)
			assert.ErrorIs(t, err, tc.wantErr)
			assert.Contains(t, err.Error(), tc.msg)
		})
	}

	// Defaults fill everything the request left out.
	created, err := w.Clusters.Create(ctx, compute.CreateCluster{ClusterName: "with-defaults", PolicyId: de,
		SparkVersion: "16.4.x-scala2.12", ApplyPolicyDefaultValues: true})
	require.NoError(t, err)
	d, err := w.Clusters.GetByClusterId(ctx, created.ClusterId)
	require.NoError(t, err)
	assert.Equal(t, "Standard_DS4_v2", d.NodeTypeId)
	assert.Equal(t, "Standard_DS3_v2", d.DriverNodeTypeId)
	assert.Equal(t, 60, d.AutoterminationMinutes)
	assert.Equal(t, 2, d.Spec.NumWorkers)
	assert.Equal(t, "data-engineering", d.CustomTags["team"])
	assert.Equal(t, "true", d.SparkConf["spark.databricks.io.cache.enabled"])
	require.NotNil(t, d.AzureAttributes)
	assert.Equal(t, compute.AzureAvailabilitySpotWithFallbackAzure, d.AzureAttributes.Availability)

	compliance, err := w.PolicyComplianceForClusters.GetCompliance(ctx, compute.GetClusterComplianceRequest{ClusterId: created.ClusterId})
	require.NoError(t, err)
	assert.True(t, compliance.IsCompliant)
}

func TestPolicyFamiliesAndLimits(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)

	fams, err := w.PolicyFamilies.ListAll(ctx, compute.ListPolicyFamiliesRequest{})
	require.NoError(t, err)
	names := []string{}
	for _, f := range fams {
		names = append(names, f.Name)
	}
	assert.ElementsMatch(t, []string{"Personal Compute", "Shared Compute", "Power User Compute", "Job Compute"}, names)
	fam, err := w.PolicyFamilies.Get(ctx, compute.GetPolicyFamilyRequest{PolicyFamilyId: "personal-vm"})
	require.NoError(t, err)
	assert.Contains(t, fam.Definition, "singleNode")

	// The analyst may not create compute freely, but may use Personal Compute, once.
	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	analyst := client(t, srv, lim)
	_, err = analyst.Clusters.Create(ctx, smallSpec("analyst-free"))
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)

	personal := policyID(t, ctx, w, "Personal Compute")
	created, err := analyst.Clusters.Create(ctx, compute.CreateCluster{ClusterName: "Li's compute", PolicyId: personal,
		SparkVersion: "auto:latest-ml", ApplyPolicyDefaultValues: true})
	require.NoError(t, err)
	d, err := w.Clusters.GetByClusterId(ctx, created.ClusterId)
	require.NoError(t, err)
	assert.Equal(t, "17.3.x-cpu-ml-scala2.13", d.SparkVersion)
	assert.Equal(t, compute.DataSecurityModeSingleUser, d.DataSecurityMode)
	assert.Equal(t, "singleNode", d.SparkConf["spark.databricks.cluster.profile"])
	assert.Equal(t, 4320, d.AutoterminationMinutes)

	_, err = analyst.Clusters.Create(ctx, compute.CreateCluster{ClusterName: "second", PolicyId: personal,
		SparkVersion: "auto:latest-ml", ApplyPolicyDefaultValues: true})
	assert.ErrorIs(t, err, apierr.ErrInvalidParameterValue)
	assert.Contains(t, err.Error(), "Cannot create more than 1 active cluster(s)")

	// Job Compute is for jobs only.
	job := policyID(t, ctx, w, "Job Compute")
	_, err = w.Clusters.Create(ctx, compute.CreateCluster{ClusterName: "not-a-job", PolicyId: job, SparkVersion: "16.4.x-scala2.12", ApplyPolicyDefaultValues: true})
	assert.ErrorIs(t, err, apierr.ErrInvalidParameterValue)

	// Only admins manage policies.
	_, err = analyst.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "mine", Definition: "{}"})
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)
}

func TestPolicyCRUDAndCompliance(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	created, err := w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "small", Definition: `{
		"autotermination_minutes": {"type": "range", "maxValue": 60, "defaultValue": 30},
		"node_type_id": {"type": "allowlist", "values": ["Standard_DS3_v2", "Standard_DS4_v2"]}}`})
	require.NoError(t, err)
	_, err = w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "bad", Definition: `{"x": {"type": "sometimes"}}`})
	assert.ErrorIs(t, err, apierr.ErrInvalidParameterValue)

	cl, err := w.Clusters.Create(ctx, compute.CreateCluster{ClusterName: "c", PolicyId: created.PolicyId, SparkVersion: "16.4.x-scala2.12",
		NodeTypeId: "Standard_DS4_v2", AutoterminationMinutes: 45, NumWorkers: 1})
	require.NoError(t, err)
	_, err = w.Clusters.Delete(ctx, compute.DeleteCluster{ClusterId: cl.ClusterId})
	require.NoError(t, err)
	srv.Clock().Advance(time.Minute)

	// Tighten the policy: the cluster falls out of compliance.
	require.NoError(t, w.ClusterPolicies.Edit(ctx, compute.EditPolicy{PolicyId: created.PolicyId, Name: "small", Definition: `{
		"autotermination_minutes": {"type": "range", "maxValue": 20, "defaultValue": 15},
		"node_type_id": {"type": "allowlist", "values": ["Standard_DS3_v2"]}}`}))
	got, err := w.PolicyComplianceForClusters.GetCompliance(ctx, compute.GetClusterComplianceRequest{ClusterId: cl.ClusterId})
	require.NoError(t, err)
	assert.False(t, got.IsCompliant)
	assert.Contains(t, got.Violations, "autotermination_minutes")
	assert.Contains(t, got.Violations, "node_type_id")

	dry, err := w.PolicyComplianceForClusters.EnforceCompliance(ctx, compute.EnforceClusterComplianceRequest{ClusterId: cl.ClusterId, ValidateOnly: true})
	require.NoError(t, err)
	assert.True(t, dry.HasChanges)
	changes := []string{}
	for _, c := range dry.Changes {
		changes = append(changes, c.Field+": "+c.PreviousValue+" -> "+c.NewValue)
	}
	assert.ElementsMatch(t, []string{"autotermination_minutes: 45 -> 20", "node_type_id: Standard_DS4_v2 -> Standard_DS3_v2"}, changes)

	_, err = w.PolicyComplianceForClusters.EnforceCompliance(ctx, compute.EnforceClusterComplianceRequest{ClusterId: cl.ClusterId})
	require.NoError(t, err)
	d, err := w.Clusters.GetByClusterId(ctx, cl.ClusterId)
	require.NoError(t, err)
	assert.Equal(t, 20, d.AutoterminationMinutes)
	assert.Equal(t, "Standard_DS3_v2", d.NodeTypeId)

	require.NoError(t, w.ClusterPolicies.DeleteByPolicyId(ctx, created.PolicyId))
	_, err = w.ClusterPolicies.GetByPolicyId(ctx, created.PolicyId)
	assert.ErrorIs(t, err, apierr.ErrResourceDoesNotExist)
}

func TestPolicyDBUsPerHour(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	capped, err := w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "Cost capped",
		Definition: `{"dbus_per_hour": {"type": "range", "maxValue": 4}}`})
	require.NoError(t, err)
	pool, err := w.InstancePools.Create(ctx, compute.CreateInstancePool{InstancePoolName: "ds4", NodeTypeId: "Standard_DS4_v2", MaxCapacity: 10})
	require.NoError(t, err)

	spec := func(edit func(*compute.CreateCluster)) compute.CreateCluster {
		c := compute.CreateCluster{ClusterName: "capped", PolicyId: capped.PolicyId, SparkVersion: "16.4.x-scala2.12",
			NodeTypeId: "Standard_DS3_v2", NumWorkers: 4, AutoterminationMinutes: 30}
		edit(&c)
		return c
	}
	tests := []struct {
		name string
		spec compute.CreateCluster
		msg  string // empty: accepted
	}{
		// Standard_DS3_v2 is 0.75 DBU/h, the driver included.
		{"driver and four workers", spec(func(*compute.CreateCluster) {}), ""},
		{"five workers", spec(func(c *compute.CreateCluster) { c.NumWorkers = 5 }),
			"Validation failed for dbus_per_hour, the value must be at most 4 (is 4.5)"},
		{"autoscale counts max workers", spec(func(c *compute.CreateCluster) {
			c.NumWorkers, c.Autoscale = 0, &compute.AutoScale{MinWorkers: 1, MaxWorkers: 6}
		}), "Validation failed for dbus_per_hour, the value must be at most 4 (is 5.25)"},
		{"bigger driver within the cap", spec(func(c *compute.CreateCluster) { c.NumWorkers, c.DriverNodeTypeId = 1, "Standard_DS5_v2" }), ""},
		{"bigger driver over the cap", spec(func(c *compute.CreateCluster) { c.NumWorkers, c.DriverNodeTypeId = 2, "Standard_DS5_v2" }),
			"Validation failed for dbus_per_hour, the value must be at most 4 (is 4.5)"},
		{"photon doubles the rate", spec(func(c *compute.CreateCluster) { c.NumWorkers, c.RuntimeEngine = 2, compute.RuntimeEnginePhoton }),
			"Validation failed for dbus_per_hour, the value must be at most 4 (is 4.5)"},
		{"node type from the pool", spec(func(c *compute.CreateCluster) {
			c.NodeTypeId, c.InstancePoolId, c.NumWorkers = "", pool.InstancePoolId, 1
		}), ""},
		{"pool too big", spec(func(c *compute.CreateCluster) {
			c.NodeTypeId, c.InstancePoolId, c.NumWorkers = "", pool.InstancePoolId, 2
		}),
			"Validation failed for dbus_per_hour, the value must be at most 4 (is 4.5)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			created, err := w.Clusters.Create(ctx, tc.spec)
			if tc.msg == "" {
				require.NoError(t, err)
				assert.NotEmpty(t, created.ClusterId)
				return
			}
			require.Error(t, err)
			assert.ErrorIs(t, err, apierr.ErrInvalidParameterValue)
			assert.Contains(t, err.Error(), tc.msg)
		})
	}

	// The seeded Personal Compute policy caps a single node at 2 DBU/h.
	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	analyst := client(t, srv, lim)
	personal := policyID(t, ctx, w, "Personal Compute")
	_, err = analyst.Clusters.Create(ctx, compute.CreateCluster{ClusterName: "too big", PolicyId: personal,
		SparkVersion: "auto:latest-ml", NodeTypeId: "Standard_DS5_v2", ApplyPolicyDefaultValues: true})
	assert.ErrorIs(t, err, apierr.ErrInvalidParameterValue)
	assert.ErrorContains(t, err, "Validation failed for dbus_per_hour, the value must be at most 2 (is 3)")
	_, err = analyst.Clusters.Create(ctx, compute.CreateCluster{ClusterName: "fits", PolicyId: personal,
		SparkVersion: "auto:latest-ml", NodeTypeId: "Standard_E8ds_v4", ApplyPolicyDefaultValues: true})
	assert.NoError(t, err)
}

func TestNonAdminSeesOnlyPoliciesTheyMayUse(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	analyst := client(t, srv, lim)
	names := func(w *workspaceapi.Client) []string {
		all, err := w.ClusterPolicies.ListAll(ctx, compute.ListClusterPoliciesRequest{})
		require.NoError(t, err)
		out := []string{}
		for _, p := range all {
			out = append(out, p.Name)
		}
		return out
	}
	assert.ElementsMatch(t, []string{"Personal Compute", "Shared Compute", "Power User Compute", "Job Compute", "Data Engineering Standard"}, names(w))
	// The analyst is in no group the team policies are granted to.
	assert.ElementsMatch(t, []string{"Personal Compute", "Job Compute"}, names(analyst))

	shared := policyID(t, ctx, w, "Shared Compute")
	_, err = analyst.ClusterPolicies.GetByPolicyId(ctx, shared)
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)
	got, err := analyst.ClusterPolicies.GetByPolicyId(ctx, policyID(t, ctx, w, "Personal Compute"))
	require.NoError(t, err)
	assert.Equal(t, "Personal Compute", got.Name)

	// A direct grant makes it visible.
	_, err = w.ClusterPolicies.UpdatePermissions(ctx, compute.ClusterPolicyPermissionsRequest{ClusterPolicyId: shared,
		AccessControlList: []compute.ClusterPolicyAccessControlRequest{{UserName: limitedUserName, PermissionLevel: compute.ClusterPolicyPermissionLevelCanUse}}})
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"Personal Compute", "Shared Compute", "Job Compute"}, names(analyst))
	_, err = analyst.ClusterPolicies.GetByPolicyId(ctx, shared)
	assert.NoError(t, err)
}

// Default policies cannot be deleted, and their family cannot be changed
// (the Cluster Policies API's own rule, in the SDK's documentation).
func TestDefaultPoliciesKeepTheirFamilyAndCannotBeDeleted(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	id := policyID(t, ctx, w, "Personal Compute")
	err := w.ClusterPolicies.Delete(ctx, compute.DeletePolicy{PolicyId: id})
	assert.ErrorIs(t, err, apierr.ErrInvalidParameterValue)
	err = w.ClusterPolicies.Edit(ctx, compute.EditPolicy{PolicyId: id, Name: "Personal Compute", PolicyFamilyId: "power-user"})
	assert.ErrorIs(t, err, apierr.ErrInvalidParameterValue)
	err = w.ClusterPolicies.Edit(ctx, compute.EditPolicy{PolicyId: id, Name: "Personal Compute", PolicyFamilyId: "personal-vm",
		PolicyFamilyDefinitionOverrides: `{"autotermination_minutes": {"type": "fixed", "value": 60}}`})
	require.NoError(t, err, "its overrides may change")
	p, err := w.ClusterPolicies.GetByPolicyId(ctx, id)
	require.NoError(t, err)
	assert.Contains(t, p.Definition, `"value":60`, "the overrides are merged into the family's definition")
	_, err = w.ClusterPolicies.GetByPolicyId(ctx, policyID(t, ctx, w, "Data Engineering Standard"))
	require.NoError(t, err)
	require.NoError(t, w.ClusterPolicies.Delete(ctx, compute.DeletePolicy{PolicyId: policyID(t, ctx, w, "Data Engineering Standard")}))
}
