package app

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/check"
	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/editor"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/rates"
)

func TestEditorRateSettingsKeepTheUsersOwnEntries(t *testing.T) {
	a, _ := newEditorTestApp(t)
	s, err := a.Editor.RateSettings()
	require.NoError(t, err)
	assert.Empty(t, s.User.Rates)
	assert.Empty(t, s.LoadError)
	require.NotEmpty(t, s.Defaults.Rates)

	_, err = a.Editor.SaveRates(policyeval.RateTable{Rates: map[string]float64{"Standard_DS3_v2": 9}, PhotonMultiplier: 3,
		Families: []policyeval.FamilyRate{{Cloud: "azure", Prefix: "Standard_E", DBUPerCore: 0.5}}})
	require.NoError(t, err)
	raw, err := os.ReadFile(a.Editor.rates.Path())
	require.NoError(t, err)
	var onDisk policyeval.RateTable
	require.NoError(t, json.Unmarshal(raw, &onDisk))
	assert.Equal(t, map[string]float64{"Standard_DS3_v2": 9}, onDisk.Rates, "only the user's entries are written, not the merged table")
	s, err = a.Editor.RateSettings()
	require.NoError(t, err)
	assert.Equal(t, 9.0, s.User.Rates["Standard_DS3_v2"])
	assert.Equal(t, 3.0, s.User.PhotonMultiplier)
	assert.Equal(t, 9.0, s.Effective.Rates["Standard_DS3_v2"])
	assert.Equal(t, s.Defaults.Rates["Standard_DS4_v2"], s.Effective.Rates["Standard_DS4_v2"], "built-in entries still apply")

	_, err = a.Editor.SaveRates(policyeval.RateTable{Rates: map[string]float64{"x": -1}})
	assert.ErrorIs(t, err, ErrInvalidRates)
	assert.Equal(t, "INVALID_RATES", a.errors.UIError(err).Code)

	s, err = a.Editor.ResetRates()
	require.NoError(t, err)
	assert.Empty(t, s.User.Rates)
	assert.Equal(t, s.Defaults.Rates["Standard_DS3_v2"], s.Effective.Rates["Standard_DS3_v2"])
	_, err = os.Stat(a.Editor.rates.Path())
	assert.ErrorIs(t, err, os.ErrNotExist)
}

func TestEditorBrokenRateFileIsReported(t *testing.T) {
	a, _ := newEditorTestApp(t)
	require.NoError(t, os.MkdirAll(filepath.Dir(a.Editor.rates.Path()), 0o700))
	require.NoError(t, os.WriteFile(a.Editor.rates.Path(), []byte(`{"rates":{"Standard_DS3_v2":"cheap"}}`), 0o600))
	s, err := a.Editor.RateSettings()
	require.NoError(t, err)
	assert.Contains(t, s.LoadError, "not valid JSON")
	ev, err := a.Editor.Evaluate("demo", `{"node_type_id":"Standard_DS3_v2","num_workers":1}`, false)
	require.NoError(t, err)
	require.Len(t, ev.Notes, 1)
	assert.Contains(t, ev.Notes[0], "could not be read")
	assert.Contains(t, ev.Notes[0], "built-in rates")
}

func TestEditorWarnsAboutUnknownFields(t *testing.T) {
	a, _ := newEditorTestApp(t)
	spec := `{"cluster_name":"x","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","num_workers":1,
		"some_future_field":true,"autoscale_typo":{},"docker_image":{"url":"u","pull_policy":"always"},
		"libraries":[{"pypi":{"package":"x"}}]}`
	ev, err := a.Editor.Evaluate("demo", spec, false)
	require.NoError(t, err)
	unknown := map[string]editor.Problem{}
	for _, p := range ev.Problems {
		if p.Code == "unknown_field" {
			unknown[p.Path] = p
		}
	}
	assert.Len(t, unknown, 3)
	for _, path := range []string{"some_future_field", "autoscale_typo", "docker_image.pull_policy"} {
		require.Contains(t, unknown, path)
		assert.Equal(t, "warning", unknown[path].Severity, "a warning: the user may keep it")
		assert.Equal(t, clusterspec.UnknownFieldMessage(path), unknown[path].Message, "one wording everywhere")
	}
}

