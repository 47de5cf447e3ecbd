package app

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/drafts"
	"github.com/clusterdeck/clusterdeck/backend/services"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

type draftsEnv struct {
	app   *App
	srv   *demo.Server
	mgr   *workspaces.Manager
	store *drafts.Store
}

// newDraftsApp wires the Drafts facade as main.go does, over a demo
// workspace whose clock only moves when the test steps it.
func newDraftsApp(t *testing.T) draftsEnv {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	srv, err := demo.Start(ctx, demo.Options{Seed: 7, FreezeClock: true})
	require.NoError(t, err)
	paths := workspaces.Paths{Config: filepath.Join(home, "config"), Cache: filepath.Join(home, "cache"), Data: filepath.Join(home, "data")}
	mgr, err := workspaces.NewManager(workspaces.Deps{Paths: paths, Secrets: credentials.NewMemoryStore(), Home: home,
		LookupEnv: func(string) (string, bool) { return "", false }})
	require.NoError(t, err)
	mgr.SetDemo(workspaces.Demo{URL: srv.URL(), Token: srv.Token()})
	store, err := drafts.Open(paths.Data, drafts.Options{})
	require.NoError(t, err)
	a := New(Deps{Inputs: services.Inputs{Session: session.New(mgr, session.Options{}), Drafts: store,
		Catalog: catalog.NewRefresher(catalog.NewCache(filepath.Join(paths.Cache, "catalog")), mgr.Client, catalog.RefresherOptions{}),
		Clients: mgr}})
	return draftsEnv{app: a, srv: srv, mgr: mgr, store: store}
}

func uiErr(t *testing.T, a *App, err error) UIError {
	t.Helper()
	require.Error(t, err)
	return a.errors.UIError(err)
}

func itemAt(items []drafts.CheckItem, path string) *drafts.CheckItem {
	for i := range items {
		if items[i].Path == path {
			return &items[i]
		}
	}
	return nil
}

func TestDraftsWorkOfflineOnTheCachedCatalog(t *testing.T) {
	e := newDraftsApp(t)
	d := e.app.Drafts

	spec := map[string]any{"cluster_name": "offline-etl", "spark_version": "16.4.x-scala2.12",
		"node_type_id": "Standard_DS3_v2", "num_workers": 2, "autotermination_minutes": 5, "colour": "blue"}
	created, err := d.Create(drafts.DraftInput{Name: "Offline ETL", WorkspaceID: "demo", Spec: spec})
	require.NoError(t, err)
	assert.Equal(t, 1, created.Revision)

	// Nothing cached yet: the API's own rules still run, the rest is said to be unchecked.
	chk, err := d.Check("demo", "", created.Spec)
	require.NoError(t, err)
	assert.False(t, chk.Cache.Cached)
	assert.Contains(t, chk.Partial, "Nothing cached")
	require.NotNil(t, itemAt(chk.Items, "autotermination_minutes"))
	assert.Equal(t, "error", itemAt(chk.Items, "autotermination_minutes").Severity)

	_, err = d.RefreshCatalog("demo")
	require.NoError(t, err)
	targets, err := d.Targets()
	require.NoError(t, err)
	require.NotEmpty(t, targets)
	assert.True(t, targets[0].Cache.Cached)
	require.NotEmpty(t, targets[0].Policies)
	var shared string
	for _, p := range targets[0].Policies {
		if p.Name == "Shared Compute" {
			shared = p.ID
		}
	}
	require.NotEmpty(t, shared)

	// From here on the workspace is unreachable: everything below reads the cache.
	e.srv.SetOutage(true, 0)
	spec["node_type_id"] = "Standard_Nope"
	spec["autotermination_minutes"] = 600
	chk, err = d.Check("demo", shared, spec)
	require.NoError(t, err)
	assert.True(t, chk.Cache.Cached)
	assert.Empty(t, chk.Partial)
	assert.Equal(t, "Shared Compute", chk.PolicyName)
	require.NotNil(t, itemAt(chk.Items, "node_type_id"), "the node type is checked against the cached catalog: %+v", chk.Items)
	pol := itemAt(chk.Items, "autotermination_minutes")
	require.NotNil(t, pol)
	assert.Equal(t, "policy", pol.Source)
	unknown := itemAt(chk.Items, "colour")
	require.NotNil(t, unknown, "unknown fields are reported, not silently dropped")
	assert.Equal(t, "warning", unknown.Severity)
	assert.Equal(t, drafts.CheckErrors, chk.State)

	spec["node_type_id"] = "Standard_DS3_v2"
	spec["autotermination_minutes"] = 60
	delete(spec, "colour")
	saved, err := d.Save(drafts.DraftSave{ID: created.ID, Revision: created.Revision, Name: created.Name, WorkspaceID: "demo",
		PolicyID: shared, Spec: spec})
	require.NoError(t, err)
	assert.Equal(t, 2, saved.Revision)
	again, err := d.Save(drafts.DraftSave{ID: created.ID, Revision: saved.Revision, Name: created.Name, WorkspaceID: "demo",
		PolicyID: shared, Spec: spec})
	require.NoError(t, err)
	assert.Equal(t, 2, again.Revision, "autosave of unchanged content writes nothing")

	list, err := d.List()
	require.NoError(t, err)
	require.Len(t, list.Drafts, 1)
	row := list.Drafts[0]
	assert.Equal(t, "Demo workspace", row.WorkspaceName)
	assert.Equal(t, drafts.CheckOK, row.Check.State, "%+v", row.Check)
	assert.True(t, row.Check.Cache.Cached)
	assert.GreaterOrEqual(t, row.Check.Cache.AgeSeconds, int64(0))
}

