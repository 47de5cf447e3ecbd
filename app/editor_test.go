package app

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/check"
	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/editor"
	"github.com/clusterdeck/clusterdeck/backend/metrics"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/rates"
	"github.com/clusterdeck/clusterdeck/backend/services"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// newEditorTestApp wires the editor like main.go does, over a demo
// workspace whose clock moves only when the test advances it.
func newEditorTestApp(t *testing.T) (*App, *demo.Server) {
	t.Helper()
	return newEditorTestAppWith(t, nil)
}

// newEditorTestAppWith is newEditorTestApp with the page's events going to em.
func newEditorTestAppWith(t *testing.T, em Emitter) (*App, *demo.Server) {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	srv, err := demo.Start(ctx, demo.Options{Seed: 3, FreezeClock: true})
	require.NoError(t, err)
	paths := workspaces.Paths{Config: filepath.Join(home, "config"), Cache: filepath.Join(home, "cache"), Data: filepath.Join(home, "data")}
	mgr, err := workspaces.NewManager(workspaces.Deps{Paths: paths, Secrets: credentials.NewMemoryStore(), Home: home,
		LookupEnv: func(string) (string, bool) { return "", false }})
	require.NoError(t, err)
	mgr.SetDemo(workspaces.Demo{URL: srv.URL(), Token: srv.Token()})
	refresher := catalog.NewRefresher(catalog.NewCache(filepath.Join(paths.Cache, "catalog")), mgr.Client, catalog.RefresherOptions{})
	return New(Deps{Emitter: em, Inputs: services.Inputs{Session: session.New(mgr, session.Options{}), Clients: mgr, Manager: mgr, Catalog: refresher,
		Rates: rates.NewStore(filepath.Join(paths.Config, policyeval.RateFileName))}}), srv
}

func policyNamed(t *testing.T, c catalog.EditorCatalog, name string) policyeval.Info {
	t.Helper()
	for _, p := range c.Policies {
		if p.Name == name {
			return p
		}
	}
	t.Fatalf("policy %q not offered", name)
	return policyeval.Info{}
}

func specJSON(t *testing.T, m map[string]any) string {
	t.Helper()
	raw, err := json.Marshal(m)
	require.NoError(t, err)
	return string(raw)
}

func TestEditorCatalogFromTheCache(t *testing.T) {
	a, _ := newEditorTestApp(t)
	c, err := a.Editor.Catalog("demo")
	require.NoError(t, err)
	assert.Equal(t, "azure", c.Cloud)
	assert.NotEmpty(t, c.FetchedAt, "fetched into the cache on first use")
	assert.NotEmpty(t, c.NodeTypes)
	assert.NotEmpty(t, c.Pools)
	groups := map[string]bool{}
	for _, r := range c.Runtimes {
		groups[r.Group] = true
	}
	for _, g := range []string{"LTS", "Standard", "ML", "GPU"} {
		assert.True(t, groups[g], "runtime group %s", g)
	}
	names := []string{}
	for _, p := range c.Policies {
		names = append(names, p.Name)
	}
	assert.Contains(t, names, "Data Engineering Standard")
	assert.NotContains(t, names, "Job Compute", "job-only policies are not offered for all-purpose compute")
	assert.Equal(t, int64(1), policyNamed(t, c, "Personal Compute").MaxClustersPerUser)

	_, err = a.Editor.Catalog("nope")
	assert.ErrorIs(t, err, session.ErrUnknownWorkspace)
}

