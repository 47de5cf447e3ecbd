package app

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/warehouses"
)

// The Warehouses facade end to end on the Demo workspace: a check and a
// create stopped by problems at their fields, a create, the form, the edit
// plan with its restart, an edit, the three exports and a save, with the
// errors worded for the page.
func TestWarehousesFacadeOnTheDemo(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	srv, err := demo.Start(ctx, demo.Options{Seed: 3, FreezeClock: true})
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	a, _ := newCatalogTestApp(t, srv.URL(), srv.Token())

	problems, err := a.Warehouses.Check("demo", `{"name":"Analytics Pro","cluster_size":"Small","auto_stop_mins":5}`)
	require.NoError(t, err)
	assert.Equal(t, []string{"name", "auto_stop_mins"}, pathsOf(problems))
	problems, err = a.Warehouses.Check("demo", `{"name":"facade-wh","cluster_size":"Small"}`)
	require.NoError(t, err)
	assert.NotNil(t, problems, "an empty list, not null")
	assert.Empty(t, problems)

	saved, err := a.Warehouses.Create("demo", `{"name":"","cluster_size":"Small"}`)
	require.NoError(t, err)
	assert.Equal(t, []string{"name"}, pathsOf(saved.Problems))
	assert.Empty(t, saved.ID)

	saved, err = a.Warehouses.Create("demo", `{"name":"facade-wh","cluster_size":"Small","max_num_clusters":2,"auto_stop_mins":0,"warehouse_type":"PRO"}`)
	require.NoError(t, err)
	require.NotEmpty(t, saved.ID)
	assert.NotNil(t, saved.Problems)
	srv.Clock().Advance(time.Minute) // running: an edit's state

	form, err := a.Warehouses.Form("demo", saved.ID)
	require.NoError(t, err)
	var spec map[string]any
	require.NoError(t, json.Unmarshal([]byte(form), &spec))
	assert.Equal(t, "facade-wh", spec["name"])
	assert.EqualValues(t, 0, spec["auto_stop_mins"], "never stopping is in the form")
	spec["cluster_size"] = "Medium"
	raw, _ := json.Marshal(spec)
	plan, err := a.Warehouses.PlanEdit("demo", saved.ID, string(raw))
	require.NoError(t, err)
	require.Len(t, plan.Changes, 1)
	assert.Equal(t, "cluster_size", plan.Changes[0].Path)
	assert.True(t, plan.Restarts)
	assert.NotEmpty(t, plan.Notice)
	edited, err := a.Warehouses.Edit("demo", saved.ID, string(raw))
	require.NoError(t, err)
	assert.Empty(t, edited.Problems)

	ex, err := a.Warehouses.Export("demo", saved.ID)
	require.NoError(t, err)
	assert.Contains(t, ex.JSON, `"cluster_size": "Medium"`)
	assert.Contains(t, ex.Bundle, "sql_warehouses:")
	saver := &recordingSaver{}
	a.Warehouses.files = saver
	file, err := a.Warehouses.SaveExport("demo", saved.ID, "terraform")
	require.NoError(t, err)
	assert.Equal(t, SavedFile{Saved: true, Path: "/chosen/facade_wh.tf"}, file)
	assert.Contains(t, saver.data, `resource "databricks_sql_endpoint" "facade_wh"`)
	file, err = a.Warehouses.SaveExport("demo", saved.ID, "bundle")
	require.NoError(t, err)
	assert.Equal(t, "/chosen/facade_wh.yml", file.Path)
	_, err = a.Warehouses.SaveExport("demo", saved.ID, "yaml")
	assert.Equal(t, "BAD_EXPORT_FORMAT", a.errors.UIError(err).Code)

	_, err = a.Warehouses.Create("demo", `{not json`)
	assert.Equal(t, "BAD_WAREHOUSE_SPEC", a.errors.UIError(err).Code)
	_, err = a.Warehouses.Form("demo", "no-such-warehouse")
	assert.Equal(t, "WAREHOUSE_NOT_FOUND", a.errors.UIError(err).Code)
	_, err = a.Warehouses.Check("nope", `{}`)
	assert.Equal(t, "UNKNOWN_WORKSPACE", a.errors.UIError(err).Code)
}

func pathsOf(ps []warehouses.Problem) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, p.Path)
	}
	return out
}

// History, load and connection through the facade on the Demo workspace,
// and a deleted warehouse worded as gone.
func TestWarehouseHistoryLoadConnectionFacade(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	srv, err := demo.Start(ctx, demo.Options{Seed: 3, FreezeClock: true})
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	a, _ := newCatalogTestApp(t, srv.URL(), srv.Token())
	const reporting = "8e0a2c4b6d5f7193" // Always-on Reporting: a report runs, one waits

	for _, tc := range []struct {
		name     string
		users    []string
		statuses []string
		running  bool
	}{
		{"all", nil, nil, true},
		{"failed", nil, []string{"FAILED"}, false},
		{"one user, live", []string{"demo.user@example.com"}, []string{"RUNNING"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page, err := a.Warehouses.History("demo", reporting, tc.users, tc.statuses, "")
			require.NoError(t, err)
			require.NotEmpty(t, page.Rows)
			assert.Equal(t, tc.running, page.Running)
			if page.NextPageToken != "" {
				next, err := a.Warehouses.History("demo", reporting, nil, nil, page.NextPageToken)
				require.NoError(t, err)
				assert.NotEqual(t, page.Rows[0].ID, next.Rows[0].ID)
			}
		})
	}
	_, err = a.Warehouses.History("demo", reporting, nil, []string{"DONE"}, "")
	assert.Equal(t, "BAD_HISTORY_FILTER", a.errors.UIError(err).Code)

	load, err := a.Warehouses.Load("demo", reporting, 24)
	require.NoError(t, err)
	assert.NotEmpty(t, load.Points)
	assert.True(t, load.ClustersKnown, load.ClustersNote)
	_, err = a.Warehouses.Load("demo", reporting, 0)
	assert.Equal(t, "BAD_LOAD_RANGE", a.errors.UIError(err).Code)

	conn, err := a.Warehouses.Connection("demo", reporting)
	require.NoError(t, err)
	assert.Equal(t, "/sql/1.0/warehouses/"+reporting, conn.HTTPPath)
	assert.NotContains(t, conn.JDBCURL, srv.Token())

	require.NoError(t, a.Warehouses.Stop("demo", reporting))
	srv.Clock().Advance(time.Minute)
	require.NoError(t, a.Warehouses.Delete("demo", reporting, "Always-on Reporting"))
	srv.Clock().Advance(time.Minute)
	_, err = a.Warehouses.History("demo", reporting, nil, nil, "")
	assert.Equal(t, "WAREHOUSE_NOT_FOUND", a.errors.UIError(err).Code)
	_, err = a.Warehouses.Load("demo", reporting, 1)
	assert.Equal(t, "WAREHOUSE_NOT_FOUND", a.errors.UIError(err).Code)
	_, err = a.Warehouses.Connection("demo", reporting)
	assert.Equal(t, "WAREHOUSE_NOT_FOUND", a.errors.UIError(err).Code)
}
