package pools

import (
	"fmt"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
)

func validPool() compute.CreateInstancePool {
	return compute.CreateInstancePool{InstancePoolName: "etl", NodeTypeId: "Standard_DS3_v2", MinIdleInstances: 1, MaxCapacity: 10,
		IdleInstanceAutoterminationMinutes: 30}
}

func paths(ps []Problem) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, p.Path+":"+p.Code)
	}
	return out
}

func TestValidateEveryField(t *testing.T) {
	azure := FormContext{Cloud: "azure", NodeTypes: []string{"Standard_DS3_v2"}, Runtimes: []string{"16.4.x-scala2.12"},
		Pools: []compute.InstancePoolAndStats{{InstancePoolId: "other", InstancePoolName: "taken"},
			{InstancePoolId: "gone", InstancePoolName: "old", State: compute.InstancePoolStateDeleted}}}
	tags := func(n int) map[string]string {
		m := map[string]string{}
		for i := 0; i < n; i++ {
			m[fmt.Sprintf("k%d", i)] = "v"
		}
		return m
	}
	cases := []struct {
		name string
		edit func(*compute.CreateInstancePool)
		fc   FormContext
		want []string
	}{
		{"valid", func(*compute.CreateInstancePool) {}, azure, []string{}},
		{"name required", func(s *compute.CreateInstancePool) { s.InstancePoolName = " " }, azure, []string{"instance_pool_name:required"}},
		{"name under 100 characters", func(s *compute.CreateInstancePool) { s.InstancePoolName = string(make([]byte, 100)) + "x" }, azure,
			[]string{"instance_pool_name:name_too_long"}},
		{"name unique", func(s *compute.CreateInstancePool) { s.InstancePoolName = "taken" }, azure, []string{"instance_pool_name:name_taken"}},
		{"a deleted pool's name is free", func(s *compute.CreateInstancePool) { s.InstancePoolName = "old" }, azure, []string{}},
		{"own name on edit", func(s *compute.CreateInstancePool) { s.InstancePoolName = "taken" }, FormContext{Cloud: "azure",
			Self: "other", Pools: azure.Pools}, []string{}},
		{"node type required", func(s *compute.CreateInstancePool) { s.NodeTypeId = "" }, azure, []string{"node_type_id:required"}},
		{"node type from the catalog", func(s *compute.CreateInstancePool) { s.NodeTypeId = "m5.large" }, azure, []string{"node_type_id:unknown_node_type"}},
		{"max capacity not below min idle", func(s *compute.CreateInstancePool) { s.MinIdleInstances, s.MaxCapacity = 5, 4 }, azure,
			[]string{"max_capacity:below_min_idle"}},
		{"no max capacity is no limit", func(s *compute.CreateInstancePool) { s.MinIdleInstances, s.MaxCapacity = 5, 0 }, azure, []string{}},
		{"negative min idle", func(s *compute.CreateInstancePool) { s.MinIdleInstances = -1 }, azure, []string{"min_idle_instances:negative"}},
		{"idle timeout up to 10000", func(s *compute.CreateInstancePool) { s.IdleInstanceAutoterminationMinutes = 10001 }, azure,
			[]string{"idle_instance_autotermination_minutes:range"}},
		{"idle timeout 0 is fine", func(s *compute.CreateInstancePool) { s.IdleInstanceAutoterminationMinutes = 0 }, azure, []string{}},
		{"Azure allows 41 tags", func(s *compute.CreateInstancePool) { s.CustomTags = tags(42) }, azure, []string{"custom_tags:too_many_tags"}},
		{"AWS allows 42 tags", func(s *compute.CreateInstancePool) { s.CustomTags = tags(42); s.NodeTypeId = "m5.large" }, FormContext{Cloud: "aws"}, []string{}},
		{"tag keys by the cloud rules", func(s *compute.CreateInstancePool) {
			s.CustomTags = map[string]string{"azure-x": "1", "a<b": "1", "Vendor": "me", "DatabricksInstancePoolId": "x"}
		}, azure, []string{"custom_tags.DatabricksInstancePoolId:tag_key_reserved", "custom_tags.Vendor:tag_key_reserved",
			"custom_tags.a<b:tag_key_chars", "custom_tags.azure-x:tag_key_prefix"}},
		{"one preloaded runtime, from the catalog", func(s *compute.CreateInstancePool) {
			s.PreloadedSparkVersions = []string{"16.4.x-scala2.12", "1.0.x"}
		}, azure, []string{"preloaded_spark_versions:too_many_runtimes", "preloaded_spark_versions:unknown_runtime"}},
		{"Azure disk", func(s *compute.CreateInstancePool) {
			s.DiskSpec = &compute.DiskSpec{DiskCount: 2, DiskSize: 2000, DiskType: &compute.DiskType{AzureDiskVolumeType: "PREMIUM_LRS"}}
		}, azure, []string{"disk_spec.disk_size:range"}},
		{"disk count needs a size", func(s *compute.CreateInstancePool) { s.DiskSpec = &compute.DiskSpec{DiskCount: 1} }, azure,
			[]string{"disk_spec.disk_size:required"}},
		{"EBS on Azure", func(s *compute.CreateInstancePool) {
			s.DiskSpec = &compute.DiskSpec{DiskType: &compute.DiskType{EbsVolumeType: "GENERAL_PURPOSE_SSD"}}
		}, azure, []string{"disk_spec.disk_type.ebs_volume_type:wrong_cloud"}},
		{"AWS disk sizes per type", func(s *compute.CreateInstancePool) {
			s.DiskSpec = &compute.DiskSpec{DiskCount: 1, DiskSize: 50, DiskType: &compute.DiskType{EbsVolumeType: "GENERAL_PURPOSE_SSD"}}
		}, FormContext{Cloud: "aws"}, []string{"disk_spec.disk_size:range"}},
		{"Azure attributes", func(s *compute.CreateInstancePool) {
			s.AzureAttributes = &compute.InstancePoolAzureAttributes{Availability: "SPOT", SpotBidMaxPrice: -2}
		}, azure, []string{"azure_attributes.availability:unknown", "azure_attributes.spot_bid_max_price:range"}},
		{"Azure spot at -1 is fine", func(s *compute.CreateInstancePool) {
			s.AzureAttributes = &compute.InstancePoolAzureAttributes{Availability: "SPOT_AZURE", SpotBidMaxPrice: -1}
		}, azure, []string{}},
		{"AWS attributes on Azure", func(s *compute.CreateInstancePool) {
			s.AwsAttributes = &compute.InstancePoolAwsAttributes{Availability: "SPOT"}
		}, azure, []string{"aws_attributes:wrong_cloud"}},
		{"AWS attributes", func(s *compute.CreateInstancePool) {
			s.AwsAttributes = &compute.InstancePoolAwsAttributes{Availability: "SPOT_WITH_FALLBACK", SpotBidPricePercent: 20000, ZoneId: "auto"}
		}, FormContext{Cloud: "aws"}, []string{"aws_attributes.availability:unknown", "aws_attributes.spot_bid_price_percent:range"}},
		{"GCP attributes", func(s *compute.CreateInstancePool) {
			s.GcpAttributes = &compute.InstancePoolGcpAttributes{GcpAvailability: "SPOT", LocalSsdCount: -1}
		}, FormContext{Cloud: "gcp"}, []string{"gcp_attributes.gcp_availability:unknown", "gcp_attributes.local_ssd_count:negative"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := validPool()
			c.edit(&s)
			got := Validate(s, c.fc)
			assert.ElementsMatch(t, c.want, paths(got))
			assert.Equal(t, len(c.want) > 0, HasErrors(got))
		})
	}
}

