package apply

import (
	"context"
	"fmt"
	"testing"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
)

func paths(cs []clusterspec.Change) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Path)
	}
	return out
}

func TestPlanEnsureByName(t *testing.T) {
	srv := startDemo(t)
	w := sdkClient(t, srv.URL(), srv.Token())
	ctx := testCtx(t)
	creator, err := NewCreator(w)
	require.NoError(t, err)
	applier := NewApplier(w.Clusters, w.Libraries, creator)

	// No cluster: create, with every draft field as an addition.
	spec := baseSpec("bi-shared")
	p, err := PlanEnsure(ctx, w, spec)
	require.NoError(t, err)
	assert.Equal(t, ActionCreate, p.Action)
	assert.Contains(t, paths(p.Changes), "spark_conf.spark.sql.shuffle.partitions")
	res, err := applier.Apply(ctx, p, spec, ApplyOptions{})
	require.NoError(t, err)
	id := res.ClusterID
	waitState(t, srv, w, id, compute.StateRunning)

	// Same spec: nothing to do (server defaults such as the driver node type do not count).
	p, err = PlanEnsure(ctx, w, spec)
	require.NoError(t, err)
	assert.Equal(t, ActionNoop, p.Action, "%v", p.Changes)
	assert.Equal(t, id, p.ClusterID)
	assert.False(t, p.OfferStart)

	// Only the size: resize, no restart.
	bigger := spec
	bigger.NumWorkers = 4
	p, err = PlanEnsure(ctx, w, bigger)
	require.NoError(t, err)
	assert.Equal(t, ActionResize, p.Action)
	require.Len(t, p.Changes, 1)
	assert.Equal(t, clusterspec.Change{Path: "num_workers", Field: "num_workers", Kind: clusterspec.Changed,
		Old: jsonNum("2"), New: jsonNum("4")}, p.Changes[0])
	assert.False(t, p.RestartRequired)
	_, err = applier.Apply(ctx, p, bigger, ApplyOptions{})
	require.NoError(t, err)
	waitState(t, srv, w, id, compute.StateRunning)
	d, err := w.Clusters.GetByClusterId(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, 4, d.NumWorkers)

	// Spark conf with a dotted key: edit, restart because it runs.
	edited := bigger
	edited.SparkConf = map[string]string{"spark.sql.shuffle.partitions": "128"}
	edited.CustomTags = map[string]string{"team": "bi"}
	p, err = PlanEnsure(ctx, w, edited)
	require.NoError(t, err)
	assert.Equal(t, ActionEdit, p.Action)
	assert.True(t, p.RestartRequired)
	assert.Equal(t, []string{"custom_tags.team", "spark_conf.spark.sql.shuffle.partitions"}, paths(p.Changes))
	assert.Equal(t, clusterspec.Added, p.Changes[0].Kind)
	assert.Equal(t, "64", p.Changes[1].Old)
	assert.Equal(t, "128", p.Changes[1].New)

	// While it restarts, the plan says to wait and Apply refuses.
	_, err = applier.Apply(ctx, p, edited, ApplyOptions{})
	require.NoError(t, err)
	p, err = PlanEnsure(ctx, w, baseSpec("bi-shared"))
	require.NoError(t, err)
	assert.Equal(t, compute.StateRestarting, p.State)
	assert.NotEmpty(t, p.WaitReason)
	_, err = applier.Apply(ctx, p, baseSpec("bi-shared"), ApplyOptions{})
	assert.ErrorIs(t, err, ErrMustWait)
	waitState(t, srv, w, id, compute.StateRunning)

	// Terminated: a size change is an edit (resize needs RUNNING), start is offered.
	_, err = w.Clusters.Delete(ctx, compute.DeleteCluster{ClusterId: id})
	require.NoError(t, err)
	waitState(t, srv, w, id, compute.StateTerminated)
	smaller := edited
	smaller.NumWorkers = 1
	p, err = PlanEnsure(ctx, w, smaller)
	require.NoError(t, err)
	assert.Equal(t, ActionEdit, p.Action)
	assert.False(t, p.RestartRequired)
	assert.True(t, p.OfferStart)
	res, err = applier.Apply(ctx, p, smaller, ApplyOptions{Start: true})
	require.NoError(t, err)
	assert.True(t, res.Started)
	waitState(t, srv, w, id, compute.StateRunning)
	p, err = PlanEnsure(ctx, w, smaller)
	require.NoError(t, err)
	assert.Equal(t, ActionNoop, p.Action, "%v", p.Changes)
}

