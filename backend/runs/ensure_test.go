package runs

import (
	"errors"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
	"github.com/clusterdeck/clusterdeck/backend/internal/sdktest"
)

func TestDecideTable(t *testing.T) {
	t.Parallel()
	one := func(s compute.State) []compute.ClusterDetails {
		return []compute.ClusterDetails{{ClusterId: "c1", State: s}}
	}
	cases := []struct {
		found []compute.ClusterDetails
		want  Decision
		err   error
	}{
		{nil, DecisionCreate, nil},
		{one(compute.StateRunning), DecisionReuse, nil},
		{one(compute.StateResizing), DecisionReuse, nil},
		{one(compute.StateTerminated), DecisionStart, nil},
		{one(compute.StatePending), DecisionWait, nil},
		{one(compute.StateRestarting), DecisionWait, nil},
		{one(compute.StateTerminating), DecisionWait, nil},
		{one(compute.StateError), "", ErrUnusable},
		{one(compute.StateUnknown), "", ErrUnusable},
		{append(one(compute.StateRunning), compute.ClusterDetails{ClusterId: "c2", State: compute.StateTerminated}), "", ErrDuplicateName},
	}
	for _, c := range cases {
		got, err := Decide("etl", c.found)
		if c.err != nil {
			assert.ErrorIs(t, err, c.err)
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, c.want, got)
	}
}

func TestEnsureCreatesThenFindsTheSameCluster(t *testing.T) {
	t.Parallel()
	_, w, srv := empty(t)
	res, err := Ensure(demotest.Ctx(t), at(w), smallSpec("flowyml-training"), EnsureOptions{})
	require.NoError(t, err)
	assert.Equal(t, DecisionCreate, res.Decision)
	require.NotEmpty(t, res.ClusterID)
	d, err := w.Clusters.GetByClusterId(demotest.Ctx(t), res.ClusterID)
	require.NoError(t, err)
	assert.Equal(t, "flowyml-training", d.ClusterName)

	// Asked again while it starts: the same cluster, no second one.
	again, err := Ensure(demotest.Ctx(t), at(w), smallSpec("flowyml-training"), EnsureOptions{})
	require.NoError(t, err)
	assert.Equal(t, DecisionWait, again.Decision)
	assert.Equal(t, res.ClusterID, again.ClusterID)
	until(t, w, srv, res.ClusterID, compute.StateRunning)
	reused, err := Ensure(demotest.Ctx(t), at(w), smallSpec("flowyml-training"), EnsureOptions{})
	require.NoError(t, err)
	assert.Equal(t, DecisionReuse, reused.Decision)
	assert.Equal(t, res.ClusterID, reused.ClusterID)
	found, err := apply.FindByName(demotest.Ctx(t), w, "flowyml-training")
	require.NoError(t, err)
	assert.Len(t, found, 1)
}

func TestEnsureStartsATerminatedCluster(t *testing.T) {
	t.Parallel()
	_, w, srv := empty(t)
	id := create(t, w, smallSpec("nightly"))
	until(t, w, srv, id, compute.StateRunning)
	_, err := w.Clusters.Delete(demotest.Ctx(t), compute.DeleteCluster{ClusterId: id})
	require.NoError(t, err)
	until(t, w, srv, id, compute.StateTerminated)

	res, err := Ensure(demotest.Ctx(t), at(w), smallSpec("nightly"), EnsureOptions{})
	require.NoError(t, err)
	assert.Equal(t, DecisionStart, res.Decision)
	assert.Equal(t, id, res.ClusterID)
	d, err := w.Clusters.GetByClusterId(demotest.Ctx(t), id)
	require.NoError(t, err)
	assert.Equal(t, compute.StatePending, d.State, "the start was asked for")
}

func TestEnsureRefusesTwoClustersWithTheName(t *testing.T) {
	t.Parallel()
	_, w, _ := empty(t)
	a := create(t, w, smallSpec("shared"))
	b := create(t, w, smallSpec("shared"))
	_, err := Ensure(demotest.Ctx(t), at(w), smallSpec("shared"), EnsureOptions{})
	require.ErrorIs(t, err, ErrDuplicateName)
	var dup *DuplicateError
	require.True(t, errors.As(err, &dup))
	assert.Len(t, dup.Clusters, 2)
	assert.Contains(t, err.Error(), a)
	assert.Contains(t, err.Error(), b)
}

func TestEnsureWaitsUntilRunning(t *testing.T) {
	t.Parallel()
	srv, err := demo.Start(demotest.Ctx(t), demo.Options{Seed: 42, Empty: true, TimeScale: 400})
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	w := sdktest.Client(t, srv.URL(), srv.Token())
	var steps []string
	res, err := Ensure(demotest.Ctx(t), at(w), smallSpec("waited"), EnsureOptions{WaitRunning: true, PollEvery: 50 * time.Millisecond,
		Progress: func(s string) { steps = append(steps, s) }})
	require.NoError(t, err)
	assert.Equal(t, compute.StateRunning, res.State)
	assert.Contains(t, steps[0], `Creating cluster "waited"`)
}
