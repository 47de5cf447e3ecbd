package app

import (
	"context"
	"testing"

	"github.com/clusterdeck/clusterdeck/backend/drafts"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The cluster editor keeps libraries (and whatever else is typed) inside its
// spec object; a draft must give back the same object after a save, a
// reload and a duplicate.
func TestDraftKeepsLibrariesAndUnknownKeysOfThePageSpec(t *testing.T) {
	e := newDraftsApp(t)
	d := e.app.Drafts
	spec := map[string]any{"cluster_name": "etl", "spark_version": "16.4.x-scala2.12", "num_workers": 1,
		"libraries":  []any{map[string]any{"pypi": map[string]any{"package": "pandas==2.2.2"}}},
		"owner_team": map[string]any{"name": "data"}}
	v, err := d.Create(drafts.DraftInput{Name: "etl", WorkspaceID: "demo", Spec: spec})
	require.NoError(t, err)
	require.Len(t, v.Libraries, 1)
	assert.Equal(t, "pandas==2.2.2", v.Libraries[0].Label)

	got, err := d.Get(v.ID)
	require.NoError(t, err)
	assert.Equal(t, []any{map[string]any{"pypi": map[string]any{"package": "pandas==2.2.2"}}}, got.Spec["libraries"])
	assert.Equal(t, map[string]any{"name": "data"}, got.Spec["owner_team"])
	assert.Equal(t, "etl", got.Spec["cluster_name"])

	// The page edits the object it was given: add a library, drop the key.
	got.Spec["libraries"] = append(got.Spec["libraries"].([]any), map[string]any{"whl": "/Volumes/a/b/p-1.0-py3-none-any.whl"})
	delete(got.Spec, "owner_team")
	got.Spec["cost_center"] = "42"
	s, err := d.Save(drafts.DraftSave{ID: v.ID, Revision: got.Revision, Name: "etl", WorkspaceID: "demo", Spec: got.Spec})
	require.NoError(t, err)
	assert.Greater(t, s.Revision, got.Revision)

	again, err := d.Get(v.ID)
	require.NoError(t, err)
	assert.Len(t, again.Spec["libraries"], 2)
	assert.NotContains(t, again.Spec, "owner_team")
	assert.Equal(t, "42", again.Spec["cost_center"])
	require.Len(t, again.Libraries, 2)

	dup, err := d.Duplicate(v.ID, "")
	require.NoError(t, err)
	assert.Equal(t, again.Spec["libraries"], dup.Spec["libraries"])
	assert.Equal(t, "42", dup.Spec["cost_center"])

	chk, err := d.Check("demo", "", again.Spec)
	require.NoError(t, err)
	assert.Nil(t, itemAt(chk.Items, "libraries"), "libraries are not an unknown field")
	require.NotNil(t, itemAt(chk.Items, "cost_center"))
	assert.Equal(t, "warning", itemAt(chk.Items, "cost_center").Severity)

	// A key nested in a known object is kept too, next to the typed fields.
	again.Spec["docker_image"] = map[string]any{"url": "ghcr.io/team/img:1", "tagg": "v1"}
	s, err = d.Save(drafts.DraftSave{ID: v.ID, Revision: again.Revision, Name: "etl", WorkspaceID: "demo", Spec: again.Spec})
	require.NoError(t, err)
	nested, err := d.Get(v.ID)
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"url": "ghcr.io/team/img:1", "tagg": "v1"}, nested.Spec["docker_image"])
	chk, err = d.Check("demo", "", nested.Spec)
	require.NoError(t, err)
	require.NotNil(t, itemAt(chk.Items, "docker_image.tagg"), "%+v", chk.Items)
	again = nested

	js, err := d.Export("json", []string{v.ID})
	require.NoError(t, err)
	assert.NotContains(t, js.Content, "cost_center", "extra keys never leave the draft")
	assert.NotContains(t, js.Content, "tagg")
	assert.Contains(t, js.Content, "ghcr.io/team/img:1")

	again.Spec["libraries"] = "pandas"
	_, err = d.Save(drafts.DraftSave{ID: v.ID, Revision: again.Revision, Name: "etl", WorkspaceID: "demo", Spec: again.Spec})
	assert.Equal(t, "libraries", uiErr(t, e.app, err).Field)
}

// Libraries typed in the draft's form are installed on the cluster the
// draft creates; an extra key is not sent.
func TestApplyInstallsTheDraftsLibraries(t *testing.T) {
	e := newDraftsApp(t)
	d := e.app.Drafts
	spec := map[string]any{"cluster_name": "with-libs", "spark_version": "16.4.x-scala2.12",
		"node_type_id": "Standard_DS3_v2", "num_workers": 1, "autotermination_minutes": 30,
		"libraries":  []any{map[string]any{"pypi": map[string]any{"package": "plotly==5.22.0"}}},
		"owner_team": "data"}
	v, err := d.Create(drafts.DraftInput{Name: "with libs", WorkspaceID: "demo", Spec: spec})
	require.NoError(t, err)
	plan, err := d.PlanApply(v.ID, "demo", "")
	require.NoError(t, err)
	require.NotNil(t, plan.Plan)
	out, err := d.Apply(drafts.ApplyRequest{DraftID: v.ID, WorkspaceID: "demo", Fingerprint: plan.Fingerprint})
	require.NoError(t, err)
	assert.Equal(t, "create", out.Action)
	assert.Equal(t, 1, out.Libraries)

	w, err := e.mgr.Client(context.Background(), "demo")
	require.NoError(t, err)
	st, err := w.Libraries.ClusterStatusByClusterId(context.Background(), out.ClusterID)
	require.NoError(t, err)
	found := false
	for _, l := range st.LibraryStatuses {
		found = found || (l.Library != nil && l.Library.Pypi != nil && l.Library.Pypi.Package == "plotly==5.22.0")
	}
	assert.True(t, found, "installed on the new cluster: %+v", st.LibraryStatuses)
	got, err := w.Clusters.GetByClusterId(context.Background(), out.ClusterID)
	require.NoError(t, err)
	assert.Equal(t, "with-libs", got.ClusterName)
}