func TestPlanSeveralClustersWithTheName(t *testing.T) {
	srv := startDemo(t)
	w := sdkClient(t, srv.URL(), srv.Token())
	ctx := testCtx(t)
	a := createRunning(t, srv, w, baseSpec("twin"))
	b := createRunning(t, srv, w, baseSpec("twin"))
	createRunning(t, srv, w, baseSpec("twin-other"))

	p, err := PlanEnsure(ctx, w, baseSpec("twin"))
	require.NoError(t, err)
	assert.Equal(t, ActionChoose, p.Action)
	require.Len(t, p.Candidates, 2)
	assert.ElementsMatch(t, []string{a, b}, []string{p.Candidates[0].ClusterID, p.Candidates[1].ClusterID})

	applier := NewApplier(w.Clusters, w.Libraries, nil)
	_, err = applier.Apply(ctx, p, baseSpec("twin"), ApplyOptions{})
	assert.ErrorContains(t, err, "choose one")

	spec := baseSpec("twin")
	spec.Autoscale = &compute.AutoScale{MinWorkers: 1, MaxWorkers: 3}
	p, err = PlanFor(ctx, w.Clusters, spec, b)
	require.NoError(t, err)
	assert.Equal(t, ActionResize, p.Action, "num_workers to autoscale is a resize: %v", p.Changes)
	assert.Equal(t, b, p.ClusterID)
	res, err := applier.Apply(ctx, p, spec, ApplyOptions{Libraries: []compute.Library{{Pypi: &compute.PythonPyPiLibrary{Package: "rich"}}}})
	require.NoError(t, err)
	assert.Equal(t, 1, res.Libraries)

	_, err = PlanFor(ctx, w.Clusters, baseSpec("twin-other"), a)
	assert.ErrorIs(t, err, ErrNotCandidate)
	_, err = PlanEnsure(ctx, w, compute.ClusterSpec{})
	assert.ErrorIs(t, err, ErrNoName)
}

// goneOnGet answers Get for one cluster as the service does once it was
// deleted.
type goneOnGet struct {
	compute.ClustersInterface
	gone string
}

func (g goneOnGet) GetByClusterId(ctx context.Context, id string) (*compute.ClusterDetails, error) {
	if id == g.gone {
		return nil, fmt.Errorf("cluster %s: %w", id, apierr.ErrResourceDoesNotExist)
	}
	return g.ClustersInterface.GetByClusterId(ctx, id)
}

// A cluster listed under the name but deleted before it was read whole is
// no longer a match; the others are read whole (their spec included).
func TestFindByNameSkipsAClusterDeletedMeanwhile(t *testing.T) {
	srv := startDemo(t)
	w := sdkClient(t, srv.URL(), srv.Token())
	a := createRunning(t, srv, w, baseSpec("twin-gone"))
	b := createRunning(t, srv, w, baseSpec("twin-gone"))
	gone := *w
	gone.Clusters = goneOnGet{ClustersInterface: w.Clusters, gone: a}
	found, err := FindByName(testCtx(t), &gone, "twin-gone")
	require.NoError(t, err)
	require.Len(t, found, 1)
	assert.Equal(t, b, found[0].ClusterId)
	assert.Equal(t, baseSpec("twin-gone").SparkVersion, found[0].SparkVersion, "read whole")
	assert.NotEmpty(t, found[0].SparkConf, "a field the list does not carry")
}
