package clusters

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// polls counts the passes a view started (each pass says Running first).
func polls(sink *recordingSink, ws string, v View) int {
	n := 0
	for _, st := range sink.statusesOf(ws, v) {
		if st.Running {
			n++
		}
	}
	return n
}

// settled waits until the view's last pass has ended and the next is due
// after now (the poller is waiting on the clock).
func settled(t *testing.T, s *Service, clock *fakeClock, ws string, v View) PollStatus {
	t.Helper()
	var st PollStatus
	require.Eventually(t, func() bool {
		s.mu.Lock()
		lv := s.views[viewKey{ws, v}]
		s.mu.Unlock()
		if lv == nil {
			return false
		}
		st = lv.poller.Status()
		return !st.Running && !st.LastAttempt.IsZero() && st.NextAt.After(clock.Now())
	}, 20*time.Second, 5*time.Millisecond)
	return st
}

func TestWatchingAnotherWorkspaceStopsPollingThePreviousOne(t *testing.T) {
	clock := newFakeClock()
	s, sink, _, _ := newServiceWith(t, demo.Options{}, Options{Clock: clock})
	require.NoError(t, s.Watch("dev", ViewAllPurpose))
	settled(t, s, clock, "dev", ViewAllPurpose)
	require.NoError(t, s.Watch("prod", ViewAllPurpose))
	settled(t, s, clock, "prod", ViewAllPurpose)
	require.Eventually(t, func() bool {
		st := sink.statusesOf("dev", ViewAllPurpose)
		return st[len(st)-1].Paused
	}, 20*time.Second, 5*time.Millisecond, "the view no longer shown pauses")
	before := polls(sink, "dev", ViewAllPurpose)
	prod := polls(sink, "prod", ViewAllPurpose)

	for range 3 {
		clock.Advance(31 * time.Second) // past the slow interval
		require.Eventually(t, func() bool { return polls(sink, "prod", ViewAllPurpose) > prod }, 20*time.Second, 5*time.Millisecond)
		prod = polls(sink, "prod", ViewAllPurpose)
		settled(t, s, clock, "prod", ViewAllPurpose)
	}
	assert.Equal(t, before, polls(sink, "dev", ViewAllPurpose), "the previous workspace is not polled any more")
	assert.False(t, s.Refresh("dev"), "nothing of dev is shown, so nothing to refresh")

	// Coming back resumes it at once.
	require.NoError(t, s.Watch("dev", ViewAllPurpose))
	require.Eventually(t, func() bool { return polls(sink, "dev", ViewAllPurpose) > before }, 20*time.Second, 5*time.Millisecond)
}

func TestStartNoticeArrivesWhileTheJobTabIsShown(t *testing.T) {
	clock := newFakeClock()
	s, sink, srv, src := newServiceWith(t, demo.Options{}, Options{Clock: clock})
	ctx := testCtx(t)
	id := clusterID(t, src, "Priya Sharma's Personal Compute Cluster")
	require.NoError(t, s.Watch("demo", ViewAllPurpose))
	settled(t, s, clock, "demo", ViewAllPurpose)
	require.NoError(t, s.Act(ctx, "demo", id, ActionStart, ""))
	settled(t, s, clock, "demo", ViewAllPurpose)

	// The user opens the Job tab: its full passes do not list the cluster,
	// which must not read as "deleted".
	require.NoError(t, s.Watch("demo", ViewJob))
	settled(t, s, clock, "demo", ViewJob)
	clock.Advance(31 * time.Second)
	settled(t, s, clock, "demo", ViewJob)

	srv.Clock().Advance(10 * time.Minute) // the cluster is running by now
	require.Eventually(t, func() bool {
		clock.Advance(6 * time.Second) // the fast rhythm of the followed view
		_, _, n := sink.snapshot()
		return len(n) == 1
	}, 20*time.Second, 20*time.Millisecond)
	_, _, notices := sink.snapshot()
	assert.Equal(t, "success", notices[0].Kind)
	assert.Equal(t, id, notices[0].ClusterID)

	// Once the notice is out, the hidden all-purpose view pauses again.
	require.Eventually(t, func() bool {
		st := sink.statusesOf("demo", ViewAllPurpose)
		return st[len(st)-1].Paused
	}, 20*time.Second, 5*time.Millisecond)
}