// Editor JSON → decode → create and edit requests: every field the SDK
// knows arrives, whatever the form did with it.
func TestEditorJSONKeepsEveryKnownField(t *testing.T) {
	specs := []string{
		`{"cluster_name":"etl","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS4_v2","driver_node_type_id":"Standard_DS3_v2",
		 "autoscale":{"min_workers":2,"max_workers":8},"azure_attributes":{"availability":"SPOT_WITH_FALLBACK_AZURE","first_on_demand":1,"spot_bid_max_price":-1},
		 "spark_conf":{"spark.sql.shuffle.partitions":"64"},"spark_env_vars":{"A":"b"},"custom_tags":{"team":"de"},
		 "init_scripts":[{"workspace":{"destination":"/Users/a/init.sh"}},{"abfss":{"destination":"abfss://c@a.dfs.core.windows.net/i.sh"}}],
		 "cluster_log_conf":{"volumes":{"destination":"/Volumes/a/b/c"}},"docker_image":{"url":"img","basic_auth":{"username":"u","password":"p"}},
		 "workload_type":{"clients":{"notebooks":true,"jobs":false}},"autotermination_minutes":60,"enable_local_disk_encryption":true,
		 "data_security_mode":"SINGLE_USER","single_user_name":"a@example.com","runtime_engine":"PHOTON","policy_id":"P1","ssh_public_keys":["k"]}`,
		`{"cluster_name":"gcp","spark_version":"15.4.x-scala2.12","node_type_id":"n2-standard-4","num_workers":2,
		 "gcp_attributes":{"availability":"PREEMPTIBLE_WITH_FALLBACK_GCP","google_service_account":"sa@x.iam.gserviceaccount.com","local_ssd_count":1,"zone_id":"HA"},
		 "init_scripts":[{"gcs":{"destination":"gs://b/i.sh"}}],"enable_elastic_disk":true}`,
		`{"cluster_name":"pool","spark_version":"16.4.x-scala2.12","instance_pool_id":"p1","driver_instance_pool_id":"p2","num_workers":3,
		 "aws_attributes":{"availability":"SPOT"},"node_type_id":"dropped-with-a-pool"}`,
		`{"cluster_name":"single","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","num_workers":0,"is_single_node":true,"kind":"CLASSIC_PREVIEW",
		 "use_ml_runtime":true,"libraries":[{"pypi":{"package":"plotly"}},{"maven":{"coordinates":"a:b:1"}}]}`,
	}
	for i, raw := range specs {
		spec, libs, err := check.Sendable([]byte(raw))
		require.NoError(t, err, i)
		var in map[string]any
		require.NoError(t, json.Unmarshal([]byte(raw), &in))
		wantLibs, _ := in["libraries"].([]any)
		assert.Len(t, libs, len(wantLibs))
		delete(in, "libraries")
		if in["instance_pool_id"] != nil { // Clean drops what the API refuses next to a pool
			delete(in, "node_type_id")
			delete(in, "aws_attributes")
		}
		create, err := clusterspec.ToCreate(spec)
		require.NoError(t, err)
		update, err := clusterspec.ToUpdate("c-1", spec, nil)
		require.NoError(t, err)
		for name, req := range map[string]any{"create": create, "update": update.Cluster} {
			out, err := json.Marshal(req)
			require.NoError(t, err)
			var got map[string]any
			require.NoError(t, json.Unmarshal(out, &got))
			for k, v := range in {
				assert.Equal(t, v, got[k], "spec %d %s: %s", i, name, k)
			}
		}
	}
}

func TestEditorPlanInstallsLibrariesOnAnUnchangedCluster(t *testing.T) {
	a, srv := newEditorTestApp(t)
	spec := map[string]any{"cluster_name": "libs-only", "spark_version": "16.4.x-scala2.12", "node_type_id": "Standard_DS3_v2",
		"num_workers": 1, "autotermination_minutes": 60}
	reqID, _ := a.Editor.NewRequestID()
	created, err := a.Editor.Create("demo", specJSON(t, spec), reqID, "")
	require.NoError(t, err)
	waitRunning(t, a, srv, created.ClusterID)

	target, err := a.Editor.GetForEdit("demo", created.ClusterID)
	require.NoError(t, err)
	var opened map[string]any
	require.NoError(t, json.Unmarshal([]byte(target.Spec), &opened))
	assert.NotContains(t, opened, "driver_node_type_id", "the requested spec keeps \"same as worker\"")

	opened["libraries"] = []any{map[string]any{"pypi": map[string]any{"package": "plotly==5.22.0"}}}
	plan, err := a.Editor.PlanEdit("demo", created.ClusterID, specJSON(t, opened))
	require.NoError(t, err)
	assert.Equal(t, "noop", string(plan.Action))
	assert.Empty(t, plan.Changes)
	require.Len(t, plan.Libraries, 1)
	assert.Equal(t, "pypi", plan.Libraries[0].Kind)
	assert.Equal(t, "plotly==5.22.0", plan.Libraries[0].Label)
	assert.True(t, plan.HasWork())

	res, err := a.Editor.Edit("demo", created.ClusterID, specJSON(t, opened), plan.Fingerprint, "")
	require.NoError(t, err)
	assert.Equal(t, 1, res.Libraries)
	assert.False(t, res.Restarted)
	w, err := a.Editor.svc.Client(context.Background(), "demo")
	require.NoError(t, err)
	st, err := w.Libraries.ClusterStatusByClusterId(context.Background(), created.ClusterID)
	require.NoError(t, err)
	found := false
	for _, l := range st.LibraryStatuses {
		found = found || (l.Library != nil && l.Library.Pypi != nil && l.Library.Pypi.Package == "plotly==5.22.0")
	}
	assert.True(t, found, "installed on the cluster")
}

