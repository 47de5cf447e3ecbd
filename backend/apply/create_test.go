package apply

import (
	"errors"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/demo"
)

func noBackoff(int) time.Duration { return 0 }

func TestCreateIdempotentWhenAnswerIsLost(t *testing.T) {
	for _, hang := range []bool{false, true} {
		name := map[bool]string{false: "connection reset after create", true: "no answer after create"}[hang]
		t.Run(name, func(t *testing.T) {
			srv := startDemo(t)
			proxy := newDropProxy(t, srv.URL(), 1, hang)
			w := sdkClient(t, proxy.URL, srv.Token())
			c, err := NewCreator(w)
			require.NoError(t, err)

			// Long enough for the SDK's own retry (after about a second) to
			// happen, if the create client had one; a hang needs a short one.
			timeout := 8 * time.Second
			if hang {
				timeout = 500 * time.Millisecond
			}
			res, err := c.Create(testCtx(t), baseSpec("lost-answer"), CreateOptions{
				Backoff: noBackoff, AttemptTimeout: timeout})
			require.NoError(t, err)
			assert.True(t, res.Adopted, "found by its tag instead of created again")
			assert.Equal(t, 1, res.Attempts)
			assert.EqualValues(t, 1, proxy.forwarded.Load(), "one create reached the server: the SDK did not retry it")
			found := clustersNamed(t, w, "lost-answer")
			require.Len(t, found, 1, "never two clusters")
			assert.Equal(t, res.ClusterID, found[0].ClusterId)
			assert.Equal(t, res.RequestID, found[0].CustomTags[clusterspec.RequestIDTag])
		})
	}
}

func TestCreateRetriesWhenServerDidNotCreate(t *testing.T) {
	cases := map[string]demo.FaultKind{"reset": demo.FaultReset, "500": demo.FaultInternal, "503": demo.FaultUnavailable, "hang": demo.FaultHang}
	for name, kind := range cases {
		t.Run(name, func(t *testing.T) {
			srv := startDemo(t)
			srv.InjectFault(demo.FaultRule{Method: "POST", PathPrefix: "/api/2.1/clusters/create", Kind: kind, Count: 2})
			w := sdkClient(t, srv.URL(), srv.Token())
			c, err := NewCreator(w)
			require.NoError(t, err)
			res, err := c.Create(testCtx(t), baseSpec("retry-"+name), CreateOptions{
				Backoff: noBackoff, AttemptTimeout: 300 * time.Millisecond})
			require.NoError(t, err)
			assert.False(t, res.Adopted)
			assert.Equal(t, 3, res.Attempts, "two faults, then the create")
			assert.Equal(t, 2, srv.FaultsFired(kind))
			require.Len(t, clustersNamed(t, w, "retry-"+name), 1)
		})
	}
}

func TestCreateRefusedReturnsAtOnce(t *testing.T) {
	srv := startDemo(t)
	w := sdkClient(t, srv.URL(), srv.Token())
	c, err := NewCreator(w)
	require.NoError(t, err)
	spec := baseSpec("bad")
	spec.SparkVersion = "1.0.x-nope"
	res, err := c.Create(testCtx(t), spec, CreateOptions{Backoff: noBackoff})
	require.Error(t, err)
	assert.NotErrorIs(t, err, ErrOutcomeUnknown)
	assert.Contains(t, err.Error(), "Invalid spark version")
	assert.Equal(t, 1, res.Attempts)
	assert.Empty(t, clustersNamed(t, w, "bad"))
}

func TestCreateOutcomeUnknownWhenLookupFails(t *testing.T) {
	srv := startDemo(t)
	proxy := newDropProxy(t, srv.URL(), 1, false)
	w := sdkClient(t, proxy.URL, srv.Token())
	c, err := NewCreator(w)
	require.NoError(t, err)
	// The list answers 400 after the lost create, so the cluster cannot be found.
	srv.InjectFault(demo.FaultRule{Method: "GET", PathPrefix: "/api/2.1/clusters/list", Kind: demo.FaultInternal, Count: 100})
	res, err := c.Create(testCtx(t), baseSpec("unknown"), CreateOptions{Backoff: noBackoff, MaxAttempts: 3})
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrOutcomeUnknown)
	assert.NotEmpty(t, res.RequestID)
	assert.EqualValues(t, 1, proxy.forwarded.Load(), "never creates blind")

	// Later, with the same request id, the create resumes and adopts the cluster.
	srv.ClearFaults()
	again, err := c.Create(testCtx(t), baseSpec("unknown"), CreateOptions{RequestID: res.RequestID, Backoff: noBackoff})
	require.NoError(t, err)
	assert.True(t, again.Adopted)
	assert.Zero(t, again.Attempts)
	assert.EqualValues(t, 1, proxy.forwarded.Load())
	require.Len(t, clustersNamed(t, w, "unknown"), 1)
}

func TestCreateGivesUpWithoutMakingOne(t *testing.T) {
	srv := startDemo(t)
	srv.InjectFault(demo.FaultRule{Method: "POST", PathPrefix: "/api/2.1/clusters/create", Kind: demo.FaultInternal})
	w := sdkClient(t, srv.URL(), srv.Token())
	c, err := NewCreator(w)
	require.NoError(t, err)
	res, err := c.Create(testCtx(t), baseSpec("never"), CreateOptions{Backoff: noBackoff, MaxAttempts: 3})
	require.Error(t, err)
	assert.NotErrorIs(t, err, ErrOutcomeUnknown, "the look-up proved there is none")
	assert.Contains(t, err.Error(), "no cluster was made")
	assert.Equal(t, 3, res.Attempts)
	assert.True(t, errors.Is(err, err))
	assert.Empty(t, clustersNamed(t, w, "never"))
}

func TestCreateKeepsUserTags(t *testing.T) {
	srv := startDemo(t)
	w := sdkClient(t, srv.URL(), srv.Token())
	c, err := NewCreator(w)
	require.NoError(t, err)
	spec := baseSpec("tags")
	spec.CustomTags = map[string]string{"team": "bi"}
	res, err := c.Create(testCtx(t), spec, CreateOptions{RequestID: "cd-fixed"})
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"team": "bi"}, spec.CustomTags, "caller's map untouched")
	d, err := w.Clusters.GetByClusterId(testCtx(t), res.ClusterID)
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"team": "bi", clusterspec.RequestIDTag: "cd-fixed"}, d.CustomTags)
	assert.Equal(t, compute.StatePending, d.State)
}