func TestPlanEditOnlyEditableFields(t *testing.T) {
	cur := compute.InstancePoolAndStats{InstancePoolId: "p1", InstancePoolName: "etl", NodeTypeId: "Standard_DS3_v2",
		MinIdleInstances: 1, MaxCapacity: 10, IdleInstanceAutoterminationMinutes: 30, CustomTags: map[string]string{"team": "de"},
		State: compute.InstancePoolStateActive}
	form := SpecOf(cur)
	form.InstancePoolName, form.MinIdleInstances, form.MaxCapacity, form.IdleInstanceAutoterminationMinutes = "etl-2", 0, 20, 0
	plan, err := PlanEdit(cur, form, FormContext{})
	require.NoError(t, err)
	assert.Empty(t, plan.Problems)
	assert.Equal(t, []Change{{Path: "idle_instance_autotermination_minutes", Field: "idle_instance_autotermination_minutes", Kind: clusterspec.Changed, Old: "30", New: "0"}, {Path: "instance_pool_name", Field: "instance_pool_name", Kind: clusterspec.Changed, Old: "etl", New: "etl-2"},
		{Path: "max_capacity", Field: "max_capacity", Kind: clusterspec.Changed, Old: "10", New: "20"}, {Path: "min_idle_instances", Field: "min_idle_instances", Kind: clusterspec.Changed, Old: "1", New: "0"}}, plan.Changes)
	assert.Contains(t, plan.ReadOnly, "node_type_id")
	assert.Contains(t, plan.ReadOnly, "custom_tags")
	req := plan.Request()
	assert.Equal(t, "Standard_DS3_v2", req.NodeTypeId, "the node type is resent unchanged")
	assert.Equal(t, "p1", req.InstancePoolId)
	assert.Contains(t, req.ForceSendFields, "MinIdleInstances", "lowering min idle to 0 is sent")

	t.Run("read-only fields that differ are problems at the field", func(t *testing.T) {
		f := SpecOf(cur)
		f.NodeTypeId, f.CustomTags, f.EnableElasticDisk = "Standard_E8ds_v4", map[string]string{"team": "x"}, true
		plan, err := PlanEdit(cur, f, FormContext{})
		require.NoError(t, err)
		assert.Equal(t, []string{"custom_tags:read_only", "enable_elastic_disk:read_only", "node_type_id:read_only"}, paths(plan.Problems))
		assert.Empty(t, plan.Changes)
		assert.Equal(t, "Standard_DS3_v2", plan.Request().NodeTypeId)
	})
	t.Run("editable fields keep their rules", func(t *testing.T) {
		f := SpecOf(cur)
		f.MinIdleInstances, f.MaxCapacity = 5, 2
		plan, err := PlanEdit(cur, f, FormContext{})
		require.NoError(t, err)
		assert.Equal(t, []string{"max_capacity:below_min_idle"}, paths(plan.Problems))
	})
}

