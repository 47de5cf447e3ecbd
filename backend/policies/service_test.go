package policies

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/policyeval"
)

func byName(t *testing.T, s *Service, name string) (PolicyView, bool) {
	t.Helper()
	list, err := s.List("w")
	require.NoError(t, err)
	for _, p := range list.Policies {
		if p.Name == name {
			v, err := s.Get("w", p.ID)
			require.NoError(t, err)
			return v, true
		}
	}
	return PolicyView{}, false
}

func TestCreateFromAFamilyEditAndDelete(t *testing.T) {
	s, l := startLive(t, "")
	ctx := testCtx(t)
	fams, err := s.Families(ctx, "w")
	require.NoError(t, err)
	require.NotEmpty(t, fams)
	assert.Contains(t, fams[0].Definition, "\n  \"", "family definitions come indented")

	overrides := `{"autotermination_minutes": {"type": "range", "maxValue": 60, "defaultValue": 30}}`
	form := Form{Name: "Team shared", Description: "Shared, short-lived", FamilyID: "shared-data-science", Definition: overrides,
		MaxClustersPerUser: 2, Libraries: []compute.Library{{Pypi: &compute.PythonPyPiLibrary{Package: "pandas==2.2.2"}}}}
	check := s.Check("w", "", form)
	require.True(t, check.OK, "%+v", check)
	require.NotNil(t, check.Preview)
	c, ok := findConstraint(check.Preview.Constraints, "autotermination_minutes")
	require.True(t, ok)
	assert.Equal(t, 60.0, *c.Max, "the override replaces the family's rule in the preview")
	_, ok = findConstraint(check.Preview.Constraints, "data_security_mode")
	assert.True(t, ok, "the family's own rules are kept")

	id, err := s.Create(ctx, "w", form)
	require.NoError(t, err)
	got, ok := byName(t, s, "Team shared")
	require.True(t, ok, "the catalog is refreshed after a create")
	assert.Equal(t, id, got.Info.ID)
	assert.Equal(t, "shared-data-science", got.Info.FamilyID)
	assert.Equal(t, int64(2), got.Info.MaxClustersPerUser)
	assert.Contains(t, got.Definition, "USER_ISOLATION", "the server merged the family's definition")
	assert.JSONEq(t, overrides, got.Overrides)
	require.Len(t, got.Info.Libraries, 1)

	// The name must be unique: the form says so before anything is sent,
	// and the workspace refuses it with the real error.
	dup := s.Check("w", "", Form{Name: "team SHARED", Definition: "{}"})
	assert.Contains(t, dup.Fields["name"], "already exists")
	_, err = s.Create(ctx, "w", Form{Name: "team SHARED", Definition: "{}"})
	assert.ErrorIs(t, err, ErrInvalidForm)
	_, err = l.w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "Team shared", Definition: "{}"})
	assert.ErrorIs(t, err, apierr.ErrInvalidParameterValue)
	assert.Empty(t, s.Check("w", id, form).Fields, "a policy keeps its own name when edited")

	bad := s.Check("w", "", Form{Name: "x", Definition: `{"num_workers": {"type": "range", "minValue": 5, "maxValue": 1}}`})
	assert.False(t, bad.OK)
	require.Len(t, bad.Problems, 1)
	_, err = s.Create(ctx, "w", Form{Name: "x", Definition: `{"num_workers": {"type": "range", "minValue": 5, "maxValue": 1}}`})
	assert.ErrorIs(t, err, ErrInvalidForm, "a definition with errors is not sent")

	form.Name, form.MaxClustersPerUser = "Team shared v2", 0
	require.NoError(t, s.Edit(ctx, "w", id, form))
	got, ok = byName(t, s, "Team shared v2")
	require.True(t, ok)
	assert.Equal(t, int64(0), got.Info.MaxClustersPerUser)

	require.NoError(t, s.Delete(ctx, "w", id))
	_, ok = byName(t, s, "Team shared v2")
	assert.False(t, ok)
	_, err = l.w.ClusterPolicies.GetByPolicyId(ctx, id)
	assert.ErrorIs(t, err, apierr.ErrNotFound)
}

