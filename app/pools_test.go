package app

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
)

// The Pools facade end to end on the Demo workspace: the live list, a
// create stopped by a problem at its field, a create, the edit plan, an
// edit, the delete impact and a refused then accepted delete, with the
// errors worded for the page.
func TestPoolsFacadeOnTheDemo(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	srv, err := demo.Start(ctx, demo.Options{Seed: 3, FreezeClock: true})
	require.NoError(t, err)
	a, _ := newCatalogTestApp(t, srv.URL(), srv.Token())

	list, err := a.Pools.List("demo")
	require.NoError(t, err)
	assert.True(t, list.Live)
	assert.Len(t, list.Pools, 3)

	saved, err := a.Pools.Create("demo", `{"instance_pool_name":"","node_type_id":"Standard_DS3_v2"}`)
	require.NoError(t, err)
	require.Len(t, saved.Problems, 1)
	assert.Equal(t, "instance_pool_name", saved.Problems[0].Path)

	saved, err = a.Pools.Create("demo", `{"instance_pool_name":"facade-pool","node_type_id":"Standard_DS3_v2","min_idle_instances":0,"max_capacity":3}`)
	require.NoError(t, err)
	require.NotEmpty(t, saved.ID)
	assert.NotNil(t, saved.Problems, "empty list, not null")

	form, err := a.Pools.Form("demo", saved.ID)
	require.NoError(t, err)
	var spec map[string]any
	require.NoError(t, json.Unmarshal([]byte(form), &spec))
	assert.Equal(t, "facade-pool", spec["instance_pool_name"])
	spec["max_capacity"] = 6
	raw, _ := json.Marshal(spec)
	plan, err := a.Pools.PlanEdit("demo", saved.ID, string(raw))
	require.NoError(t, err)
	assert.Len(t, plan.Changes, 1)
	_, err = a.Pools.Edit("demo", saved.ID, string(raw))
	require.NoError(t, err)

	im, err := a.Pools.Impact("demo", saved.ID)
	require.NoError(t, err)
	assert.Equal(t, "facade-pool", im.Name)
	assert.NotNil(t, im.Running)

	saver := &recordingSaver{}
	a.Pools.files = saver
	file, err := a.Pools.SaveExport("demo", saved.ID, "terraform")
	require.NoError(t, err)
	assert.Equal(t, SavedFile{Saved: true, Path: "/chosen/facade_pool.tf"}, file)
	assert.Contains(t, saver.data, `resource "databricks_instance_pool" "facade_pool"`)
	_, err = a.Pools.SaveExport("demo", saved.ID, "yaml")
	assert.Equal(t, "BAD_EXPORT_FORMAT", a.errors.UIError(err).Code)

	err = a.Pools.Delete("demo", saved.ID, "FACADE-POOL")
	require.Error(t, err)
	assert.Equal(t, "NAME_MISMATCH", a.errors.UIError(err).Code)
	require.NoError(t, a.Pools.Delete("demo", saved.ID, "facade-pool"))
	_, err = a.Pools.Export("demo", saved.ID)
	assert.Equal(t, "POOL_NOT_FOUND", a.errors.UIError(err).Code)

	_, err = a.Pools.Create("demo", `{not json`)
	assert.Equal(t, "BAD_POOL_SPEC", a.errors.UIError(err).Code)
	_, err = a.Pools.List("nope")
	assert.Equal(t, "UNKNOWN_WORKSPACE", a.errors.UIError(err).Code)
}

type recordingSaver struct{ data string }

func (r *recordingSaver) SaveFile(_ context.Context, name string, data []byte) (string, error) {
	r.data = string(data)
	return "/chosen/" + name, nil
}