// The workspace does not check dbus_per_hour against the user's rate
// table; this app does. With a table that puts the cluster over the
// limit, the verdicts disagree, and the check must say so.
func TestEditorServerCheckUsesTheRateTable(t *testing.T) {
	a, srv := newEditorTestApp(t)
	ctx := context.Background()
	w, err := a.Editor.svc.Client(ctx, "demo")
	require.NoError(t, err)
	pol, err := w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "DBU capped",
		Definition: `{"dbus_per_hour":{"type":"range","maxValue":20,"isOptional":true}}`})
	require.NoError(t, err)
	_, err = a.Editor.RefreshCatalog("demo")
	require.NoError(t, err)
	spec := map[string]any{"cluster_name": "capped", "policy_id": pol.PolicyId, "spark_version": "16.4.x-scala2.12",
		"node_type_id": "Standard_DS3_v2", "num_workers": 2, "autotermination_minutes": 60}
	reqID, _ := a.Editor.NewRequestID()
	created, err := a.Editor.Create("demo", specJSON(t, spec), reqID, "")
	require.NoError(t, err)
	waitRunning(t, a, srv, created.ClusterID)

	verdict, err := a.Editor.CheckWithServer("demo", created.ClusterID, specJSON(t, spec))
	require.NoError(t, err)
	assert.True(t, verdict.Agree, "built-in rates: under the cap on both sides (ours %v)", verdict.Ours)

	_, err = a.Editor.SaveRates(policyeval.RateTable{Rates: map[string]float64{"Standard_DS3_v2": 10}})
	require.NoError(t, err)
	verdict, err = a.Editor.CheckWithServer("demo", created.ClusterID, specJSON(t, spec))
	require.NoError(t, err)
	assert.True(t, verdict.ServerCompliant)
	assert.False(t, verdict.Agree)
	require.Len(t, verdict.Ours, 1)
	assert.Equal(t, "dbus_per_hour", verdict.Ours[0].Path)
	assert.Contains(t, verdict.Ours[0].Message, "30")
}

func waitRunning(t *testing.T, a *App, srv *demo.Server, clusterID string) {
	t.Helper()
	for i := 0; i < 100; i++ {
		target, err := a.Editor.GetForEdit("demo", clusterID)
		require.NoError(t, err)
		if target.State == string(compute.StateRunning) {
			return
		}
		srv.Clock().Advance(10 * time.Second)
	}
	t.Fatalf("cluster %s never ran", clusterID)
}

func TestEditorSaveRatesWriteFailureIsNotAnInvalidEntry(t *testing.T) {
	a, _ := newEditorTestApp(t)
	// The rate file's folder is a regular file: the write fails with valid entries.
	blocker := filepath.Join(t.TempDir(), "not-a-folder")
	require.NoError(t, os.WriteFile(blocker, nil, 0o600))
	a.Editor.rates = rates.NewStore(filepath.Join(blocker, policyeval.RateFileName))

	_, err := a.Editor.SaveRates(policyeval.RateTable{Rates: map[string]float64{"Standard_DS3_v2": 9}})
	require.Error(t, err)
	assert.NotErrorIs(t, err, ErrInvalidRates)
	assert.NotEqual(t, "INVALID_RATES", a.errors.UIError(err).Code, "an I/O failure must not be reported as an entry out of range")

	_, err = a.Editor.SaveRates(policyeval.RateTable{Rates: map[string]float64{"x": -1}})
	assert.ErrorIs(t, err, ErrInvalidRates)
	assert.ErrorIs(t, err, policyeval.ErrInvalidRateTable)
}