func TestDraftInputErrorsArePlaced(t *testing.T) {
	e := newDraftsApp(t)
	d := e.app.Drafts

	_, err := d.Create(drafts.DraftInput{Name: "  "})
	ui := uiErr(t, e.app, err)
	assert.Equal(t, "name", ui.Field)
	assert.Equal(t, "DRAFT_BAD_NAME", ui.Code)

	v, err := d.Create(drafts.DraftInput{Name: "etl", Spec: map[string]any{"num_workers": "two"}})
	ui = uiErr(t, e.app, err)
	assert.Equal(t, "spec.num_workers", ui.Field, "the wrong value is placed at its field")
	assert.Contains(t, ui.Message+ui.Hint+ui.Detail, `num_workers must be a whole number from 0 to 2147483647, not the text "two".`)
	assert.Empty(t, v.ID)

	v, err = d.Create(drafts.DraftInput{Name: "etl"})
	require.NoError(t, err)
	assert.Equal(t, "etl", v.Spec["cluster_name"], "a new draft's cluster takes its name")
	_, err = d.Save(drafts.DraftSave{ID: v.ID, Revision: v.Revision, Name: "etl 2", Spec: v.Spec})
	require.NoError(t, err)
	_, err = d.Save(drafts.DraftSave{ID: v.ID, Revision: v.Revision, Name: "etl 3", Spec: v.Spec})
	assert.Equal(t, "DRAFT_CONFLICT", uiErr(t, e.app, err).Code)

	_, err = d.Get("0123456789abcdef")
	assert.Equal(t, "DRAFT_NOT_FOUND", uiErr(t, e.app, err).Code)
	_, err = d.PlanApply(v.ID, "", "")
	ui = uiErr(t, e.app, err)
	assert.Equal(t, "NO_TARGET_WORKSPACE", ui.Code)
	assert.Equal(t, "workspace", ui.Field)
}

func TestDraftsTrashRenameDuplicate(t *testing.T) {
	e := newDraftsApp(t)
	d := e.app.Drafts
	v, err := d.Create(drafts.DraftInput{Name: "etl"})
	require.NoError(t, err)
	r, err := d.Rename(v.ID, "nightly etl")
	require.NoError(t, err)
	assert.Equal(t, "nightly etl", r.Name)
	dup, err := d.Duplicate(v.ID, "")
	require.NoError(t, err)
	assert.Equal(t, "nightly etl (copy)", dup.Name)

	require.NoError(t, d.Delete(v.ID))
	trash, err := d.Trash()
	require.NoError(t, err)
	require.Len(t, trash, 1)
	assert.Equal(t, "nightly etl", trash[0].Name)
	list, err := d.List()
	require.NoError(t, err)
	assert.Len(t, list.Drafts, 1)
	back, err := d.Restore(v.ID)
	require.NoError(t, err)
	assert.Equal(t, v.ID, back.ID)
	require.NoError(t, d.Delete(dup.ID))
	require.NoError(t, d.Purge(dup.ID))
	trash, err = d.Trash()
	require.NoError(t, err)
	assert.Empty(t, trash)
}

