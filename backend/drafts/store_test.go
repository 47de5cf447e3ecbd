package drafts

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { c.t = c.t.Add(time.Second); return c.t }

func openStore(t *testing.T) (*Store, string) {
	t.Helper()
	dir := t.TempDir()
	clk := &fakeClock{t: time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)}
	s, err := Open(dir, Options{Now: clk.now})
	require.NoError(t, err)
	return s, dir
}

func smallSpec() compute.ClusterSpec {
	return compute.ClusterSpec{ClusterName: "etl", SparkVersion: "15.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2",
		NumWorkers: 2, SparkConf: map[string]string{"spark.sql.shuffle.partitions": "64"}}
}

func TestCreateGetListSave(t *testing.T) {
	s, _ := openStore(t)
	a, err := s.Create(NewDraft{Name: "  ETL nightly ", Spec: smallSpec(), WorkspaceID: "ws1", PolicyID: "pol1"})
	require.NoError(t, err)
	assert.Equal(t, "ETL nightly", a.Name, "name is trimmed")
	assert.Equal(t, "pol1", a.Spec.PolicyId, "the draft's policy goes into the spec")
	assert.Equal(t, 1, a.Revision)
	b, err := s.Create(NewDraft{Name: "Second", Spec: smallSpec()})
	require.NoError(t, err)

	got, _, err := s.Get(a.ID)
	require.NoError(t, err)
	assert.Equal(t, a.Spec.SparkConf, got.Spec.SparkConf)

	got.Notes = "runs at 2am"
	saved, err := s.Save(got)
	require.NoError(t, err)
	assert.Equal(t, 2, saved.Revision)
	assert.True(t, saved.UpdatedAt.After(a.UpdatedAt))

	list, problems, err := s.List()
	require.NoError(t, err)
	assert.Empty(t, problems)
	require.Len(t, list, 2)
	assert.Equal(t, a.ID, list[0].ID, "most recently edited first")
	assert.Equal(t, b.ID, list[1].ID)
	assert.Equal(t, "ws1", list[0].WorkspaceID)
	assert.Equal(t, "etl", list[0].ClusterName)

	_, err = os.Stat(s.prevPath(a.ID))
	assert.NoError(t, err, "previous version kept")
	prev, err := os.ReadFile(s.prevPath(a.ID))
	require.NoError(t, err)
	old, err := decodeDraft(prev, a.ID)
	require.NoError(t, err)
	assert.Equal(t, 1, old.Revision)
}

func TestSaveUnchangedWritesNothing(t *testing.T) {
	s, _ := openStore(t)
	d, err := s.Create(NewDraft{Name: "x", Spec: smallSpec()})
	require.NoError(t, err)
	before, err := os.Stat(s.path(d.ID))
	require.NoError(t, err)
	again, err := s.Save(d)
	require.NoError(t, err)
	assert.Equal(t, d.Revision, again.Revision)
	after, err := os.Stat(s.path(d.ID))
	require.NoError(t, err)
	assert.Equal(t, before.ModTime(), after.ModTime())
	_, err = os.Stat(s.prevPath(d.ID))
	assert.ErrorIs(t, err, os.ErrNotExist)
}

func TestSaveConflictAndValidation(t *testing.T) {
	s, _ := openStore(t)
	d, err := s.Create(NewDraft{Name: "x", Spec: smallSpec()})
	require.NoError(t, err)
	d.Notes = "one"
	_, err = s.Save(d)
	require.NoError(t, err)
	d.Notes = "stale"
	_, err = s.Save(d)
	assert.ErrorIs(t, err, ErrConflict)

	for _, name := range []string{"", "   ", "a\nb", string(make([]rune, 101))} {
		_, err := s.Create(NewDraft{Name: name})
		var fe *FieldError
		require.ErrorAs(t, err, &fe, "name %q", name)
		assert.Equal(t, "name", fe.Field)
		assert.ErrorIs(t, err, ErrInvalidName)
	}
	_, _, err = s.Get("../../etc/passwd")
	assert.ErrorIs(t, err, ErrInvalidID)
	_, _, err = s.Get("0123456789abcdef")
	assert.ErrorIs(t, err, ErrNotFound)
}

func TestRenameDuplicate(t *testing.T) {
	s, _ := openStore(t)
	d, err := s.Create(NewDraft{Name: "x", Spec: smallSpec(), Libraries: []compute.Library{{Whl: "/Volumes/a/b.whl"}}})
	require.NoError(t, err)
	r, err := s.Rename(d.ID, "renamed")
	require.NoError(t, err)
	assert.Equal(t, "renamed", r.Name)
	c, err := s.Duplicate(d.ID, "")
	require.NoError(t, err)
	assert.NotEqual(t, d.ID, c.ID)
	assert.Equal(t, "renamed (copy)", c.Name)
	assert.Equal(t, r.Spec.SparkConf, c.Spec.SparkConf)
	assert.Equal(t, r.Libraries, c.Libraries)
	assert.Equal(t, "duplicate:"+d.ID, c.Source)
}

