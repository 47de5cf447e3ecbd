package clusters

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeClock moves only when the test says so.
type fakeClock struct {
	mu      sync.Mutex
	now     time.Time
	waiters []fakeWaiter
}

type fakeWaiter struct {
	at time.Time
	ch chan time.Time
}

func newFakeClock() *fakeClock { return &fakeClock{now: time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	c.waiters = append(c.waiters, fakeWaiter{c.now.Add(d), ch})
	return ch
}

// Advance moves time and fires the timers that are due.
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	kept := c.waiters[:0]
	for _, w := range c.waiters {
		if !w.at.After(c.now) {
			w.ch <- c.now
		} else {
			kept = append(kept, w)
		}
	}
	c.waiters = kept
}

// pollerHarness scripts fetch results and records what the poller did.
type pollerHarness struct {
	t        *testing.T
	clock    *fakeClock
	p        *Poller
	calls    atomic.Int32
	inFlight atomic.Int32
	overlap  atomic.Bool
	active   atomic.Bool
	results  chan fetchResult // each fetch takes the next result (blocks until given)
	statuses chan PollStatus
}

type fetchResult struct {
	transitional bool
	err          error
}

func newHarness(t *testing.T) *pollerHarness {
	h := &pollerHarness{t: t, clock: newFakeClock(), results: make(chan fetchResult), statuses: make(chan PollStatus, 100)}
	h.active.Store(true)
	fetch := func(ctx context.Context) (bool, error) {
		if h.inFlight.Add(1) > 1 {
			h.overlap.Store(true)
		}
		defer h.inFlight.Add(-1)
		h.calls.Add(1)
		select {
		case r := <-h.results:
			return r.transitional, r.err
		case <-ctx.Done():
			return false, ctx.Err()
		}
	}
	h.p = NewPoller(fetch, h.active.Load, func(s PollStatus) { h.statuses <- s }, h.clock, PollTiming{})
	ctx, cancel := context.WithCancel(context.Background())
	h.p.Start(ctx)
	t.Cleanup(func() { cancel(); h.p.Stop() })
	return h
}

// answer completes the running fetch and waits until the poller settled.
func (h *pollerHarness) answer(r fetchResult) PollStatus {
	h.t.Helper()
	for drained := false; !drained; { // statuses from before this fetch
		select {
		case <-h.statuses:
		default:
			drained = true
		}
	}
	select {
	case h.results <- r:
	case <-time.After(5 * time.Second):
		h.t.Fatal("the poller did not fetch")
	}
	for {
		select {
		case s := <-h.statuses:
			if !s.Running {
				return s
			}
		case <-time.After(5 * time.Second):
			h.t.Fatal("the poller did not report")
		}
	}
}

// idle waits until the poller is blocked on the timer of its next fetch.
func (h *pollerHarness) idle() {
	h.t.Helper()
	require.Eventually(h.t, func() bool {
		next := h.p.Status().NextAt
		h.clock.mu.Lock()
		defer h.clock.mu.Unlock()
		for _, w := range h.clock.waiters {
			if w.at.Equal(next) {
				return h.inFlight.Load() == 0
			}
		}
		return false
	}, 5*time.Second, time.Millisecond)
}

func TestPollerIntervalFollowsTransitionalState(t *testing.T) {
	h := newHarness(t)
	s := h.answer(fetchResult{transitional: true}) // the first fetch is immediate
	assert.Equal(t, 5*time.Second, s.NextAt.Sub(s.LastSuccess), "fast while something is transitional")
	h.idle()
	h.clock.Advance(4 * time.Second)
	h.idle()
	assert.EqualValues(t, 1, h.calls.Load(), "not yet due")
	h.clock.Advance(time.Second)
	s = h.answer(fetchResult{transitional: false})
	assert.EqualValues(t, 2, h.calls.Load())
	assert.Equal(t, 30*time.Second, s.NextAt.Sub(s.LastSuccess), "slow when all is settled")
}

func TestPollerBacksOffOnRateLimitsAndServerErrors(t *testing.T) {
	h := newHarness(t)
	errs := []error{
		&apierr.APIError{StatusCode: 429, ErrorCode: "REQUEST_LIMIT_EXCEEDED"},
		&apierr.APIError{StatusCode: 503, ErrorCode: "TEMPORARILY_UNAVAILABLE"},
		&apierr.APIError{StatusCode: 500, ErrorCode: "INTERNAL_ERROR"},
	}
	want := []time.Duration{10 * time.Second, 20 * time.Second, 40 * time.Second}
	for i, err := range errs {
		s := h.answer(fetchResult{err: err})
		assert.Equal(t, i+1, s.Failures)
		assert.ErrorIs(t, s.Err, err)
		assert.Equal(t, want[i], s.NextAt.Sub(s.LastAttempt), "wait after failure %d", i+1)
		h.idle()
		h.clock.Advance(want[i])
	}
	s := h.answer(fetchResult{})
	assert.Zero(t, s.Failures, "a success resets the backoff")
	assert.NoError(t, s.Err)
	assert.Equal(t, 30*time.Second, s.NextAt.Sub(s.LastSuccess))
}

func TestPollerBackoffIsCapped(t *testing.T) {
	p := NewPoller(nil, nil, nil, newFakeClock(), PollTiming{})
	assert.Equal(t, 5*time.Minute, p.backoff(12))
	assert.Equal(t, 160*time.Second, p.backoff(5))
}

func TestPollerPausesWhileInactiveAndResumesWhenDue(t *testing.T) {
	h := newHarness(t)
	h.answer(fetchResult{})
	h.idle()
	h.active.Store(false)
	h.clock.Advance(30 * time.Second) // due, but the window is hidden
	require.Eventually(t, func() bool { return h.p.Status().Paused }, 5*time.Second, time.Millisecond)
	h.clock.Advance(10 * time.Minute)
	assert.EqualValues(t, 1, h.calls.Load(), "no fetch while paused")

	h.active.Store(true)
	h.p.Wake() // the window is shown again: overdue, so fetch at once
	s := h.answer(fetchResult{})
	assert.False(t, s.Paused)
	assert.EqualValues(t, 2, h.calls.Load())
}

func TestPollerNeverOverlapsAndQueuesOneRefresh(t *testing.T) {
	h := newHarness(t)
	require.Eventually(t, func() bool { return h.p.Status().Running }, 5*time.Second, time.Millisecond)
	// Clicks while a fetch runs: coalesced into one follow-up fetch.
	h.p.Refresh()
	h.p.Refresh()
	h.p.Refresh()
	h.answer(fetchResult{})
	h.answer(fetchResult{}) // the queued one
	h.idle()
	assert.EqualValues(t, 2, h.calls.Load())
	assert.False(t, h.overlap.Load(), "two fetches ran at once")
}

func TestPollerStopsWithTheContext(t *testing.T) {
	h := newHarness(t)
	require.Eventually(t, func() bool { return h.p.Status().Running }, 5*time.Second, time.Millisecond)
	h.p.Stop() // cancels the running fetch and returns
	assert.Eventually(t, func() bool { return h.inFlight.Load() == 0 }, 5*time.Second, time.Millisecond)
	assert.True(t, errors.Is(h.p.Status().Err, context.Canceled) || h.p.Status().Err == nil)
}