func TestDraftsImportAndExport(t *testing.T) {
	e := newDraftsApp(t)
	d := e.app.Drafts

	_, err := d.Import("cluster.json", "{\n  \"cluster_name\": \"etl\",\n  \"num_workers\": ,\n}", "demo")
	ui := uiErr(t, e.app, err)
	assert.Equal(t, "UNREADABLE_INPUT", ui.Code)
	assert.Equal(t, 3, ui.Line)
	assert.Positive(t, ui.Column)
	assert.True(t, strings.HasPrefix(ui.Message, "Line 3, column "), ui.Message)

	_, err = d.Import("", "   ", "demo")
	assert.Equal(t, "content", uiErr(t, e.app, err).Field)
	_, err = d.Import("bundle.yml", "bundle:\n  name: x\n", "demo")
	assert.Equal(t, "NOTHING_TO_IMPORT", uiErr(t, e.app, err).Code)

	bundle := "resources:\n  clusters:\n    etl:\n      cluster_name: etl\n      spark_version: 16.4.x-scala2.12\n      node_type_id: Standard_DS3_v2\n      num_workers: 2\n    bi:\n      cluster_name: bi\n      spark_version: 16.4.x-scala2.12\n      node_type_id: Standard_DS3_v2\n      num_workers: 1\n"
	im, err := d.Import("databricks.yml", bundle, "demo")
	require.NoError(t, err)
	require.Len(t, im.Drafts, 2)
	assert.Equal(t, "demo", im.Drafts[0].WorkspaceID)
	assert.Equal(t, "import:bundle", im.Drafts[0].Source)
	ids := []string{im.Drafts[0].ID, im.Drafts[1].ID}

	tf, err := d.Export("terraform", ids)
	require.NoError(t, err)
	assert.Equal(t, "clusters.tf", tf.FileName)
	assert.Contains(t, tf.Content, `resource "databricks_cluster"`)
	yml, err := d.Export("bundle", ids)
	require.NoError(t, err)
	assert.Contains(t, yml.Content, "resources:")
	_, err = d.Export("json", ids)
	assert.Equal(t, "format", uiErr(t, e.app, err).Field)
	_, err = d.Export("xml", ids[:1])
	assert.Equal(t, "BAD_EXPORT", uiErr(t, e.app, err).Code)

	// No save dialog in the bridge: the text comes back to copy.
	saved, err := d.SaveExport("json", ids[:1])
	require.NoError(t, err)
	assert.False(t, saved.Saved)
	assert.Contains(t, saved.Content, `"cluster_name"`)
	back, err := d.Import(saved.FileName, saved.Content, "demo")
	require.NoError(t, err, "an export imports again")
	require.Len(t, back.Drafts, 1)
}

func findCluster(t *testing.T, e draftsEnv, name string) compute.ClusterDetails {
	t.Helper()
	w, err := e.mgr.Client(context.Background(), "demo")
	require.NoError(t, err)
	found, err := w.Clusters.ListAll(context.Background(), compute.ListClustersRequest{})
	require.NoError(t, err)
	for _, c := range found {
		if c.ClusterName == name {
			return c
		}
	}
	t.Fatalf("no cluster %q", name)
	return compute.ClusterDetails{}
}

func TestApplyEditsTheClusterOfThatNameAndStartsIt(t *testing.T) {
	e := newDraftsApp(t)
	d := e.app.Drafts
	target := findCluster(t, e, "data-science-shared")
	require.Equal(t, compute.StateTerminated, target.State)

	v, err := d.SaveFromCluster("demo", target.ClusterId, "Forecast")
	require.NoError(t, err)
	assert.Equal(t, "cluster:"+target.ClusterId, v.Source)
	v.Spec["autoscale"] = map[string]any{"min_workers": 1, "max_workers": 4}
	v.Spec["autotermination_minutes"] = 45
	v, err = d.Save(drafts.DraftSave{ID: v.ID, Revision: v.Revision, Name: v.Name, WorkspaceID: "demo", Spec: v.Spec})
	require.NoError(t, err)

	plan, err := d.PlanApply(v.ID, "demo", "")
	require.NoError(t, err)
	assert.False(t, plan.Blocked, "%+v", plan.Check.Items)
	require.NotNil(t, plan.Plan)
	assert.Equal(t, "edit", string(plan.Plan.Action))
	assert.True(t, plan.Plan.OfferStart)
	paths := map[string]clusterspec.Change{}
	for _, c := range plan.Plan.Changes {
		paths[c.Path] = c
	}
	require.Contains(t, paths, "autoscale.max_workers")
	require.Contains(t, paths, "autotermination_minutes")
	assert.Len(t, paths, 2, "only what the draft changes: %+v", plan.Plan.Changes)

	_, err = d.Apply(drafts.ApplyRequest{DraftID: v.ID, WorkspaceID: "demo", Fingerprint: "something else"})
	assert.Equal(t, "PLAN_STALE", uiErr(t, e.app, err).Code)

	out, err := d.Apply(drafts.ApplyRequest{DraftID: v.ID, WorkspaceID: "demo", Fingerprint: plan.Fingerprint, Start: true})
	require.NoError(t, err)
	assert.Equal(t, "edit", out.Action)
	assert.Equal(t, target.ClusterId, out.ClusterID)
	assert.True(t, out.Started)
	require.Len(t, out.Draft.Applied, 1)
	assert.Equal(t, target.ClusterId, out.Draft.Applied[0].ClusterID)

	w, err := e.mgr.Client(context.Background(), "demo")
	require.NoError(t, err)
	got, err := w.Clusters.GetByClusterId(context.Background(), target.ClusterId)
	require.NoError(t, err)
	assert.Equal(t, compute.StatePending, got.State)

	again, err := d.PlanApply(v.ID, "demo", "")
	require.NoError(t, err)
	assert.Equal(t, "noop", string(again.Plan.Action), "%+v", again.Plan.Changes)
}