func TestDeleteRestorePurge(t *testing.T) {
	s, _ := openStore(t)
	d, err := s.Create(NewDraft{Name: "x", Spec: smallSpec()})
	require.NoError(t, err)
	d.Notes = "v2"
	_, err = s.Save(d)
	require.NoError(t, err)

	require.NoError(t, s.Delete(d.ID))
	list, _, err := s.List()
	require.NoError(t, err)
	assert.Empty(t, list)
	trash, err := s.ListTrash()
	require.NoError(t, err)
	require.Len(t, trash, 1)
	assert.Equal(t, "x", trash[0].Name)
	assert.False(t, trash[0].DeletedAt.IsZero())
	assert.ErrorIs(t, s.Delete(d.ID), ErrNotFound)

	back, err := s.Restore(d.ID)
	require.NoError(t, err)
	assert.Equal(t, "v2", back.Notes)
	_, err = os.Stat(s.prevPath(d.ID))
	assert.NoError(t, err, "previous version comes back too")

	require.NoError(t, s.Delete(d.ID))
	n, err := s.PurgeOlderThan(time.Now().Add(time.Hour))
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	_, err = s.Restore(d.ID)
	assert.ErrorIs(t, err, ErrNotFound)
}

func TestCorruptFileMovedAsideOthersStillListed(t *testing.T) {
	s, dir := openStore(t)
	good, err := s.Create(NewDraft{Name: "good", Spec: smallSpec()})
	require.NoError(t, err)
	bad, err := s.Create(NewDraft{Name: "bad", Spec: smallSpec()})
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(s.path(bad.ID), []byte("{\"schema\": 1,\n \"id\": "), 0o600))
	// A stray temp file from a crashed write is cleaned when the store opens.
	require.NoError(t, os.WriteFile(filepath.Join(s.Dir(), ".x.json.tmp-123"), []byte("{"), 0o600))

	list, problems, err := s.List()
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, good.ID, list[0].ID)
	require.Len(t, problems, 1)
	p := problems[0]
	assert.Equal(t, bad.ID, p.DraftID)
	assert.Contains(t, p.Reason, "line 2")
	assert.FileExists(t, p.MovedTo)
	assert.Contains(t, p.Message, "moved to")
	assert.False(t, p.Recovered)
	q, err := s.Quarantined()
	require.NoError(t, err)
	assert.Len(t, q, 1)

	// Second listing is clean: the file is out of the way.
	_, problems, err = s.List()
	require.NoError(t, err)
	assert.Empty(t, problems)

	s2, err := Open(dir, Options{})
	require.NoError(t, err)
	_, err = os.Stat(filepath.Join(s2.Dir(), ".x.json.tmp-123"))
	assert.ErrorIs(t, err, os.ErrNotExist)
}

func TestCorruptFileRecoversPreviousVersion(t *testing.T) {
	s, _ := openStore(t)
	d, err := s.Create(NewDraft{Name: "keep me", Spec: smallSpec()})
	require.NoError(t, err)
	d.Notes = "second"
	_, err = s.Save(d)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(s.path(d.ID), []byte("garbage"), 0o600))

	got, report, err := s.Get(d.ID)
	require.NoError(t, err)
	assert.Equal(t, "keep me", got.Name)
	assert.Equal(t, 1, got.Revision, "the previous version")
	require.NotNil(t, report, "the reader is told the draft was restored")
	assert.True(t, report.Recovered)
	assert.Equal(t, d.UpdatedAt.UTC().Format(time.RFC3339), report.RestoredSavedAt, "when the restored version was saved")
	require.NotEmpty(t, report.MovedTo)
	kept, err := os.ReadFile(report.MovedTo)
	require.NoError(t, err, "the damaged file is kept")
	assert.Equal(t, "garbage", string(kept))
	assert.Contains(t, report.Message, report.MovedTo)

	again, report, err := s.Get(d.ID)
	require.NoError(t, err)
	assert.Nil(t, report, "a good file has nothing to report")
	assert.Equal(t, got.Revision, again.Revision)
	list, problems, err := s.List()
	require.NoError(t, err)
	assert.Len(t, list, 1)
	assert.Empty(t, problems, "recovered file is good again")
}

func TestNewerSchemaLeftInPlace(t *testing.T) {
	s, _ := openStore(t)
	id := "00112233445566778899"
	require.NoError(t, os.WriteFile(s.path(id), []byte(`{"schema": 99, "id": "`+id+`", "name": "future"}`), 0o600))
	list, problems, err := s.List()
	require.NoError(t, err)
	assert.Empty(t, list)
	require.Len(t, problems, 1)
	assert.Empty(t, problems[0].MovedTo)
	assert.Contains(t, problems[0].Message, "newer version")
	assert.FileExists(t, s.path(id))
	_, report, err := s.Get(id)
	assert.ErrorIs(t, err, ErrNewerSchema)
	require.NotNil(t, report)
	assert.False(t, report.Recovered)
}