func TestEditorEvaluatePutsEveryProblemAtItsField(t *testing.T) {
	a, _ := newEditorTestApp(t)
	c, err := a.Editor.Catalog("demo")
	require.NoError(t, err)
	de := policyNamed(t, c, "Data Engineering Standard")

	// Picking the policy: its fixed values and defaults come back to fill in.
	ev, err := a.Editor.Evaluate("demo", specJSON(t, map[string]any{"policy_id": de.ID, "x_unknown": 1}), true)
	require.NoError(t, err)
	applied := map[string]any{}
	for _, ch := range ev.Applied {
		applied[ch.Path] = ch.Value
	}
	assert.Equal(t, "data-engineering", applied["custom_tags.team"])
	assert.Equal(t, "SPOT_WITH_FALLBACK_AZURE", applied["azure_attributes.availability"])
	require.NotNil(t, ev.Policy)
	assert.NotEmpty(t, ev.Constraints)

	spec := map[string]any{"cluster_name": "", "policy_id": de.ID, "spark_version": "16.4.x-scala2.12",
		"node_type_id": "Standard_DS4_v2", "driver_node_type_id": "Standard_DS3_v2", "num_workers": "two",
		"autotermination_minutes": 200, "azure_attributes": map[string]any{"availability": "SPOT_WITH_FALLBACK_AZURE"},
		"custom_tags": map[string]any{"team": "data-engineering"}, "spark_conf": map[string]any{"spark.databricks.io.cache.enabled": "true"},
		"libraries": []any{map[string]any{"maven": map[string]any{"coordinates": "not-a-coordinate"}}}}
	ev, err = a.Editor.Evaluate("demo", specJSON(t, spec), false)
	require.NoError(t, err)
	byPath := map[string]editor.Problem{}
	for _, p := range ev.Problems {
		if _, seen := byPath[p.Path]; !seen || p.Source == "json" {
			byPath[p.Path] = p
		}
	}
	assert.Equal(t, "policy", byPath["autotermination_minutes"].Source)
	assert.Contains(t, byPath["autotermination_minutes"].Message, "120")
	assert.Equal(t, "spec", byPath["cluster_name"].Source)
	assert.Equal(t, "json", byPath["num_workers"].Source)
	assert.Equal(t, `num_workers must be a whole number from 0 to 2147483647, not the text "two".`, byPath["num_workers"].Message)
	assert.Contains(t, byPath, "libraries.0.maven.coordinates")
	assert.Equal(t, ev.Errors, len(ev.Problems)-ev.Warnings)
	require.NotNil(t, ev.Estimate, "a DBU estimate from the rate table")
	require.NotNil(t, ev.Cost, "DBU/h even before any price is set")
	assert.Zero(t, ev.Cost.PricePerDBU)
	assert.Equal(t, ev.Estimate.DBUsPerHour, ev.Cost.DBUsPerHour)

	// A price per DBU set in Prices… turns the estimate into money at once.
	require.NoError(t, a.Metrics.SetPrices("demo", metrics.Prices{AllPurpose: 0.55}))
	ev, err = a.Editor.Evaluate("demo", specJSON(t, spec), false)
	require.NoError(t, err)
	require.NotNil(t, ev.Cost)
	assert.Equal(t, "ALL_PURPOSE_COMPUTE", ev.Cost.SKU)
	assert.InDelta(t, ev.Estimate.DBUsPerHour*0.55, ev.Cost.DollarsPerHour, 0.01)

	ev, err = a.Editor.Evaluate("demo", "{not json", false)
	require.NoError(t, err)
	require.Len(t, ev.Problems, 1)
	assert.Equal(t, "invalid_json", ev.Problems[0].Code)
}

