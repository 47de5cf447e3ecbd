package policyeval

import (
	"encoding/json"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func mustDef(t testing.TB, doc string) *Definition {
	t.Helper()
	d, err := ParseDefinition(doc)
	require.NoError(t, err)
	return d
}

func evalJSON(t testing.TB, def, spec string, opts Options) Result {
	t.Helper()
	res, err := EvaluateJSON(mustDef(t, def), []byte(spec), opts)
	require.NoError(t, err)
	return res
}

type viol struct{ path, msg string }

func pairs(res Result) []viol {
	out := []viol{}
	for _, v := range res.Violations {
		out = append(out, viol{v.Path, v.Message})
	}
	return out
}

func TestRuleTypes(t *testing.T) {
	cases := []struct {
		name, def, spec string
		defaults        bool
		want            []viol
		effective       map[string]any // paths expected in the effective spec
	}{
		{name: "fixed equal", def: `{"runtime_engine":{"type":"fixed","value":"PHOTON"}}`, spec: `{"runtime_engine":"PHOTON"}`, want: []viol{}},
		{name: "fixed differs", def: `{"runtime_engine":{"type":"fixed","value":"PHOTON"}}`, spec: `{"runtime_engine":"STANDARD"}`,
			want: []viol{{"runtime_engine", `Validation failed for runtime_engine, the value must be PHOTON (is "STANDARD")`}}},
		{name: "fixed filled when absent", def: `{"runtime_engine":{"type":"fixed","value":"PHOTON","hidden":true}}`, spec: `{}`,
			want: []viol{}, effective: map[string]any{"runtime_engine": "PHOTON"}},
		{name: "fixed number compares by value", def: `{"num_workers":{"type":"fixed","value":0}}`, spec: `{"num_workers":0.0}`, want: []viol{}},
		{name: "fixed bool against string", def: `{"enable_elastic_disk":{"type":"fixed","value":"true"}}`, spec: `{"enable_elastic_disk":true}`, want: []viol{}},
		{name: "forbidden absent", def: `{"instance_pool_id":{"type":"forbidden"}}`, spec: `{}`, want: []viol{}},
		{name: "forbidden present", def: `{"instance_pool_id":{"type":"forbidden"}}`, spec: `{"instance_pool_id":"p-1"}`,
			want: []viol{{"instance_pool_id", "Validation failed for instance_pool_id, the value must not be present"}}},
		{name: "allowlist ok", def: `{"node_type_id":{"type":"allowlist","values":["a","b"]}}`, spec: `{"node_type_id":"b"}`, want: []viol{}},
		{name: "allowlist miss", def: `{"node_type_id":{"type":"allowlist","values":["a","b"]}}`, spec: `{"node_type_id":"c"}`,
			want: []viol{{"node_type_id", `Validation failed for node_type_id, the value must be one of [a, b] (is "c")`}}},
		{name: "allowlist numbers", def: `{"num_workers":{"type":"allowlist","values":[1,2,4]}}`, spec: `{"num_workers":3}`,
			want: []viol{{"num_workers", `Validation failed for num_workers, the value must be one of [1, 2, 4] (is "3")`}}},
		{name: "blocklist ok", def: `{"node_type_id":{"type":"blocklist","values":["big"]}}`, spec: `{"node_type_id":"small"}`, want: []viol{}},
		{name: "blocklist hit", def: `{"node_type_id":{"type":"blocklist","values":["big"]}}`, spec: `{"node_type_id":"big"}`,
			want: []viol{{"node_type_id", `Validation failed for node_type_id, the value must not be one of [big] (is "big")`}}},
		{name: "regex whole value", def: `{"spark_version":{"type":"regex","pattern":"1[56]\\.[0-9]+\\.x-scala.*"}}`, spec: `{"spark_version":"x16.4.x-scala2.12"}`,
			want: []viol{{"spark_version", `Validation failed for spark_version, the value must match the regular expression 1[56]\.[0-9]+\.x-scala.* (is "x16.4.x-scala2.12")`}}},
		{name: "regex ok", def: `{"spark_version":{"type":"regex","pattern":"1[56]\\.[0-9]+\\.x-scala.*"}}`, spec: `{"spark_version":"16.4.x-scala2.12"}`, want: []viol{}},
		{name: "regex alternation anchored", def: `{"cluster_name":{"type":"regex","pattern":"a|b"}}`, spec: `{"cluster_name":"ab"}`,
			want: []viol{{"cluster_name", `Validation failed for cluster_name, the value must match the regular expression a|b (is "ab")`}}},
		{name: "range inside", def: `{"autotermination_minutes":{"type":"range","minValue":10,"maxValue":120}}`, spec: `{"autotermination_minutes":120}`, want: []viol{}},
		{name: "range above", def: `{"autotermination_minutes":{"type":"range","minValue":10,"maxValue":120}}`, spec: `{"autotermination_minutes":200}`,
			want: []viol{{"autotermination_minutes", "Validation failed for autotermination_minutes, the value must be at most 120 (is 200)"}}},
		{name: "range below", def: `{"autotermination_minutes":{"type":"range","minValue":10}}`, spec: `{"autotermination_minutes":5}`,
			want: []viol{{"autotermination_minutes", "Validation failed for autotermination_minutes, the value must be at least 10 (is 5)"}}},
		{name: "range not a number", def: `{"autotermination_minutes":{"type":"range","maxValue":10}}`, spec: `{"autotermination_minutes":"soon"}`,
			want: []viol{{"autotermination_minutes", `Validation failed for autotermination_minutes, the value must be a number (is "soon")`}}},
		{name: "range numeric string", def: `{"azure_attributes.spot_bid_max_price":{"type":"range","maxValue":1}}`, spec: `{"azure_attributes":{"spot_bid_max_price":"0.5"}}`, want: []viol{}},
		{name: "unlimited present", def: `{"custom_tags.COST_BUCKET":{"type":"unlimited"}}`, spec: `{"custom_tags":{"COST_BUCKET":"x"}}`, want: []viol{}},
		{name: "unlimited makes required", def: `{"custom_tags.COST_BUCKET":{"type":"unlimited"}}`, spec: `{}`,
			// A map's missing key is named after the map (terraform-provider-databricks#403).
			want: []viol{{"custom_tags.COST_BUCKET", "Validation failed for custom_tags, COST_BUCKET must be present"}}},
		{name: "unlimited optional", def: `{"autotermination_minutes":{"type":"unlimited","defaultValue":4320,"isOptional":true}}`, spec: `{}`, want: []viol{}},
		{name: "missing required without defaults", def: `{"autotermination_minutes":{"type":"range","maxValue":120,"defaultValue":60}}`, spec: `{}`,
			want: []viol{{"autotermination_minutes", "Validation failed for autotermination_minutes, the value must be present"}}},
		{name: "default applied", def: `{"autotermination_minutes":{"type":"range","maxValue":120,"defaultValue":60}}`, spec: `{}`, defaults: true,
			want: []viol{}, effective: map[string]any{"autotermination_minutes": json.Number("60")}},
		{name: "default not over a value", def: `{"autotermination_minutes":{"type":"range","maxValue":120,"defaultValue":60}}`, spec: `{"autotermination_minutes":30}`, defaults: true,
			want: []viol{}, effective: map[string]any{"autotermination_minutes": json.Number("30")}},
		{name: "optional absent", def: `{"autoscale.max_workers":{"type":"range","maxValue":10,"isOptional":true}}`, spec: `{"num_workers":2}`, want: []viol{}},
		{name: "null is absent", def: `{"instance_pool_id":{"type":"forbidden"}}`, spec: `{"instance_pool_id":null}`, want: []viol{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := evalJSON(t, c.def, c.spec, Options{ApplyDefaults: c.defaults})
			assert.Equal(t, c.want, pairs(res))
			for path, want := range c.effective {
				got, ok := lookup(res.Effective, Segments(path))
				assert.True(t, ok, path)
				assert.Equal(t, want, got, path)
			}
		})
	}
}

func TestPathForms(t *testing.T) {
	cases := []struct {
		name, def, spec string
		want            []viol
		effective       string // JSON of the effective spec
	}{
		{name: "nested", def: `{"azure_attributes.availability":{"type":"allowlist","values":["ON_DEMAND_AZURE"]}}`,
			spec: `{"azure_attributes":{"availability":"SPOT_AZURE"}}`,
			want: []viol{{"azure_attributes.availability", `Validation failed for azure_attributes.availability, the value must be one of [ON_DEMAND_AZURE] (is "SPOT_AZURE")`}}},
		{name: "nested fixed creates parents", def: `{"azure_attributes.availability":{"type":"fixed","value":"ON_DEMAND_AZURE"}}`,
			spec: `{}`, want: []viol{}, effective: `{"azure_attributes":{"availability":"ON_DEMAND_AZURE"}}`},
		{name: "map key with dots", def: `{"spark_conf.spark.databricks.io.cache.enabled":{"type":"fixed","value":"true"}}`,
			spec: `{"spark_conf":{"spark.databricks.io.cache.enabled":"false"}}`,
			want: []viol{{"spark_conf.spark.databricks.io.cache.enabled", `Validation failed for spark_conf.spark.databricks.io.cache.enabled, the value must be true (is "false")`}}},
		{name: "map key filled", def: `{"spark_conf.spark.databricks.io.cache.enabled":{"type":"fixed","value":"true"}}`,
			spec: `{"spark_conf":{"a.b":"c"}}`, want: []viol{}, effective: `{"spark_conf":{"a.b":"c","spark.databricks.io.cache.enabled":"true"}}`},
		{name: "custom tag", def: `{"custom_tags.team":{"type":"allowlist","values":["de","ds"]}}`,
			spec: `{"custom_tags":{"team":"ops"}}`,
			want: []viol{{"custom_tags.team", `Validation failed for custom_tags.team, the value must be one of [de, ds] (is "ops")`}}},
		{name: "array index", def: `{"init_scripts.0.volumes.destination":{"type":"fixed","value":"/Volumes/a/b/c/init.sh"}}`,
			spec: `{"init_scripts":[{"volumes":{"destination":"/Volumes/x.sh"}}]}`,
			want: []viol{{"init_scripts.0.volumes.destination", `Validation failed for init_scripts.0.volumes.destination, the value must be /Volumes/a/b/c/init.sh (is "/Volumes/x.sh")`}}},
		{name: "array index filled", def: `{"init_scripts.0.volumes.destination":{"type":"fixed","value":"/Volumes/a.sh"},"init_scripts.1.volumes.destination":{"type":"fixed","value":"/Volumes/b.sh"}}`,
			spec: `{}`, want: []viol{}, effective: `{"init_scripts":[{"volumes":{"destination":"/Volumes/a.sh"}},{"volumes":{"destination":"/Volumes/b.sh"}}]}`},
		{name: "wildcard each element", def: `{"init_scripts.*.volumes.destination":{"type":"regex","pattern":"/Volumes/ops/.*"}}`,
			spec: `{"init_scripts":[{"volumes":{"destination":"/Volumes/ops/a.sh"}},{"volumes":{"destination":"/Volumes/tmp/b.sh"}},{"workspace":{"destination":"/Users/x/c.sh"}}]}`,
			want: []viol{
				{"init_scripts.1.volumes.destination", `Validation failed for init_scripts.1.volumes.destination, the value must match the regular expression /Volumes/ops/.* (is "/Volumes/tmp/b.sh")`},
				{"init_scripts.2.volumes.destination", "Validation failed for init_scripts.2.volumes.destination, the value must be present"},
			}},
		{name: "wildcard empty array", def: `{"init_scripts.*.volumes.destination":{"type":"regex","pattern":"/Volumes/ops/.*"}}`, spec: `{}`, want: []viol{}},
		{name: "wildcard forbidden", def: `{"init_scripts.*.workspace.destination":{"type":"forbidden"}}`,
			spec: `{"init_scripts":[{"volumes":{"destination":"/Volumes/a.sh"}},{"workspace":{"destination":"/Users/x/c.sh"}}]}`,
			want: []viol{{"init_scripts.1.workspace.destination", "Validation failed for init_scripts.1.workspace.destination, the value must not be present"}}},
		{name: "index wins over wildcard", def: `{"init_scripts.0.volumes.destination":{"type":"fixed","value":"/Volumes/req.sh"},"init_scripts.*.volumes.destination":{"type":"forbidden"}}`,
			spec: `{"init_scripts":[{"volumes":{"destination":"/Volumes/req.sh"}},{"volumes":{"destination":"/Volumes/extra.sh"}}]}`,
			want: []viol{{"init_scripts.1.volumes.destination", "Validation failed for init_scripts.1.volumes.destination, the value must not be present"}}},
		{name: "wildcard over scalars", def: `{"ssh_public_keys.*":{"type":"regex","pattern":"ssh-ed25519 .*"}}`,
			spec: `{"ssh_public_keys":["ssh-ed25519 AAA","ssh-rsa BBB"]}`,
			want: []viol{{"ssh_public_keys.1", `Validation failed for ssh_public_keys.1, the value must match the regular expression ssh-ed25519 .* (is "ssh-rsa BBB")`}}},
		{name: "index sorting is numeric", def: `{"ssh_public_keys.10":{"type":"forbidden"},"ssh_public_keys.2":{"type":"forbidden"}}`,
			spec: `{"ssh_public_keys":["a","b","c","d","e","f","g","h","i","j","k"]}`,
			want: []viol{
				{"ssh_public_keys.2", "Validation failed for ssh_public_keys.2, the value must not be present"},
				{"ssh_public_keys.10", "Validation failed for ssh_public_keys.10, the value must not be present"},
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := evalJSON(t, c.def, c.spec, Options{})
			assert.Equal(t, c.want, pairs(res))
			if c.effective != "" {
				raw, err := json.Marshal(res.Effective)
				require.NoError(t, err)
				assert.JSONEq(t, c.effective, string(raw))
			}
		})
	}
}

func TestVirtualAttributes(t *testing.T) {
	t.Run("cluster_type fixed", func(t *testing.T) {
		def := `{"cluster_type":{"type":"fixed","value":"job"}}`
		res := evalJSON(t, def, `{}`, Options{})
		assert.Equal(t, []viol{{"cluster_type", `Validation failed for cluster_type, the value must be job (is "all-purpose")`}}, pairs(res))
		assert.Equal(t, ReasonNotOffered, res.Violations[0].Reason)
		assert.Empty(t, evalJSON(t, def, `{}`, Options{ClusterType: Job}).Violations)
		_, set := res.Effective["cluster_type"]
		assert.False(t, set, "a virtual attribute is never written into the spec")
	})
	t.Run("cluster_type allowlist", func(t *testing.T) {
		res := evalJSON(t, `{"cluster_type":{"type":"allowlist","values":["job","dlt"]}}`, `{}`, Options{ClusterType: AllPurpose})
		assert.Equal(t, []viol{{"cluster_type", `Validation failed for cluster_type, the value must be one of [job, dlt] (is "all-purpose")`}}, pairs(res))
	})
	t.Run("cluster log path and type", func(t *testing.T) {
		def := `{"cluster_log_conf.type":{"type":"fixed","value":"VOLUMES"},"cluster_log_conf.path":{"type":"regex","pattern":"/Volumes/logs/.*","defaultValue":"/Volumes/logs/team"}}`
		res := evalJSON(t, def, `{"cluster_log_conf":{"dbfs":{"destination":"dbfs:/logs"}}}`, Options{})
		assert.Equal(t, []viol{
			{"cluster_log_conf.path", `Validation failed for cluster_log_conf.path, the value must match the regular expression /Volumes/logs/.* (is "dbfs:/logs")`},
			{"cluster_log_conf.type", `Validation failed for cluster_log_conf.type, the value must be VOLUMES (is "DBFS")`},
		}, pairs(res))
		res = evalJSON(t, def, `{}`, Options{ApplyDefaults: true})
		assert.Empty(t, res.Violations)
		raw, _ := json.Marshal(res.Effective)
		assert.JSONEq(t, `{"cluster_log_conf":{"volumes":{"destination":"/Volumes/logs/team"}}}`, string(raw))
		assert.Equal(t, []Change{{Path: "cluster_log_conf.volumes.destination", Value: "/Volumes/logs/team", Kind: ChangeDefault}}, res.Applied,
			"a client setting Applied paths must get a real spec field")
	})
	t.Run("cluster log path fixed records the concrete destination", func(t *testing.T) {
		cases := []struct{ def, wantPath string }{
			{`{"cluster_log_conf.path":{"type":"fixed","value":"dbfs:/logs/x"}}`, "cluster_log_conf.dbfs.destination"},
			{`{"cluster_log_conf.type":{"type":"fixed","value":"S3"},"cluster_log_conf.path":{"type":"fixed","value":"s3://b/l"}}`, "cluster_log_conf.s3.destination"},
		}
		for _, c := range cases {
			res := evalJSON(t, c.def, `{}`, Options{})
			require.Len(t, res.Applied, 1)
			assert.Equal(t, c.wantPath, res.Applied[0].Path)
			assert.Equal(t, ChangeFixed, res.Applied[0].Kind)
			for _, a := range res.Applied {
				assert.False(t, isVirtual(a.Path), "applied path %s is virtual", a.Path)
			}
		}
	})
	t.Run("spark_version alias resolves", func(t *testing.T) {
		versions := []compute.SparkVersion{
			{Key: "16.4.x-scala2.12", Name: "16.4 LTS (includes Apache Spark 3.5.2, Scala 2.12)"},
			{Key: "17.2.x-scala2.13", Name: "17.2 (includes Apache Spark 4.0.0, Scala 2.13)"},
		}
		def := `{"spark_version":{"type":"allowlist","values":["16.4.x-scala2.12"]}}`
		assert.Empty(t, evalJSON(t, def, `{"spark_version":"auto:latest-lts"}`, Options{SparkVersions: versions}).Violations)
		assert.Len(t, evalJSON(t, def, `{"spark_version":"auto:latest"}`, Options{SparkVersions: versions}).Violations, 1)
		assert.Len(t, evalJSON(t, def, `{"spark_version":"auto:latest-lts"}`, Options{}).Violations, 1, "no catalog: literal comparison only")
		re := `{"spark_version":{"type":"regex","pattern":"16\\..*"}}`
		assert.Empty(t, evalJSON(t, re, `{"spark_version":"auto:latest-lts"}`, Options{SparkVersions: versions}).Violations)
	})
}

func TestAppliedAndSDKSpec(t *testing.T) {
	def := mustDef(t, `{
		"num_workers":{"type":"fixed","value":0,"hidden":true},
		"spark_conf.spark.databricks.cluster.profile":{"type":"fixed","value":"singleNode"},
		"autotermination_minutes":{"type":"range","minValue":10,"maxValue":120,"defaultValue":60},
		"node_type_id":{"type":"allowlist","values":["Standard_DS3_v2"],"defaultValue":"Standard_DS3_v2"}}`)
	spec := compute.ClusterSpec{ClusterName: "mine", SparkVersion: "16.4.x-scala2.12"}
	res, err := Evaluate(def, spec, Options{ApplyDefaults: true})
	require.NoError(t, err)
	assert.True(t, res.OK())
	assert.Equal(t, []Change{
		{Path: "autotermination_minutes", Value: json.Number("60"), Kind: ChangeDefault},
		{Path: "node_type_id", Value: "Standard_DS3_v2", Kind: ChangeDefault},
		{Path: "num_workers", Value: json.Number("0"), Kind: ChangeFixed},
		{Path: "spark_conf.spark.databricks.cluster.profile", Value: "singleNode", Kind: ChangeFixed},
	}, res.Applied)
	eff, err := res.EffectiveSpec()
	require.NoError(t, err)
	assert.Equal(t, 60, eff.AutoterminationMinutes)
	assert.Equal(t, "Standard_DS3_v2", eff.NodeTypeId)
	assert.Equal(t, map[string]string{"spark.databricks.cluster.profile": "singleNode"}, eff.SparkConf)
	assert.Equal(t, "mine", eff.ClusterName)

	res, err = Evaluate(def, spec, Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{
		"Validation failed for autotermination_minutes, the value must be present",
		"Validation failed for node_type_id, the value must be present",
	}, res.Messages())
}

func TestEvaluateDoesNotModifyInput(t *testing.T) {
	spec := map[string]any{"custom_tags": map[string]any{"a": "b"}}
	res := EvaluateTree(mustDef(t, `{"custom_tags.team":{"type":"fixed","value":"x"}}`), spec, Options{})
	assert.Equal(t, map[string]any{"custom_tags": map[string]any{"a": "b"}}, spec)
	assert.Equal(t, map[string]any{"a": "b", "team": "x"}, res.Effective["custom_tags"])
}

func TestBadSpec(t *testing.T) {
	_, err := EvaluateJSON(mustDef(t, `{}`), []byte(`[1]`), Options{})
	assert.ErrorIs(t, err, ErrInvalidSpec)
	_, err = EvaluateJSON(mustDef(t, `{}`), []byte(`null`), Options{})
	assert.ErrorIs(t, err, ErrInvalidSpec)
}
