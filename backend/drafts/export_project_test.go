package drafts

import (
	"bytes"
	"testing"

	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// `terraform init` needs required_providers naming databricks/databricks
// (else it looks for hashicorp/databricks, which does not exist); the
// provider block carries the host when it is known.
func TestTerraformProviderBlocks(t *testing.T) {
	d := roundTripCases()["autoscale azure"]
	cases := []struct {
		name     string
		target   Target
		provider map[string]any // nil: no provider block
	}{
		{"host known", Target{Host: "https://adb-1.2.azuredatabricks.net"}, map[string]any{"host": "https://adb-1.2.azuredatabricks.net"}},
		{"host unknown", Target{}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, _, err := ExportTo(FormatTerraform, c.target, d)
			require.NoError(t, err)
			f, diags := hclparse.NewParser().ParseHCL(out, "main.tf")
			require.False(t, diags.HasErrors(), "%s\n%s", diags.Error(), out)
			body := hclBody(t, f.Body)
			var kinds []string
			var terraform, provider map[string]any
			for _, b := range body.Blocks {
				kinds = append(kinds, b.Type)
				switch b.Type {
				case "terraform":
					terraform = hclObject(t, b.Body)
				case "provider":
					require.Equal(t, []string{"databricks"}, b.Labels)
					provider = hclObject(t, b.Body)
				}
			}
			want := []string{"terraform", "resource"}
			if c.provider != nil {
				want = []string{"terraform", "provider", "resource"}
			}
			assert.Equal(t, want, kinds)
			assert.Equal(t, map[string]any{"required_providers": map[string]any{
				"databricks": map[string]any{"source": "databricks/databricks"}}}, terraform)
			assert.Equal(t, c.provider, provider)
			assert.Len(t, parseTerraform(t, out), 1)
		})
	}
}

// A complete databricks.yml: bundle name, a default target with the host,
// and the clusters under resources, as `databricks bundle validate` reads it.
func TestExportBundleProject(t *testing.T) {
	a, b := roundTripCases()["autoscale azure"], roundTripCases()["aws init scripts logs docker"]
	cases := []struct {
		name     string
		target   Target
		drafts   []Draft
		bundle   string
		host     string
		clusters []string
	}{
		{"one draft, host known", Target{Host: "https://adb-1.2.azuredatabricks.net"}, []Draft{a}, resourceKey(a.Name), "https://adb-1.2.azuredatabricks.net", []string{resourceKey(a.Name)}},
		{"two drafts, named, no host", Target{BundleName: "team_clusters"}, []Draft{a, b}, "team_clusters", "", []string{resourceKey(a.Name), resourceKey(b.Name)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, file, err := ExportTo(FormatBundleProject, c.target, c.drafts...)
			require.NoError(t, err)
			assert.Equal(t, "databricks.yml", file)
			var doc struct {
				Bundle struct {
					Name string `yaml:"name"`
				} `yaml:"bundle"`
				Targets map[string]struct {
					Default   bool `yaml:"default"`
					Workspace *struct {
						Host string `yaml:"host"`
					} `yaml:"workspace"`
				} `yaml:"targets"`
				Resources struct {
					Clusters map[string]map[string]any `yaml:"clusters"`
				} `yaml:"resources"`
			}
			dec := yaml.NewDecoder(bytesReader(out))
			dec.KnownFields(true) // nothing but the three top-level keys
			require.NoError(t, dec.Decode(&doc), "%s", out)
			assert.Equal(t, c.bundle, doc.Bundle.Name)
			require.Contains(t, doc.Targets, "dev")
			assert.True(t, doc.Targets["dev"].Default)
			if c.host == "" {
				assert.Nil(t, doc.Targets["dev"].Workspace)
			} else {
				require.NotNil(t, doc.Targets["dev"].Workspace)
				assert.Equal(t, c.host, doc.Targets["dev"].Workspace.Host)
			}
			var keys []string
			for k, v := range doc.Resources.Clusters {
				keys = append(keys, k)
				assert.NotEmpty(t, v["cluster_name"])
			}
			assert.ElementsMatch(t, c.clusters, keys)

			// The resources part is the same as the bare fragment's.
			frag, err := ExportBundle(c.drafts...)
			require.NoError(t, err)
			var fragDoc, fullDoc map[string]any
			require.NoError(t, yaml.Unmarshal(frag, &fragDoc))
			require.NoError(t, yaml.Unmarshal(out, &fullDoc))
			assert.Equal(t, fragDoc["resources"], fullDoc["resources"])
		})
	}
	// The bare fragment option stays.
	_, file, err := Export(FormatBundle, a)
	require.NoError(t, err)
	assert.Equal(t, resourceKey(a.Name)+".yml", file)
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