func TestEditorCreateEditAndServerCheck(t *testing.T) {
	a, srv := newEditorTestApp(t)
	c, err := a.Editor.Catalog("demo")
	require.NoError(t, err)
	de := policyNamed(t, c, "Data Engineering Standard")
	spec := map[string]any{"cluster_name": "editor-etl", "policy_id": de.ID, "spark_version": "16.4.x-scala2.12",
		"node_type_id": "Standard_DS4_v2", "driver_node_type_id": "Standard_DS3_v2", "num_workers": 2,
		"autotermination_minutes": 200, "azure_attributes": map[string]any{"availability": "SPOT_WITH_FALLBACK_AZURE"},
		"custom_tags": map[string]any{"team": "data-engineering"}, "spark_conf": map[string]any{"spark.databricks.io.cache.enabled": "true"},
		"libraries": []any{map[string]any{"pypi": map[string]any{"package": "plotly==5.22.0"}}}}

	reqID, err := a.Editor.NewRequestID()
	require.NoError(t, err)
	_, err = a.Editor.Create("demo", specJSON(t, spec), reqID, "")
	require.ErrorIs(t, err, check.ErrSpecHasProblems, "a spec the policy refuses is not sent")
	assert.Equal(t, "SPEC_HAS_PROBLEMS", a.errors.UIError(err).Code)

	spec["autotermination_minutes"] = 60
	created, err := a.Editor.Create("demo", specJSON(t, spec), reqID, "")
	require.NoError(t, err)
	require.NotEmpty(t, created.ClusterID)
	assert.Equal(t, 1, created.Libraries)
	again, err := a.Editor.Create("demo", specJSON(t, spec), reqID, "")
	require.NoError(t, err)
	assert.Equal(t, created.ClusterID, again.ClusterID, "a retried create never makes a second cluster")

	target, err := a.Editor.GetForEdit("demo", created.ClusterID)
	require.NoError(t, err)
	assert.Equal(t, "PENDING", target.State)
	assert.False(t, target.Editable)
	assert.Contains(t, target.Reason, "wait until this transition ends", "the state → actions table says why")
	var got map[string]any
	require.NoError(t, json.Unmarshal([]byte(target.Spec), &got))
	assert.Equal(t, "editor-etl", got["cluster_name"])
	assert.NotContains(t, got["custom_tags"], "clusterdeck_request_id")

	for i := 0; i < 100; i++ {
		if target, _ = a.Editor.GetForEdit("demo", created.ClusterID); target.State == string(compute.StateRunning) {
			break
		}
		srv.Clock().Advance(10 * time.Second)
	}
	require.True(t, target.Editable, target.Reason)

	spec["num_workers"] = 4
	plan, err := a.Editor.PlanEdit("demo", created.ClusterID, specJSON(t, spec))
	require.NoError(t, err)
	assert.Equal(t, "resize", string(plan.Action))
	assert.False(t, plan.RestartRequired)

	spec["autotermination_minutes"] = 90
	plan, err = a.Editor.PlanEdit("demo", created.ClusterID, specJSON(t, spec))
	require.NoError(t, err)
	assert.Equal(t, "edit", string(plan.Action))
	assert.True(t, plan.RestartRequired)
	paths := []string{}
	for _, ch := range plan.Changes {
		paths = append(paths, ch.Path)
	}
	assert.Equal(t, []string{"autotermination_minutes", "num_workers"}, paths)

	_, err = a.Editor.Edit("demo", created.ClusterID, specJSON(t, spec), "", "")
	require.ErrorIs(t, err, apply.ErrPlanStale, "nothing is saved without the reviewed plan")
	assert.Equal(t, "PLAN_STALE", a.errors.UIError(err).Code)
	res, err := a.Editor.Edit("demo", created.ClusterID, specJSON(t, spec), plan.Fingerprint, "")
	require.NoError(t, err)
	assert.Equal(t, "edit", res.Action)
	assert.True(t, res.Restarted)

	verdict, err := a.Editor.CheckWithServer("demo", created.ClusterID, specJSON(t, spec))
	require.NoError(t, err)
	assert.True(t, verdict.ServerCompliant)
	assert.True(t, verdict.Agree, "server %v, ours %v", verdict.Server, verdict.Ours)
	assert.False(t, verdict.DraftDiffers)

	_, err = a.Editor.CheckWithServer("demo", "", "{}")
	assert.ErrorIs(t, err, ErrNoServerCheck)
}

func TestEditorRates(t *testing.T) {
	a, _ := newEditorTestApp(t)
	table, err := a.Editor.Rates()
	require.NoError(t, err)
	require.NotEmpty(t, table.Rates)
	saved, err := a.Editor.SaveRates(policyeval.RateTable{Rates: map[string]float64{"Standard_DS3_v2": 9}})
	require.NoError(t, err)
	assert.Equal(t, 9.0, saved.Rates["Standard_DS3_v2"])
	again, _ := a.Editor.Rates()
	assert.Equal(t, 9.0, again.Rates["Standard_DS3_v2"])
}
