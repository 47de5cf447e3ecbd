package drafts

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/export"
)

// leaves is the comparable form of a spec.
func leaves(t *testing.T, s compute.ClusterSpec) map[string]any {
	t.Helper()
	l, err := clusterspec.Flatten(clusterspec.Clean(s))
	require.NoError(t, err)
	return l
}

func TestRoundTripJSON(t *testing.T) {
	for name, d := range roundTripCases() {
		t.Run(name, func(t *testing.T) {
			out, err := ExportJSON(d)
			require.NoError(t, err)
			var generic map[string]any
			require.NoError(t, json.Unmarshal(out, &generic), "valid JSON")
			ims, err := ImportJSON(out)
			require.NoError(t, err)
			require.Len(t, ims, 1)
			assert.Empty(t, ims[0].Warnings)
			assert.Equal(t, leaves(t, d.Spec), leaves(t, ims[0].Spec))
		})
	}
}

func TestRoundTripBundle(t *testing.T) {
	cases := roundTripCases()
	var all []Draft
	for name, d := range cases {
		t.Run(name, func(t *testing.T) {
			out, err := ExportBundle(d)
			require.NoError(t, err)
			var generic map[string]any
			require.NoError(t, yaml.Unmarshal(out, &generic), "valid YAML:\n%s", out)
			ims, err := ImportBundle(out)
			require.NoError(t, err, "%s", out)
			require.Len(t, ims, 1)
			assert.Equal(t, "resources.clusters."+resourceKey(d.Name), ims[0].Origin)
			assert.Equal(t, leaves(t, d.Spec), leaves(t, ims[0].Spec), "%s", out)
		})
		all = append(all, d)
	}
	out, err := ExportBundle(append(all, all[0])...)
	require.NoError(t, err)
	ims, err := ImportBundle(out)
	require.NoError(t, err)
	assert.Len(t, ims, len(all)+1, "same names get distinct keys")
}

func TestRoundTripTerraform(t *testing.T) {
	for name, d := range roundTripCases() {
		t.Run(name, func(t *testing.T) {
			out, err := ExportTerraform(d)
			require.NoError(t, err)
			res := parseTerraform(t, out)
			require.Len(t, res, 1)
			want, err := specObject(d)
			require.NoError(t, err)
			got := res[resourceKey(d.Name)]
			libs, _ := got["library"].([]any)
			delete(got, "library")
			assert.Equal(t, normalize(t, want), normalize(t, got), "%s", out)
			var wantLibs []any
			for _, l := range d.Libraries {
				raw, _ := json.Marshal(l)
				obj, err := export.DecodeObject(raw)
				require.NoError(t, err)
				wantLibs = append(wantLibs, obj)
			}
			assert.Equal(t, normalize(t, wantLibs), normalize(t, libs))
		})
	}
}

func TestTerraformShape(t *testing.T) {
	d := roundTripCases()["aws init scripts logs docker"]
	out, err := ExportTerraform(d, roundTripCases()["autoscale azure"])
	require.NoError(t, err)
	src := string(out)
	for _, want := range []string{
		`resource "databricks_cluster" "aws_full" {`,
		`resource "databricks_cluster" "etl_nightly" {`,
		"init_scripts {\n    volumes {\n      destination = \"/Volumes/main/ops/scripts/setup.sh\"",
		"autoscale {\n    max_workers = 8\n    min_workers = 2",
		"azure_attributes {",
		"library {\n    pypi {",
		`"spark.sql.shuffle.partitions"           = "200"`,
	} {
		assert.Contains(t, src, want)
	}
	assert.Less(t, strings.Index(src, "cluster_name"), strings.Index(src, "aws_attributes"), "attributes before blocks")
}

