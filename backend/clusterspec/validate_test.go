package clusterspec

import (
	"fmt"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var testCatalog = &Catalog{
	NodeTypes: []compute.NodeType{
		{NodeTypeId: "Standard_DS3_v2", NumCores: 4},
		{NodeTypeId: "Standard_NC4as_T4_v3", NumCores: 4, NumGpus: 1},
		{NodeTypeId: "Standard_D3_v2", NumCores: 4, IsDeprecated: true},
	},
	SparkVersions: []compute.SparkVersion{
		{Key: "16.4.x-scala2.12", Name: "16.4 LTS (includes Apache Spark 3.5.2, Scala 2.12)"},
		{Key: "16.4.x-gpu-ml-scala2.12", Name: "16.4 LTS ML (includes Apache Spark 3.5.2, GPU, Scala 2.12)"},
	},
	Pools: []compute.InstancePoolAndStats{{InstancePoolId: "pool-1", NodeTypeId: "Standard_DS3_v2"}},
}

// valid is a spec with no problem; each case breaks one thing.
func valid() compute.ClusterSpec {
	return compute.ClusterSpec{ClusterName: "etl", SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2",
		NumWorkers: 2, AutoterminationMinutes: 60}
}

func singleNode() compute.ClusterSpec {
	s := valid()
	s.NumWorkers = 0
	s.ForceSendFields = []string{"NumWorkers"}
	s.SparkConf = map[string]string{ProfileKey: ProfileSingleNode, MasterKey: MasterLocal}
	s.CustomTags = map[string]string{ResourceClassTag: ResourceSingleNode}
	return s
}

type got struct {
	path, code string
	sev        Severity
}

func codes(vs []Violation) []got {
	out := []got{}
	for _, v := range vs {
		out = append(out, got{v.Path, v.Code, v.Severity})
	}
	return out
}

func TestValidate(t *testing.T) {
	manyTags := map[string]string{}
	for i := 0; i < MaxCustomTags+1; i++ {
		manyTags[fmt.Sprintf("k%02d", i)] = "v"
	}
	cases := []struct {
		name string
		spec func() compute.ClusterSpec
		want []got
	}{
		{"valid", valid, []got{}},
		{"single node valid", singleNode, []got{}},
		{"name required", func() compute.ClusterSpec { s := valid(); s.ClusterName = " "; return s }, []got{{"cluster_name", "name_required", Error}}},
		{"name too long", func() compute.ClusterSpec { s := valid(); s.ClusterName = string(make([]byte, 101)); return s }, []got{{"cluster_name", "name_too_long", Error}}},
		{"name newline", func() compute.ClusterSpec { s := valid(); s.ClusterName = "a\nb"; return s }, []got{{"cluster_name", "name_control_chars", Error}}},
		{"autotermination 0 ok", func() compute.ClusterSpec { s := valid(); s.AutoterminationMinutes = 0; return s }, []got{}},
		{"autotermination 10000 ok", func() compute.ClusterSpec { s := valid(); s.AutoterminationMinutes = 10000; return s }, []got{}},
		{"autotermination 9", func() compute.ClusterSpec { s := valid(); s.AutoterminationMinutes = 9; return s }, []got{{"autotermination_minutes", "autotermination_range", Error}}},
		{"autotermination 10001", func() compute.ClusterSpec { s := valid(); s.AutoterminationMinutes = 10001; return s }, []got{{"autotermination_minutes", "autotermination_range", Error}}},
		{"negative workers", func() compute.ClusterSpec { s := valid(); s.NumWorkers = -1; return s }, []got{{"num_workers", "workers_negative", Error}}},
		{"autoscale ok", func() compute.ClusterSpec {
			s := valid()
			s.NumWorkers = 0
			s.Autoscale = &compute.AutoScale{MinWorkers: 2, MaxWorkers: 2}
			return s
		}, []got{}},
		{"autoscale min above max", func() compute.ClusterSpec {
			s := valid()
			s.NumWorkers = 0
			s.Autoscale = &compute.AutoScale{MinWorkers: 5, MaxWorkers: 2}
			return s
		}, []got{{"autoscale.max_workers", "min_above_max", Error}}},
		{"autoscale bad bounds", func() compute.ClusterSpec {
			s := valid()
			s.Autoscale = &compute.AutoScale{MinWorkers: -1, MaxWorkers: 0}
			return s
		}, []got{{"num_workers", "workers_and_autoscale", Error}, {"autoscale.min_workers", "min_workers_negative", Error}, {"autoscale.max_workers", "max_workers_too_low", Error}}},
		{"zero workers without single node", func() compute.ClusterSpec {
			s := valid()
			s.NumWorkers = 0
			return s
		}, []got{{"num_workers", "zero_workers_not_single_node", Warning}}},
		{"single node incomplete", func() compute.ClusterSpec {
			s := valid()
			s.SparkConf = map[string]string{ProfileKey: ProfileSingleNode}
			return s
		}, []got{
			{"num_workers", "single_node_workers", Error},
			{"spark_conf.spark.master", "single_node_master", Error},
			{"custom_tags.ResourceClass", "single_node_tag", Error},
		}},
		{"single node autoscale", func() compute.ClusterSpec {
			s := singleNode()
			s.Autoscale = &compute.AutoScale{MinWorkers: 1, MaxWorkers: 2}
			return s
		}, []got{{"autoscale", "single_node_autoscale", Error}}},
		{"single node by tag only", func() compute.ClusterSpec {
			s := singleNode()
			s.SparkConf = nil
			return s
		}, []got{{"spark_conf.spark.databricks.cluster.profile", "single_node_profile", Error}, {"spark_conf.spark.master", "single_node_master", Error}}},
		{"single node local with cores", func() compute.ClusterSpec {
			s := singleNode()
			s.SparkConf[MasterKey] = "local[*, 4]"
			return s
		}, []got{}},
		{"is_single_node kind", func() compute.ClusterSpec {
			s := valid()
			s.IsSingleNode, s.NumWorkers = true, 0
			return s
		}, []got{}},
		{"too many tags", func() compute.ClusterSpec { s := valid(); s.CustomTags = manyTags; return s }, []got{{"custom_tags", "too_many_tags", Error}}},
		{"tag rules", func() compute.ClusterSpec {
			s := valid()
			s.CustomTags = map[string]string{"Vendor": "x", "bad<key": "x", "azure-owner": "x", "ok": string(make([]rune, 256)), "": "x"}
			return s
		}, []got{
			{"custom_tags", "tag_key_empty", Error},
			{"custom_tags.Vendor", "tag_key_reserved", Error},
			{"custom_tags.azure-owner", "tag_key_prefix", Error},
			{"custom_tags.bad<key", "tag_key_chars", Error},
			{"custom_tags.ok", "tag_value_too_long", Error},
		}},
		{"runtime and node type required", func() compute.ClusterSpec { s := valid(); s.SparkVersion, s.NodeTypeId = "", ""; return s },
			[]got{{"spark_version", "runtime_required", Error}, {"node_type_id", "node_type_required", Error}}},
		{"unknown runtime", func() compute.ClusterSpec { s := valid(); s.SparkVersion = "9.1.x-scala2.12"; return s }, []got{{"spark_version", "runtime_unknown", Error}}},
		{"runtime alias", func() compute.ClusterSpec { s := valid(); s.SparkVersion = "auto:latest-lts"; return s }, []got{}},
		{"unknown node types", func() compute.ClusterSpec {
			s := valid()
			s.NodeTypeId, s.DriverNodeTypeId = "m5.xlarge", "huge"
			return s
		},
			[]got{{"node_type_id", "node_type_unknown", Error}, {"driver_node_type_id", "node_type_unknown", Error}}},
		{"deprecated node type", func() compute.ClusterSpec { s := valid(); s.NodeTypeId = "Standard_D3_v2"; return s }, []got{{"node_type_id", "node_type_deprecated", Warning}}},
		{"gpu runtime on cpu node", func() compute.ClusterSpec { s := valid(); s.SparkVersion = "16.4.x-gpu-ml-scala2.12"; return s }, []got{{"node_type_id", "gpu_runtime_cpu_node", Error}}},
		{"gpu runtime on gpu node", func() compute.ClusterSpec {
			s := valid()
			s.SparkVersion, s.NodeTypeId = "16.4.x-gpu-ml-scala2.12", "Standard_NC4as_T4_v3"
			return s
		}, []got{}},
		{"pool ok", func() compute.ClusterSpec { s := valid(); s.NodeTypeId, s.InstancePoolId = "", "pool-1"; return s }, []got{}},
		{"pool and node type", func() compute.ClusterSpec {
			s := valid()
			s.InstancePoolId = "pool-1"
			s.AzureAttributes = &compute.AzureAttributes{}
			return s
		}, []got{{"node_type_id", "pool_and_node_type", Error}, {"azure_attributes", "pool_and_cloud_attributes", Error}}},
		{"driver pool and driver type", func() compute.ClusterSpec {
			s := valid()
			s.NodeTypeId, s.InstancePoolId, s.DriverInstancePoolId, s.DriverNodeTypeId = "", "pool-1", "pool-9", "Standard_DS3_v2"
			return s
		}, []got{{"driver_node_type_id", "pool_and_driver_node_type", Error}, {"driver_instance_pool_id", "pool_unknown", Error}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			vs := Validate(c.spec(), Options{Catalog: testCatalog, RequireName: true})
			assert.Equal(t, c.want, codes(vs))
			for _, v := range vs {
				assert.NotEmpty(t, v.Message)
			}
		})
	}
}

// All-purpose compute with auto-termination off runs until someone stops
// it: a warning (the web UI starts new compute at 60 minutes). Job clusters
// stop with their run.
func TestAutoTerminationOffWarnsForAllPurposeOnly(t *testing.T) {
	s := valid()
	s.AutoterminationMinutes = 0
	assert.Equal(t, []got{{"autotermination_minutes", "autotermination_off", Warning}},
		codes(Validate(s, Options{Catalog: testCatalog, RequireName: true, AllPurpose: true})))
	assert.Equal(t, []got{}, codes(Validate(s, Options{Catalog: testCatalog})), "a job cluster")
	s.AutoterminationMinutes = SuggestedAutoTerminate
	assert.Equal(t, []got{}, codes(Validate(s, Options{Catalog: testCatalog, RequireName: true, AllPurpose: true})))
}

func TestInitScripts(t *testing.T) {
	script := func(f func(*compute.InitScriptInfo)) compute.InitScriptInfo {
		var s compute.InitScriptInfo
		f(&s)
		return s
	}
	cases := []struct {
		name    string
		scripts []compute.InitScriptInfo
		want    []got
	}{
		{"good kinds", []compute.InitScriptInfo{
			script(func(s *compute.InitScriptInfo) {
				s.Workspace = &compute.WorkspaceStorageInfo{Destination: "/Users/a@b.c/init.sh"}
			}),
			script(func(s *compute.InitScriptInfo) {
				s.Volumes = &compute.VolumesStorageInfo{Destination: "/Volumes/main/ops/init.sh"}
			}),
			script(func(s *compute.InitScriptInfo) { s.S3 = &compute.S3StorageInfo{Destination: "s3://b/init.sh"} }),
			script(func(s *compute.InitScriptInfo) {
				s.Abfss = &compute.Adlsgen2Info{Destination: "abfss://c@a.dfs.core.windows.net/i.sh"}
			}),
			script(func(s *compute.InitScriptInfo) { s.Gcs = &compute.GcsStorageInfo{Destination: "gs://b/i.sh"} }),
			script(func(s *compute.InitScriptInfo) { s.File = &compute.LocalFileInfo{Destination: "file:/opt/i.sh"} }),
		}, []got{}},
		{"volumes prefix", []compute.InitScriptInfo{
			script(func(s *compute.InitScriptInfo) { s.Volumes = &compute.VolumesStorageInfo{Destination: "/mnt/init.sh"} }),
		}, []got{{"init_scripts.0.volumes.destination", "init_script_prefix", Error}}},
		{"empty path and no kind", []compute.InitScriptInfo{
			script(func(s *compute.InitScriptInfo) { s.Workspace = &compute.WorkspaceStorageInfo{} }),
			{},
		}, []got{{"init_scripts.0.workspace.destination", "init_script_empty", Error}, {"init_scripts.1", "init_script_kind", Error}}},
		{"two kinds", []compute.InitScriptInfo{script(func(s *compute.InitScriptInfo) {
			s.Workspace = &compute.WorkspaceStorageInfo{Destination: "/a.sh"}
			s.Volumes = &compute.VolumesStorageInfo{Destination: "/Volumes/a.sh"}
		})}, []got{{"init_scripts.0", "init_script_kind", Error}}},
		{"dbfs and duplicate", []compute.InitScriptInfo{
			script(func(s *compute.InitScriptInfo) { s.Dbfs = &compute.DbfsStorageInfo{Destination: "dbfs:/i.sh"} }),
			script(func(s *compute.InitScriptInfo) { s.Dbfs = &compute.DbfsStorageInfo{Destination: "dbfs:/i.sh"} }),
		}, []got{
			{"init_scripts.0.dbfs.destination", "init_script_dbfs", Warning},
			{"init_scripts.1.dbfs.destination", "init_script_dbfs", Warning},
			{"init_scripts.1.dbfs.destination", "init_script_duplicate", Warning},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := valid()
			s.InitScripts = c.scripts
			assert.Equal(t, c.want, codes(Validate(s, Options{})))
		})
	}
	s := valid()
	for i := 0; i <= MaxInitScripts; i++ {
		s.InitScripts = append(s.InitScripts, compute.InitScriptInfo{Volumes: &compute.VolumesStorageInfo{Destination: fmt.Sprintf("/Volumes/%d.sh", i)}})
	}
	assert.Equal(t, []got{{"init_scripts", "too_many_init_scripts", Error}}, codes(Validate(s, Options{})))
}

func TestValidateJSONAndCreate(t *testing.T) {
	vs, err := ValidateJSON([]byte(`{"cluster_name":"x","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","num_workers":0,
		"spark_conf":{"spark.databricks.cluster.profile":"singleNode","spark.master":"local[*]"},"custom_tags":{"ResourceClass":"SingleNode"}}`), Options{Catalog: testCatalog})
	require.NoError(t, err)
	assert.Empty(t, vs)
	vs, err = ValidateJSON([]byte(`{"cluster_name":"x","num_workers":"many"}`), Options{})
	require.NoError(t, err)
	require.NotEmpty(t, vs)
	assert.Equal(t, Violation{Path: "num_workers", Code: CodeWrongType, Severity: Error,
		Message: `num_workers must be a whole number from 0 to 2147483647, not the text "many".`}, vs[0])
	_, err = ValidateJSON([]byte(`[1]`), Options{})
	assert.ErrorIs(t, err, ErrNotAnObject)
	vs, err = ValidateCreate(compute.CreateCluster{ClusterName: "x", SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2", NumWorkers: 1, AutoterminationMinutes: 5}, Options{})
	require.NoError(t, err)
	assert.Equal(t, []got{{"autotermination_minutes", "autotermination_range", Error}}, codes(vs))
	assert.Equal(t, "Auto-termination must be 0 (off) or between 10 and 10000 minutes (is 5).", vs[0].Message)
}
