package drafts

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

const etlSpec = `{"cluster_name": "etl", "spark_version": "16.4.x-scala2.12", "node_type_id": "Standard_DS3_v2", "num_workers": 2}`

func TestImportText(t *testing.T) {
	cases := []struct {
		name, file, content string
		wantErr             error
		wantField           string
		wantSource          string
	}{
		{"json by name", "etl.json", etlSpec, nil, "", "import:json"},
		{"json by content", "", etlSpec, nil, "", "import:json"},
		{"bundle yaml", "bundle.yml", "resources:\n  clusters:\n    etl:\n      cluster_name: etl\n      spark_version: 16.4.x-scala2.12\n", nil, "", "import:bundle"},
		{"empty", "", "  \n", ErrNothingToImport, "content", ""},
		{"too large", "", strings.Repeat("x", MaxImportBytes+1), ErrNothingToImport, "content", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, _ := openStore(t)
			got, warnings, err := s.ImportText(c.file, c.content, "w1")
			if c.wantErr != nil {
				assert.ErrorIs(t, err, c.wantErr)
				var fe *FieldError
				require.ErrorAs(t, err, &fe)
				assert.Equal(t, c.wantField, fe.Field)
				assert.Empty(t, got)
				return
			}
			require.NoError(t, err)
			require.Len(t, got, 1)
			assert.Equal(t, "etl", got[0].Name)
			assert.Equal(t, "w1", got[0].WorkspaceID)
			assert.Equal(t, c.wantSource, got[0].Source)
			assert.NotNil(t, warnings)
		})
	}
}

func TestExportDrafts(t *testing.T) {
	s, _ := openStore(t)
	onProd, _, err := s.ImportText("etl.json", etlSpec, "prod")
	require.NoError(t, err)
	onDemo, _, err := s.ImportText("etl.json", etlSpec, workspaces.DemoID)
	require.NoError(t, err)
	onOther, _, err := s.ImportText("etl.json", etlSpec, "other")
	require.NoError(t, err)
	profiles := []workspaces.Profile{{ID: "prod", Host: "https://adb-1.2.azuredatabricks.net"},
		{ID: workspaces.DemoID, Host: "http://127.0.0.1:1234"}, {ID: "other", Host: "https://adb-3.4.azuredatabricks.net"}}
	prod, demo, other := onProd[0].ID, onDemo[0].ID, onOther[0].ID

	cases := []struct {
		name, format string
		ids          []string
		wantErr      bool
		wantField    string
		wantFile     string
		wantHost     string // "" : none written
		warnNoHost   bool
	}{
		{name: "unknown format", format: "xml", ids: []string{prod}, wantErr: true, wantField: "format"},
		{name: "nothing chosen", format: "bundle", wantErr: true, wantField: "drafts"},
		{name: "API JSON holds one", format: "json", ids: []string{prod, demo}, wantErr: true, wantField: "format"},
		{name: "one draft as JSON", format: "json", ids: []string{prod}, wantFile: "etl.json"},
		{name: "terraform on prod", format: "terraform", ids: []string{prod}, wantFile: "etl.tf", wantHost: "https://adb-1.2.azuredatabricks.net"},
		{name: "project on prod", format: "bundle-project", ids: []string{prod}, wantFile: "databricks.yml", wantHost: "https://adb-1.2.azuredatabricks.net"},
		{name: "project on the demo: no host, and says so", format: "bundle-project", ids: []string{demo}, wantFile: "databricks.yml", warnNoHost: true},
		{name: "project over two workspaces: no host", format: "bundle-project", ids: []string{prod, other}, wantFile: "databricks.yml", warnNoHost: true},
		{name: "terraform without a host says nothing", format: "terraform", ids: []string{demo}, wantFile: "etl.tf"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := s.ExportDrafts(c.format, c.ids, profiles)
			if c.wantErr {
				assert.ErrorIs(t, err, ErrBadExport)
				var fe *FieldError
				require.ErrorAs(t, err, &fe)
				assert.Equal(t, c.wantField, fe.Field)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.format, got.Format)
			assert.Equal(t, c.wantFile, got.FileName)
			assert.NotContains(t, got.Content, "127.0.0.1", "the demo's address changes each run")
			if c.wantHost != "" {
				assert.Contains(t, got.Content, c.wantHost)
			} else {
				assert.NotContains(t, got.Content, "azuredatabricks.net")
			}
			if c.warnNoHost {
				require.NotEmpty(t, got.Warnings)
				assert.Equal(t, noHostWarning, got.Warnings[len(got.Warnings)-1])
			} else {
				assert.Empty(t, got.Warnings)
			}
		})
	}
	_, err = s.ExportDrafts("bundle", []string{"no-such-draft"}, profiles)
	assert.Error(t, err)
}

func TestTargetOf(t *testing.T) {
	profiles := []workspaces.Profile{{ID: "a", Host: "https://a"}, {ID: workspaces.DemoID, Host: "http://127.0.0.1:9"}}
	cases := []struct {
		name string
		ws   []string
		want string
	}{
		{"one workspace", []string{"a", "a"}, "https://a"},
		{"two workspaces", []string{"a", "b"}, ""},
		{"no workspace", []string{""}, ""},
		{"the demo", []string{workspaces.DemoID}, ""},
		{"a workspace no longer open", []string{"gone"}, ""},
		{"no drafts", nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			list := []Draft{}
			for _, id := range c.ws {
				list = append(list, Draft{WorkspaceID: id})
			}
			assert.Equal(t, Target{Host: c.want}, TargetOf(list, profiles))
		})
	}
}