func TestExportChoosesFormat(t *testing.T) {
	d := roundTripCases()["gcp"]
	for f, ext := range map[Format]string{FormatJSON: ".json", FormatBundle: ".yml", FormatTerraform: ".tf"} {
		out, name, err := Export(f, d)
		require.NoError(t, err)
		assert.Equal(t, "gcp"+ext, name)
		assert.NotEmpty(t, out)
	}
	_, _, err := Export(FormatJSON, d, d)
	assert.ErrorContains(t, err, "one cluster")
	_, _, err = Export("xml", d)
	assert.ErrorContains(t, err, "unknown export format")
	_, _, err = Export(FormatJSON)
	assert.Error(t, err)
}

func TestExportWarningsNameWhatIsLeftOut(t *testing.T) {
	libs := []compute.Library{{Whl: "/Volumes/a/b.whl"}, {Pypi: &compute.PythonPyPiLibrary{Package: "pandas"}}}
	withLibs := Draft{Name: "with libs", Spec: compute.ClusterSpec{ClusterName: "x", SparkVersion: "15.4.x-scala2.12", NumWorkers: 1}, Libraries: libs}
	oneLib := withLibs
	oneLib.Name, oneLib.Libraries = "one lib", libs[:1]
	plain := Draft{Name: "plain", Spec: withLibs.Spec}
	typing := plain
	typing.Name, typing.SpecText = "typing", "{ oops"

	cases := []struct {
		name   string
		format Format
		drafts []Draft
		want   []string // substrings, one warning each, in order
	}{
		{"json drops libraries", FormatJSON, []Draft{withLibs}, []string{`"with libs": 2 libraries were left out`}},
		{"json says how to install them", FormatJSON, []Draft{oneLib}, []string{"Libraries API"}},
		{"bundle points at tasks", FormatBundle, []Draft{plain, oneLib}, []string{`"one lib": 1 library was left out`}},
		{"bundle tasks hint", FormatBundle, []Draft{withLibs}, []string{"tasks[].libraries"}},
		{"terraform keeps libraries", FormatTerraform, []Draft{withLibs, oneLib}, nil},
		{"nothing to say", FormatJSON, []Draft{plain}, nil},
		{"unparsed text", FormatTerraform, []Draft{typing}, []string{`"typing" has JSON text that does not parse`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := ExportWarnings(c.format, c.drafts...)
			require.Len(t, got, len(c.want), "%q", got)
			for i, w := range c.want {
				assert.Contains(t, got[i], w)
			}
		})
	}
	// The warning tells the truth: the JSON really has no libraries.
	out, err := ExportJSON(withLibs)
	require.NoError(t, err)
	assert.NotContains(t, string(out), "pandas")
	tf, err := ExportTerraform(withLibs)
	require.NoError(t, err)
	assert.Contains(t, string(tf), "pandas", "Terraform keeps them, so it warns of nothing")
}

// normalize makes numbers comparable between JSON and HCL trees.
func normalize(t *testing.T, v any) any {
	t.Helper()
	raw, err := json.Marshal(v)
	require.NoError(t, err)
	var out any
	require.NoError(t, json.Unmarshal(raw, &out))
	return out
}

// parseTerraform reads databricks_cluster resources back with hclparse into
// JSON-like trees: attributes as values, blocks as objects, repeated blocks
// (init_scripts, library) as lists.
func parseTerraform(t *testing.T, src []byte) map[string]map[string]any {
	t.Helper()
	f, diags := hclparse.NewParser().ParseHCL(src, "main.tf")
	require.False(t, diags.HasErrors(), "%s\n%s", diags.Error(), src)
	body := hclBody(t, f.Body)
	out := map[string]map[string]any{}
	for _, b := range body.Blocks {
		if b.Type == "terraform" || b.Type == "provider" {
			continue // checked by TestTerraformProviderBlocks
		}
		require.Equal(t, "resource", b.Type)
		require.Equal(t, "databricks_cluster", b.Labels[0])
		out[b.Labels[1]] = hclObject(t, b.Body)
	}
	return out
}
