package app

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/clusterdeck/clusterdeck/backend/drafts"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What the drafts facade does so that nothing is lost or silently changed:
// a restored damaged file is reported, exports say what they leave out,
// and unparsed editor text is kept.

// A damaged draft file is not silently replaced by its previous version:
// the view says what happened, when the restored version was saved and
// where the damaged file is.
func TestDraftGetReportsARestoredVersion(t *testing.T) {
	e := newDraftsApp(t)
	d := e.app.Drafts
	v, err := d.Create(drafts.DraftInput{Name: "etl", Notes: "first"})
	require.NoError(t, err)
	_, err = d.Save(drafts.DraftSave{ID: v.ID, Revision: v.Revision, Name: "etl", Notes: "second", Spec: v.Spec})
	require.NoError(t, err)

	clean, err := d.Get(v.ID)
	require.NoError(t, err)
	assert.Nil(t, clean.Recovery, "nothing to report on a good file")

	path := filepath.Join(e.store.Dir(), v.ID+".json")
	require.NoError(t, os.WriteFile(path, []byte(`{"schema": 1, "id": "`+v.ID+`", "na`), 0o600))
	got, err := d.Get(v.ID)
	require.NoError(t, err)
	assert.Equal(t, "first", got.Notes, "the previous version")
	require.NotNil(t, got.Recovery)
	assert.Equal(t, v.UpdatedAt, got.Recovery.RestoredSavedAt)
	assert.FileExists(t, got.Recovery.DamagedFile)
	assert.NotEqual(t, path, got.Recovery.DamagedFile, "moved aside")
	assert.NotEmpty(t, got.Recovery.Reason)

	again, err := d.Get(v.ID)
	require.NoError(t, err)
	assert.Nil(t, again.Recovery, "said once: the restored file is good")
}

func TestDraftExportWarnsOfLibrariesLeftOut(t *testing.T) {
	e := newDraftsApp(t)
	d := e.app.Drafts
	im, err := d.Import("c.json", `{"cluster_name": "etl", "spark_version": "16.4.x-scala2.12", "num_workers": 1,
		"libraries": [{"pypi": {"package": "pandas"}}]}`, "demo")
	require.NoError(t, err)
	require.Len(t, im.Drafts, 1)
	id := im.Drafts[0].ID

	js, err := d.Export("json", []string{id})
	require.NoError(t, err)
	require.Len(t, js.Warnings, 1)
	assert.Contains(t, js.Warnings[0], "Libraries API")
	assert.NotContains(t, js.Content, "pandas")
	yml, err := d.Export("bundle", []string{id})
	require.NoError(t, err)
	require.Len(t, yml.Warnings, 1)
	assert.Contains(t, yml.Warnings[0], "tasks")
	tf, err := d.Export("terraform", []string{id})
	require.NoError(t, err)
	assert.Empty(t, tf.Warnings)
	assert.NotNil(t, tf.Warnings, "an empty list, not null, for the page")
	assert.Contains(t, tf.Content, "pandas")
	saved, err := d.SaveExport("json", []string{id})
	require.NoError(t, err)
	assert.Equal(t, js.Warnings, saved.Warnings)
}

// Text that does not parse is saved beside the last valid spec; applying
// waits until it parses.
func TestDraftSpecTextIsSavedAndBlocksApply(t *testing.T) {
	e := newDraftsApp(t)
	d := e.app.Drafts
	v, err := d.Create(drafts.DraftInput{Name: "etl", WorkspaceID: "demo"})
	require.NoError(t, err)
	s, err := d.Save(drafts.DraftSave{ID: v.ID, Revision: v.Revision, Name: "etl", WorkspaceID: "demo", Spec: v.Spec,
		SpecText: `{"cluster_name": "etl", "num_workers": 3,`})
	require.NoError(t, err)
	got, err := d.Get(v.ID)
	require.NoError(t, err)
	assert.Equal(t, `{"cluster_name": "etl", "num_workers": 3,`, got.SpecText)
	assert.Equal(t, v.Spec, got.Spec, "the last valid spec is kept")

	_, err = d.PlanApply(v.ID, "demo", "")
	assert.Equal(t, "spec", uiErr(t, e.app, err).Field)

	_, err = d.Save(drafts.DraftSave{ID: v.ID, Revision: s.Revision, Name: "etl", WorkspaceID: "demo", Spec: v.Spec})
	require.NoError(t, err)
	got, err = d.Get(v.ID)
	require.NoError(t, err)
	assert.Empty(t, got.SpecText)
}

// A plan reviewed before the text stopped parsing must not apply the last
// valid spec behind the user's back: Apply refuses, like PlanApply.
func TestDraftApplyRefusesUnparsedSpecText(t *testing.T) {
	e := newDraftsApp(t)
	d := e.app.Drafts
	v, err := d.Create(drafts.DraftInput{Name: "etl", WorkspaceID: "demo",
		Spec: map[string]any{"cluster_name": "etl-unparsed", "spark_version": "16.4.x-scala2.12", "node_type_id": "Standard_DS3_v2", "num_workers": 1}})
	require.NoError(t, err)
	plan, err := d.PlanApply(v.ID, "demo", "")
	require.NoError(t, err)
	require.NotNil(t, plan.Plan)
	_, err = d.Save(drafts.DraftSave{ID: v.ID, Revision: v.Revision, Name: "etl", WorkspaceID: "demo", Spec: v.Spec,
		SpecText: `{"cluster_name": "etl-unparsed", "num_workers": 3,`})
	require.NoError(t, err)

	_, err = d.Apply(drafts.ApplyRequest{DraftID: v.ID, WorkspaceID: "demo", Fingerprint: plan.Fingerprint})
	require.Error(t, err)
	assert.Equal(t, "spec", uiErr(t, e.app, err).Field)
	got, err := d.Get(v.ID)
	require.NoError(t, err)
	assert.Empty(t, got.Applied, "nothing was created")
}
