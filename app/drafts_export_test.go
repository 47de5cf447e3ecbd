package app

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Exports carry the target workspace's host: the Terraform provider block
// and the databricks.yml target. Without one (the Demo workspace) the
// bundle says where to set it; Terraform's provider reads DATABRICKS_HOST.
func TestDraftsExportCarriesTheWorkspaceHost(t *testing.T) {
	e := newDraftsApp(t)
	d := e.app.Drafts
	prod, err := e.mgr.Create(context.Background(), workspaces.Profile{Name: "Prod", Host: "https://adb-1.2.azuredatabricks.net",
		AuthType: workspaces.AuthDatabricksCLI}, workspaces.SecretInput{})
	require.NoError(t, err)
	spec := `{"cluster_name": "etl", "spark_version": "16.4.x-scala2.12", "node_type_id": "Standard_DS3_v2", "num_workers": 2}`
	onProd, err := d.Import("etl.json", spec, prod.ID)
	require.NoError(t, err)
	onDemo, err := d.Import("etl.json", spec, "demo")
	require.NoError(t, err)

	cases := []struct {
		name, format, id, file string
		contains               []string
		warnHost               bool
	}{
		{"terraform on prod", "terraform", onProd.Drafts[0].ID, "etl.tf", []string{
			"required_providers {\n    databricks = {\n      source = \"databricks/databricks\"",
			"provider \"databricks\" {\n  host = \"https://adb-1.2.azuredatabricks.net\"\n}"}, false},
		{"databricks.yml on prod", "bundle-project", onProd.Drafts[0].ID, "databricks.yml", []string{
			"bundle:\n  name: etl\n", "targets:\n  dev:\n    default: true\n    workspace:\n      host: https://adb-1.2.azuredatabricks.net\n", "resources:\n  clusters:\n    etl:\n"}, false},
		{"terraform on the demo", "terraform", onDemo.Drafts[0].ID, "etl.tf", []string{"source = \"databricks/databricks\""}, false},
		{"databricks.yml on the demo", "bundle-project", onDemo.Drafts[0].ID, "databricks.yml", []string{"targets:\n  dev:\n    default: true\nresources:"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ex, err := d.Export(c.format, []string{c.id})
			require.NoError(t, err)
			assert.Equal(t, c.file, ex.FileName)
			for _, want := range c.contains {
				assert.Contains(t, ex.Content, want)
			}
			if c.id == onDemo.Drafts[0].ID {
				assert.NotContains(t, ex.Content, "127.0.0.1", "the demo's address changes each run")
			}
			if c.warnHost {
				require.NotEmpty(t, ex.Warnings)
				assert.Contains(t, ex.Warnings[len(ex.Warnings)-1], "No workspace host was written")
			} else {
				assert.Empty(t, ex.Warnings)
			}
		})
	}
}
