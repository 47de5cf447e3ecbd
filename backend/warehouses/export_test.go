package warehouses

import (
	"encoding/json"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
)

// Each format parses and says the same warehouse: the JSON decodes into the
// create request, the bundle's resource too, and the Terraform is HCL with
// the provider's blocks for tags and channel.
func TestExportFormatsParse(t *testing.T) {
	w := sql.EndpointInfo{Id: "x", Name: "BI (prod)", State: sql.StateRunning, CreatorName: "someone@example.com",
		ClusterSize: "Small", MinNumClusters: 1, MaxNumClusters: 3, AutoStopMins: 0, EnablePhoton: true,
		EnableServerlessCompute: false, WarehouseType: sql.EndpointInfoWarehouseTypePro,
		SpotInstancePolicy: sql.SpotInstancePolicyCostOptimized, Channel: &sql.Channel{Name: sql.ChannelNameChannelNamePreview, DbsqlVersion: "2025.20"},
		Tags: &sql.EndpointTags{CustomTags: []sql.EndpointTagPair{{Key: "team", Value: "bi"}, {Key: "cost", Value: "42"}}}}
	ex, err := ExportOf(w, "https://adb-1.2.azuredatabricks.net")
	require.NoError(t, err)
	want := SpecOf(w)

	var fromJSON sql.CreateWarehouseRequest
	require.NoError(t, json.Unmarshal([]byte(ex.JSON), &fromJSON))
	wantFields, err := fieldsOf(want)
	require.NoError(t, err)
	gotFields, err := fieldsOf(fromJSON)
	require.NoError(t, err)
	assert.Equal(t, wantFields, gotFields, "the JSON is the warehouse's create request")
	assert.Equal(t, sql.ChannelNameChannelNamePreview, fromJSON.Channel.Name)
	assert.Empty(t, fromJSON.Channel.DbsqlVersion, "the service's version of a channel is not the form's to set")
	assert.Empty(t, fromJSON.CreatorName, "the API fills the creator")
	assert.Contains(t, ex.JSON, `"auto_stop_mins": 0`, "never stopping is said, not left to the default")
	assert.Equal(t, "bi_prod.json", ex.JSONFile)

	var doc struct {
		Resources struct {
			SQLWarehouses map[string]any `yaml:"sql_warehouses"`
		} `yaml:"resources"`
	}
	require.NoError(t, yaml.Unmarshal([]byte(ex.Bundle), &doc))
	require.Contains(t, doc.Resources.SQLWarehouses, "bi_prod")
	raw, err := json.Marshal(doc.Resources.SQLWarehouses["bi_prod"])
	require.NoError(t, err)
	var fromBundle sql.CreateWarehouseRequest
	require.NoError(t, json.Unmarshal(raw, &fromBundle))
	assert.Equal(t, fromJSON, fromBundle, "the bundle resource is the create request")
	assert.Contains(t, ex.Bundle, "value: \"42\"", "a number-like tag value stays text")
	assert.Equal(t, "bi_prod.yml", ex.BundleFile)

	f, diags := hclparse.NewParser().ParseHCL([]byte(ex.Terraform), "main.tf")
	require.False(t, diags.HasErrors(), diags.Error())
	var res *hclsyntax.Block
	for _, b := range f.Body.(*hclsyntax.Body).Blocks {
		if b.Type == "resource" {
			res = b
		}
	}
	require.NotNil(t, res)
	assert.Equal(t, []string{"databricks_sql_endpoint", "bi_prod"}, res.Labels)
	assert.Contains(t, res.Body.Attributes, "name")
	assert.Contains(t, res.Body.Attributes, "auto_stop_mins")
	var blocks []string
	for _, b := range res.Body.Blocks {
		blocks = append(blocks, b.Type)
		if b.Type == "tags" {
			assert.Len(t, b.Body.Blocks, 2, "one custom_tags block per tag")
		}
	}
	assert.ElementsMatch(t, []string{"channel", "tags"}, blocks)
	assert.Contains(t, ex.Terraform, `host = "https://adb-1.2.azuredatabricks.net"`)
	assert.Contains(t, ex.Terraform, `source = "databricks/databricks"`)
	assert.Equal(t, "bi_prod.tf", ex.TerraformFile)

	name, text, err := ex.Text("bundle")
	require.NoError(t, err)
	assert.Equal(t, ex.BundleFile, name)
	assert.Equal(t, ex.Bundle, text)
	_, _, err = ex.Text("yaml")
	assert.ErrorIs(t, err, ErrBadExportFormat)
}

// The service exports a warehouse it reads now, naming the workspace's host.
func TestExportAgainstDemo(t *testing.T) {
	srv, w := demotest.Start(t, demo.Options{})
	svc := NewService(fakeSource{}, fixedClient{w}, nil)
	ex, err := svc.Export(demotest.Ctx(t), "ws", proID)
	require.NoError(t, err)
	assert.Equal(t, "Analytics Pro", ex.Name)
	assert.Contains(t, ex.Terraform, `resource "databricks_sql_endpoint" "analytics_pro"`)
	assert.Contains(t, ex.Terraform, srv.URL())
	_, err = svc.Export(demotest.Ctx(t), "ws", "gone")
	assert.ErrorIs(t, err, ErrNotFound)
}
