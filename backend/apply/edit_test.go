package apply

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The editor opens a cluster by id: a rename is an ordinary change, not a
// different cluster.
func TestPlanEditByID(t *testing.T) {
	srv := startDemo(t)
	w := sdkClient(t, srv.URL(), srv.Token())
	ctx := testCtx(t)
	id := createRunning(t, srv, w, baseSpec("etl"))

	renamed := baseSpec("etl-nightly")
	p, err := PlanEdit(ctx, w.Clusters, renamed, id)
	require.NoError(t, err)
	assert.Equal(t, ActionEdit, p.Action)
	assert.True(t, p.RestartRequired)
	assert.Equal(t, []string{"cluster_name"}, paths(p.Changes))

	bigger := baseSpec("etl")
	bigger.NumWorkers = 5
	p, err = PlanEdit(ctx, w.Clusters, bigger, id)
	require.NoError(t, err)
	assert.Equal(t, ActionResize, p.Action)
	assert.False(t, p.RestartRequired)

	p, err = PlanEdit(ctx, w.Clusters, baseSpec("etl"), id)
	require.NoError(t, err)
	assert.Equal(t, ActionNoop, p.Action)

	_, err = PlanEdit(ctx, w.Clusters, baseSpec("etl"), "no-such-cluster")
	assert.Error(t, err)
}

// Libraries are installed after a save: an unchanged spec with libraries
// to install still has work to do.
func TestPlanWithLibrariesHasWork(t *testing.T) {
	cases := []struct {
		name   string
		action Action
		libs   []compute.Library
		want   bool
		labels []LibraryInstall
	}{
		{name: "noop without libraries", action: ActionNoop, want: false},
		{name: "noop with libraries", action: ActionNoop, want: true,
			libs:   []compute.Library{{Pypi: &compute.PythonPyPiLibrary{Package: "plotly"}}, {Jar: "/Volumes/a/b.jar"}},
			labels: []LibraryInstall{{Kind: "pypi", Label: "plotly"}, {Kind: "jar", Label: "/Volumes/a/b.jar"}}},
		{name: "edit", action: ActionEdit, want: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &Plan{Action: c.action}
			p.AddLibraries(c.libs)
			assert.Equal(t, c.want, p.HasWork())
			assert.Equal(t, c.labels, p.Libraries)
		})
	}
}
