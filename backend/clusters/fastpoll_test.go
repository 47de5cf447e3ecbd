package clusters

import (
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// listCalls counts the demo's clusters/list requests.
type listCalls struct {
	mu sync.Mutex
	n  int
}

func (c *listCalls) logf(format string, args ...any) {
	if len(args) > 1 {
		if path, ok := args[1].(string); ok && strings.HasPrefix(path, "/api/2.1/clusters/list") {
			c.mu.Lock()
			c.n++
			c.mu.Unlock()
		}
	}
}

func (c *listCalls) take() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.n
	c.n = 0
	return n
}

// pass advances the service clock and waits for the pass it makes due.
func pass(t *testing.T, s *Service, sink *recordingSink, clock *fakeClock, d time.Duration) {
	t.Helper()
	before := polls(sink, "demo", ViewAllPurpose)
	clock.Advance(d)
	require.Eventually(t, func() bool { return polls(sink, "demo", ViewAllPurpose) > before }, 20*time.Second, 5*time.Millisecond)
	settled(t, s, clock, "demo", ViewAllPurpose)
}

func TestFastRhythmListsOnlyTransitionalClusters(t *testing.T) {
	calls := &listCalls{}
	clock := newFakeClock()
	s, sink, srv, src := newServiceWith(t, demo.Options{ExtraClusters: 450, Logf: calls.logf}, Options{Clock: clock})
	calls.take()
	require.NoError(t, s.Watch("demo", ViewAllPurpose))
	first := settled(t, s, clock, "demo", ViewAllPurpose)
	fullPass := calls.take()
	require.Greater(t, fullPass, 3, "the full list takes several pages")

	// Someone starts a cluster elsewhere; the next poll (on the fast rhythm:
	// the seed has a cluster starting) finds it PENDING.
	id := clusterID(t, src, "Priya Sharma's Personal Compute Cluster")
	other := clusterID(t, src, "ml-training-gpu")
	third := clusterID(t, src, "init-script-test")
	_, err := src.w.Clusters.Start(testCtx(t), compute.StartCluster{ClusterId: id})
	require.NoError(t, err)
	pass(t, s, sink, clock, first.NextAt.Sub(clock.Now()))
	calls.take()
	deltas, _, _ := sink.snapshot()
	rows, _ := rowsOf(deltas)
	require.Equal(t, "PENDING", rows[id].State)

	// While it starts, each fast poll is one filtered call, not the whole list.
	pass(t, s, sink, clock, 5*time.Second)
	assert.Equal(t, 1, calls.take(), "one call for the transitional clusters")
	now, _, _ := sink.snapshot()
	assert.Len(t, now, len(deltas), "nothing changed, nothing sent")

	// A cluster starting elsewhere shows up on the fast rhythm too.
	_, err = src.w.Clusters.Start(testCtx(t), compute.StartCluster{ClusterId: other})
	require.NoError(t, err)
	pass(t, s, sink, clock, 5*time.Second)
	assert.Equal(t, 1, calls.take())
	deltas, _, _ = sink.snapshot()
	last := deltas[len(deltas)-1]
	require.Len(t, last.Upserts, 1)
	assert.Equal(t, other, last.Upserts[0].ID)
	assert.Equal(t, "PENDING", last.Upserts[0].State)

	// They finish: a transitional cluster missing from the filtered list
	// makes that poll a full one, which sends the new states.
	srv.Clock().Advance(10 * time.Minute)
	pass(t, s, sink, clock, 5*time.Second)
	assert.Equal(t, 1+fullPass, calls.take(), "the filtered call, then the full list")
	deltas, _, _ = sink.snapshot()
	rows, complete := rowsOf(deltas)
	require.True(t, complete)
	assert.Equal(t, "RUNNING", rows[id].State)
	assert.NotEqual(t, "PENDING", rows[other].State)

	// A refresh the user asks for is always a full pass.
	_, err = src.w.Clusters.Start(testCtx(t), compute.StartCluster{ClusterId: third})
	require.NoError(t, err)
	pass(t, s, sink, clock, 30*time.Second)
	calls.take()
	before := polls(sink, "demo", ViewAllPurpose)
	require.True(t, s.Refresh("demo"))
	require.Eventually(t, func() bool { return polls(sink, "demo", ViewAllPurpose) > before }, 20*time.Second, 5*time.Millisecond)
	settled(t, s, clock, "demo", ViewAllPurpose)
	assert.Equal(t, fullPass, calls.take())
}

// Only a full listing says it ended (the desktop then gives its garbage
// back); the fast rhythm's filtered call for transitional clusters does not.
func TestOnlyFullListingsSayTheyEnded(t *testing.T) {
	var listed atomic.Int32
	clock := newFakeClock()
	s, sink, _, src := newServiceWith(t, demo.Options{ExtraClusters: 450},
		Options{Clock: clock, Listed: func() { listed.Add(1) }})
	require.NoError(t, s.Watch("demo", ViewAllPurpose))
	first := settled(t, s, clock, "demo", ViewAllPurpose)
	assert.EqualValues(t, 1, listed.Load(), "the first full listing")

	// A cluster starting elsewhere puts the list on the fast rhythm.
	_, err := src.w.Clusters.Start(testCtx(t), compute.StartCluster{ClusterId: clusterID(t, src, "ml-training-gpu")})
	require.NoError(t, err)
	pass(t, s, sink, clock, first.NextAt.Sub(clock.Now()))
	pass(t, s, sink, clock, 5*time.Second)
	assert.EqualValues(t, 1, listed.Load(), "transitional polls are not full listings")

	pass(t, s, sink, clock, 30*time.Second)
	assert.EqualValues(t, 2, listed.Load(), "the next full listing")
}
