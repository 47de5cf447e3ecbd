package clusters

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
)

// Issue 35: the rows have one age, when their full listing began, carried
// with them to the page and to Fleet alike; a full pass that changed
// nothing still moves it (an empty Complete delta), so the page's age only
// ever moves with rows it holds.
func TestRowsCarryTheAgeOfTheirListing(t *testing.T) {
	clock := newFakeClock()
	s, sink, _, _ := newServiceWith(t, demo.Options{}, Options{Clock: clock, Timing: PollTiming{Fast: 30 * time.Second, Slow: 30 * time.Second}})
	require.NoError(t, s.Watch("demo", ViewAllPurpose))
	settled(t, s, clock, "demo", ViewAllPurpose)
	first := "2026-01-01T09:00:00Z"
	deltas, _, _ := sink.snapshot()
	require.NotEmpty(t, deltas)
	last := deltas[len(deltas)-1]
	require.True(t, last.Complete)
	assert.Equal(t, first, last.FetchedAt)
	for _, d := range deltas {
		assert.Equal(t, first, d.FetchedAt, "every page of the pass says when the pass began")
	}
	fleetAt := func() string {
		for _, l := range s.Fleet([]string{"demo"}) {
			if l.View == ViewAllPurpose {
				return l.At.UTC().Format(time.RFC3339)
			}
		}
		return ""
	}
	assert.Equal(t, first, fleetAt(), "Fleet says the same age")

	n := len(deltas)
	clock.Advance(30 * time.Second)
	require.Eventually(t, func() bool { d, _, _ := sink.snapshot(); return len(d) > n }, 20*time.Second, 5*time.Millisecond)
	settled(t, s, clock, "demo", ViewAllPurpose)
	deltas, _, _ = sink.snapshot()
	last = deltas[len(deltas)-1]
	assert.True(t, last.Complete)
	assert.Equal(t, "2026-01-01T09:00:30Z", last.FetchedAt, "a pass with no change still dates the rows")
	assert.Equal(t, "2026-01-01T09:00:30Z", fleetAt())
}