func TestApplyCreatesOnceAndAdoptsAPendingCreate(t *testing.T) {
	e := newDraftsApp(t)
	d := e.app.Drafts
	spec := map[string]any{"cluster_name": "brand-new", "spark_version": "16.4.x-scala2.12",
		"node_type_id": "Standard_DS3_v2", "num_workers": 1, "autotermination_minutes": 30}
	v, err := d.Create(drafts.DraftInput{Name: "brand new", WorkspaceID: "demo", Spec: spec})
	require.NoError(t, err)
	plan, err := d.PlanApply(v.ID, "demo", "")
	require.NoError(t, err)
	assert.Equal(t, "create", string(plan.Plan.Action))
	out, err := d.Apply(drafts.ApplyRequest{DraftID: v.ID, WorkspaceID: "demo", Fingerprint: plan.Fingerprint})
	require.NoError(t, err)
	assert.Equal(t, "create", out.Action)
	require.NotEmpty(t, out.ClusterID)
	require.Len(t, out.Draft.Applied, 1)
	assert.False(t, out.Draft.Applied[0].Pending)

	// A create whose answer was lost: the cluster exists, tagged with the
	// request id the draft kept. Applying again adopts it.
	w, err := e.mgr.Client(context.Background(), "demo")
	require.NoError(t, err)
	spec["cluster_name"] = "lost-answer"
	v2, err := d.Create(drafts.DraftInput{Name: "lost", WorkspaceID: "demo", Spec: spec})
	require.NoError(t, err)
	made, err := w.Clusters.Create(context.Background(), compute.CreateCluster{ClusterName: "lost-answer",
		SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2", NumWorkers: 1,
		CustomTags: map[string]string{clusterspec.RequestIDTag: "req-lost-1"}})
	require.NoError(t, err)
	_, err = e.store.RecordApply(v2.ID, drafts.ApplyRecord{WorkspaceID: "demo", PendingRequestID: "req-lost-1"})
	require.NoError(t, err)
	pv, err := d.PlanApply(v2.ID, "demo", "")
	require.NoError(t, err)
	assert.True(t, pv.PendingCreate)
	got, err := d.Apply(drafts.ApplyRequest{DraftID: v2.ID, WorkspaceID: "demo", Fingerprint: pv.Fingerprint})
	require.NoError(t, err)
	assert.True(t, got.Adopted)
	assert.Equal(t, made.ClusterId, got.ClusterID)
	list, err := d.List()
	require.NoError(t, err)
	for _, r := range list.Drafts {
		if r.ID == v2.ID {
			require.Len(t, r.Applied, 1)
			assert.Equal(t, made.ClusterId, r.Applied[0].ClusterID)
		}
	}
}

func TestApplyOutcomeUnknownReadsAsSafeToRetry(t *testing.T) {
	f := NewErrorFormatter(errorRules()...)
	ui := f.UIError(netErr(wrapUnknown()))
	assert.Equal(t, "CREATE_OUTCOME_UNKNOWN", ui.Code)
	assert.Contains(t, ui.Hint, "will not create twice")
}

func wrapUnknown() error {
	return &workspaces.ConnectionError{Kind: workspaces.ErrUnreachable, Cause: apply.ErrOutcomeUnknown}
}