func TestExportJSONAndTerraform(t *testing.T) {
	p := compute.InstancePoolAndStats{InstancePoolId: "p1", InstancePoolName: "ETL pool", NodeTypeId: "Standard_DS3_v2",
		MinIdleInstances: 1, MaxCapacity: 10, IdleInstanceAutoterminationMinutes: 30, CustomTags: map[string]string{"team": "de"},
		DiskSpec:        &compute.DiskSpec{DiskCount: 1, DiskSize: 128, DiskType: &compute.DiskType{AzureDiskVolumeType: "PREMIUM_LRS"}},
		AzureAttributes: &compute.InstancePoolAzureAttributes{Availability: "SPOT_AZURE", SpotBidMaxPrice: -1},
		Stats:           &compute.InstancePoolStats{IdleCount: 1}, DefaultTags: map[string]string{"Vendor": "Databricks"}}
	ex, err := ExportOf(p, "https://adb-1.azuredatabricks.net")
	require.NoError(t, err)
	assert.Contains(t, ex.JSON, `"instance_pool_name": "ETL pool"`)
	assert.NotContains(t, ex.JSON, "stats", "only what create takes")
	assert.NotContains(t, ex.JSON, "default_tags")
	name, text, err := ex.Text("terraform")
	require.NoError(t, err)
	assert.Equal(t, "etl_pool.tf", name)
	assert.Equal(t, ex.Terraform, text)
	_, _, err = ex.Text("yaml")
	assert.ErrorIs(t, err, ErrBadExportFormat)
	for _, want := range []string{`source = "databricks/databricks"`, `host = "https://adb-1.azuredatabricks.net"`,
		`resource "databricks_instance_pool" "etl_pool"`, `instance_pool_name`, `"ETL pool"`, `min_idle_instances`,
		`custom_tags`, "disk_spec {", "disk_type {", `azure_disk_volume_type = "PREMIUM_LRS"`, "azure_attributes {",
		`spot_bid_max_price = -1`} {
		assert.Contains(t, ex.Terraform, want)
	}
}