func TestAUserWhoIsNotAnAdminIsRefused(t *testing.T) {
	s, _ := startLive(t, "priya.sharma@example.com")
	ctx := testCtx(t)
	list, err := s.List("w")
	require.NoError(t, err)
	assert.False(t, list.Admin)
	require.NotEmpty(t, list.Policies)
	for _, sum := range list.Policies {
		p, err := s.Get("w", sum.ID)
		require.NoError(t, err)
		for _, a := range p.Actions {
			if a.Action != ActionCreateCompute {
				assert.False(t, a.Enabled, "%s %s", p.Info.Name, a.Action)
			}
		}
	}
	_, err = s.Create(ctx, "w", Form{Name: "Mine", Definition: `{"num_workers": {"type": "fixed", "value": 1}}`})
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)
	err = s.Delete(ctx, "w", list.Policies[0].ID)
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)
}

func findConstraint(list []policyeval.FieldConstraint, path string) (policyeval.FieldConstraint, bool) {
	for _, c := range list {
		if c.Path == path {
			return c, true
		}
	}
	return policyeval.FieldConstraint{}, false
}

var hclStart = hcl.Pos{Line: 1, Column: 1}

func TestExportAsAPIJSONAndTerraform(t *testing.T) {
	p := compute.Policy{PolicyId: "p1", Name: "Team Shared (EU)", Description: "d", MaxClustersPerUser: 3,
		PolicyFamilyId: "shared-data-science", Definition: `{"merged": {"type": "forbidden"}}`,
		PolicyFamilyDefinitionOverrides: "{\n  \"autotermination_minutes\": {\"type\": \"fixed\", \"value\": 30}\n}",
		Libraries:                       []compute.Library{{Pypi: &compute.PythonPyPiLibrary{Package: "pandas"}}}}
	js, err := ExportPolicy(p, FormatJSON, "")
	require.NoError(t, err)
	assert.Equal(t, "team-shared-eu.json", js.FileName)
	var req compute.CreatePolicy
	require.NoError(t, json.Unmarshal([]byte(js.Content), &req))
	req.ForceSendFields, req.Libraries[0].Pypi.ForceSendFields = nil, nil
	assert.Equal(t, compute.CreatePolicy{Name: p.Name, Description: "d", MaxClustersPerUser: 3, PolicyFamilyId: "shared-data-science",
		PolicyFamilyDefinitionOverrides: `{"autotermination_minutes":{"type":"fixed","value":30}}`, Libraries: p.Libraries}, req,
		"a family policy exports as family and overrides, not the merged definition")

	tf, err := ExportPolicy(p, FormatTerraform, "https://adb-1.azuredatabricks.net")
	require.NoError(t, err)
	_, diags := hclsyntax.ParseConfig([]byte(tf.Content), "p.tf", hclStart)
	require.False(t, diags.HasErrors(), "%s\n%s", diags.Error(), tf.Content)
	for _, want := range []string{`resource "databricks_cluster_policy" "team_shared_eu"`, `policy_family_id`, `max_clusters_per_user              = 3`,
		`libraries {`, `package = "pandas"`, `host = "https://adb-1.azuredatabricks.net"`, `source = "databricks/databricks"`} {
		assert.Contains(t, tf.Content, want)
	}
	own, err := ExportPolicy(compute.Policy{Name: "own", Definition: "{ \"a\" : 1 }"}, FormatJSON, "")
	require.NoError(t, err)
	assert.Contains(t, own.Content, `"definition": "{\"a\":1}"`)
	_, err = ExportPolicy(p, "yaml", "")
	assert.Error(t, err)
	assert.True(t, strings.HasSuffix(tf.FileName, ".tf"))
}