func TestListFailuresBackOffAndReportStatus(t *testing.T) {
	clock := newFakeClock()
	s, sink, srv, _ := newServiceWith(t, demo.Options{}, Options{Clock: clock, ListRetry: 200 * time.Millisecond})
	require.NoError(t, s.Watch("demo", ViewAllPurpose))
	ok := settled(t, s, clock, "demo", ViewAllPurpose)
	assert.Equal(t, 0, ok.Failures)

	srv.InjectFault(demo.FaultRule{PathPrefix: "/api/2.1/clusters/list", Kind: demo.FaultTooManyRequests,
		RetryAfter: 50 * time.Millisecond})
	clock.Advance(31 * time.Second)
	require.Eventually(t, func() bool {
		st := sink.statusesOf("demo", ViewAllPurpose)
		return st[len(st)-1].Failures == 1 && !st[len(st)-1].Running
	}, 20*time.Second, 5*time.Millisecond, "the SDK gives up within the short budget")
	st := settled(t, s, clock, "demo", ViewAllPurpose)
	assert.ErrorIs(t, st.Err, apierr.ErrTooManyRequests)
	assert.Equal(t, clock.Now().Add(10*time.Second), st.NextAt, "first back-off wait")
	assert.Equal(t, ok.LastSuccess, st.LastSuccess, "the last success is kept for the stale indicator")
	assert.Positive(t, srv.FaultsFired(demo.FaultTooManyRequests))

	srv.ClearFaults()
	srv.InjectFault(demo.FaultRule{PathPrefix: "/api/2.1/clusters/list", Kind: demo.FaultUnavailable})
	clock.Advance(10 * time.Second)
	require.Eventually(t, func() bool {
		st := sink.statusesOf("demo", ViewAllPurpose)
		return st[len(st)-1].Failures == 2 && !st[len(st)-1].Running
	}, 20*time.Second, 5*time.Millisecond)
	st = settled(t, s, clock, "demo", ViewAllPurpose)
	assert.ErrorIs(t, st.Err, apierr.ErrTemporarilyUnavailable)
	assert.Equal(t, clock.Now().Add(20*time.Second), st.NextAt, "the wait doubles")

	srv.ClearFaults()
	clock.Advance(20 * time.Second)
	require.Eventually(t, func() bool {
		st := sink.statusesOf("demo", ViewAllPurpose)
		last := st[len(st)-1]
		return last.Failures == 0 && !last.Running && last.Err == nil
	}, 20*time.Second, 5*time.Millisecond, "a success clears the failures")
	st = settled(t, s, clock, "demo", ViewAllPurpose)
	assert.True(t, st.LastSuccess.After(ok.LastSuccess))
}

// The detail poller reads the pinned set while a pin action updates it:
// under -race this fails when the read happens outside the lock.
func TestIsPinnedAndSetPinnedDoNotRace(t *testing.T) {
	s := NewService(context.Background(), Options{Sink: &recordingSink{}})
	s.pinned[viewKey{"ws", ViewAllPurpose}] = map[string]bool{}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := 0; i < 200; i++ {
			s.setPinned("ws", "c1", compute.ClusterSourceUi, i%2 == 0)
		}
	}()
	go func() {
		defer wg.Done()
		for i := 0; i < 200; i++ {
			_, err := s.isPinned(context.Background(), "ws", "c1", compute.ClusterSourceUi)
			assert.NoError(t, err)
		}
	}()
	wg.Wait()
	s.setPinned("ws", "c1", compute.ClusterSourceUi, true)
	pinned, err := s.isPinned(context.Background(), "ws", "c1", compute.ClusterSourceUi)
	require.NoError(t, err)
	assert.True(t, pinned)
}
