package export

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

func TestKey(t *testing.T) {
	cases := []struct{ name, kind, want string }{
		{"ETL nightly (prod)", "cluster", "etl_nightly_prod"},
		{"2024 pool", "pool", "pool_2024_pool"},
		{"ÉTÉ ☀", "policy", "t"},
		{"☀☀", "pool", "pool"},
		{"a--b__c", "cluster", "a_b_c"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, Key(c.name, c.kind))
		})
	}
}

func TestKeysNumberRepeats(t *testing.T) {
	used := Keys{}
	assert.Equal(t, []string{"etl", "etl_2", "bi", "etl_3"},
		[]string{used.Unique("etl"), used.Unique("etl"), used.Unique("bi"), used.Unique("etl")})
}

// A resource reads first attributes first, maps of text as map attributes,
// nested objects and lists of objects as blocks, and parses as HCL.
func TestTerraformResource(t *testing.T) {
	obj, err := DecodeObject([]byte(`{"min_idle_instances": 2, "instance_pool_name": "fast", "custom_tags": {"team": "bi"},
		"azure_attributes": {"availability": "SPOT_AZURE"}, "preloaded_spark_versions": ["16.4.x-scala2.12"],
		"disk_spec": {"disk_count": 1}, "init": [{"a": "x"}, {"a": "y"}]}`))
	require.NoError(t, err)
	tf := NewTerraform("https://adb-1.2.azuredatabricks.net")
	_, err = tf.Resource("databricks_instance_pool", "fast", obj,
		Layout{First: []string{"instance_pool_name"}, StringMaps: map[string]bool{"custom_tags": true}})
	require.NoError(t, err)
	text := string(tf.Bytes())
	_, diags := hclparse.NewParser().ParseHCL(tf.Bytes(), "main.tf")
	require.False(t, diags.HasErrors(), diags.Error())
	assert.Contains(t, text, `source = "databricks/databricks"`)
	assert.Contains(t, text, `host = "https://adb-1.2.azuredatabricks.net"`)
	assert.Regexp(t, `(?s)resource "databricks_instance_pool" "fast" \{\s+instance_pool_name\s+= "fast"\s+custom_tags`, text)
	assert.Regexp(t, `custom_tags\s+= \{\s+team = "bi"`, text)
	assert.Contains(t, text, "azure_attributes {")
	assert.Equal(t, 2, strings.Count(text, "init {"))
	assert.Contains(t, text, `preloaded_spark_versions = ["16.4.x-scala2.12"]`)
}

// A bundle resource is the create request under resources.<kind>.<key>,
// as YAML that reads back as the same values (text that looks like a
// number or a boolean stays text).
func TestBundleResource(t *testing.T) {
	out, err := BundleResource("sql_warehouses", "bi", map[string]any{"name": "bi", "max_num_clusters": 2,
		"tags": map[string]any{"custom_tags": []any{map[string]any{"key": "on", "value": "true"}}}})
	require.NoError(t, err)
	var doc map[string]map[string]map[string]map[string]any
	require.NoError(t, yaml.Unmarshal(out, &doc))
	res := doc["resources"]["sql_warehouses"]["bi"]
	assert.Equal(t, "bi", res["name"])
	assert.Equal(t, 2, res["max_num_clusters"])
	assert.Equal(t, []any{map[string]any{"key": "on", "value": "true"}}, res["tags"].(map[string]any)["custom_tags"])
	assert.Contains(t, string(out), "\n      max_num_clusters: 2\n", "two-space indents")
}