func TestSaveFromCluster(t *testing.T) {
	s, _ := openStore(t)
	c := &compute.ClusterDetails{
		ClusterId: "0301-abc", ClusterName: "shared", State: compute.StateRunning, SparkVersion: "15.4.x-scala2.12",
		InstancePoolId: "pool-1", DriverInstancePoolId: "pool-1", NodeTypeId: "Standard_DS3_v2", DriverNodeTypeId: "Standard_DS3_v2",
		Autoscale: &compute.AutoScale{MinWorkers: 1, MaxWorkers: 4}, NumWorkers: 3, PolicyId: "pol",
		DefaultTags: map[string]string{"Vendor": "Databricks"}, CustomTags: map[string]string{"team": "bi", "clusterdeck_request_id": "r1"},
		AzureAttributes: &compute.AzureAttributes{Availability: compute.AzureAvailabilitySpotWithFallbackAzure},
		CreatorUserName: "someone", ClusterCores: 8,
	}
	d, err := s.SaveFromCluster(c, "", "ws")
	require.NoError(t, err)
	assert.Equal(t, "shared", d.Name)
	assert.Equal(t, "pol", d.PolicyID)
	assert.Equal(t, "cluster:0301-abc", d.Source)
	assert.Empty(t, d.Spec.NodeTypeId, "pool decides the node type")
	assert.Empty(t, d.Spec.DriverNodeTypeId)
	assert.Nil(t, d.Spec.AzureAttributes, "pool decides the cloud attributes")
	assert.Zero(t, d.Spec.NumWorkers, "autoscale wins")
	assert.Equal(t, map[string]string{"team": "bi"}, d.Spec.CustomTags)
}

// Text that does not parse is saved as it was typed, next to the last spec
// that did, and goes when the text parses again.
func TestSpecTextKeptUntilItParses(t *testing.T) {
	s, _ := openStore(t)
	d, err := s.Create(NewDraft{Name: "typing", Spec: smallSpec()})
	require.NoError(t, err)
	d.SpecText = `{ "cluster_name": "half-typed", `
	saved, err := s.Save(d)
	require.NoError(t, err)
	assert.Equal(t, 2, saved.Revision, "text alone is a change worth saving")

	reopened, err := Open(filepath.Dir(s.Dir()), Options{})
	require.NoError(t, err)
	got, _, err := reopened.Get(d.ID)
	require.NoError(t, err)
	assert.Equal(t, `{ "cluster_name": "half-typed", `, got.SpecText)
	assert.Equal(t, smallSpec().SparkConf, got.Spec.SparkConf, "the last valid spec stays")

	dup, err := reopened.Duplicate(d.ID, "")
	require.NoError(t, err)
	assert.Equal(t, got.SpecText, dup.SpecText, "a copy keeps the text too")

	got.SpecText = ""
	got.Spec.ClusterName = "half-typed"
	cleared, err := reopened.Save(got)
	require.NoError(t, err)
	assert.Empty(t, cleared.SpecText)
	assert.Equal(t, "half-typed", cleared.Spec.ClusterName)
}

func TestLibrariesAndExtraKeysSurviveSaveReopenAndDuplicate(t *testing.T) {
	s, _ := openStore(t)
	d, err := s.Create(NewDraft{Name: "libs", Spec: smallSpec()})
	require.NoError(t, err)
	d.Libraries = []compute.Library{{Pypi: &compute.PythonPyPiLibrary{Package: "pandas==2.2.2"}}}
	d.Extra = map[string]json.RawMessage{"owner_team": json.RawMessage(`{"name":"data"}`)}
	saved, err := s.Save(d)
	require.NoError(t, err)
	assert.Equal(t, 2, saved.Revision, "libraries and extra keys are content")

	reopened, err := Open(filepath.Dir(s.Dir()), Options{})
	require.NoError(t, err)
	got, _, err := reopened.Get(d.ID)
	require.NoError(t, err)
	require.Len(t, got.Libraries, 1)
	assert.Equal(t, "pandas==2.2.2", got.Libraries[0].Pypi.Package)
	assert.JSONEq(t, `{"name":"data"}`, string(got.Extra["owner_team"]))

	dup, err := reopened.Duplicate(d.ID, "")
	require.NoError(t, err)
	assert.Equal(t, got.Libraries, dup.Libraries)
	assert.JSONEq(t, `{"name":"data"}`, string(dup.Extra["owner_team"]))

	got.Extra = nil
	cleared, err := reopened.Save(got)
	require.NoError(t, err)
	assert.Empty(t, cleared.Extra, "removing the key in the editor removes it from the file")
}

func TestExportsLeaveExtraKeysOut(t *testing.T) {
	d := Draft{Name: "extra", Spec: smallSpec(), Extra: map[string]json.RawMessage{"owner_team": json.RawMessage(`"data-platform"`)}}
	for _, f := range []Format{FormatJSON, FormatBundle, FormatTerraform} {
		out, _, err := Export(f, d)
		require.NoError(t, err, f)
		assert.Contains(t, string(out), "Standard_DS3_v2", f)
		assert.NotContains(t, string(out), "owner_team", f)
		assert.NotContains(t, string(out), "data-platform", f)
	}
}
