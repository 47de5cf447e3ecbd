package apply

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// fakeTimers is a clock the test moves, with the timers the throttle set.
type fakeTimers struct {
	now    time.Time
	timers []fakeTimer
}

type fakeTimer struct {
	at time.Time
	f  func()
}

func (c *fakeTimers) Now() time.Time { return c.now }

func (c *fakeTimers) After(d time.Duration, f func()) {
	c.timers = append(c.timers, fakeTimer{at: c.now.Add(d), f: f})
}

// Advance moves the clock and fires the timers now due.
func (c *fakeTimers) Advance(d time.Duration) {
	c.now = c.now.Add(d)
	due := c.timers[:0:0]
	rest := c.timers[:0:0]
	for _, t := range c.timers {
		if !t.at.After(c.now) {
			due = append(due, t)
		} else {
			rest = append(rest, t)
		}
	}
	c.timers = rest
	for _, t := range due {
		t.f()
	}
}

func TestThrottleReportsAtMostEvery100ms(t *testing.T) {
	clock := &fakeTimers{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	var got []string
	th := NewThrottle(func(s string) { got = append(got, s) }, ProgressEvery, clock.Now, clock.After)

	th.Step("Checking the spec")
	assert.Equal(t, []string{"Checking the spec"}, got, "the first step goes out at once")

	clock.Advance(30 * time.Millisecond)
	th.Step("Sending create (attempt 1 of 3)")
	clock.Advance(30 * time.Millisecond)
	th.Step("Sending create (attempt 2 of 3)")
	assert.Len(t, got, 1, "held: less than 100 ms since the last report")

	clock.Advance(39 * time.Millisecond)
	assert.Len(t, got, 1)
	clock.Advance(1 * time.Millisecond)
	assert.Equal(t, []string{"Checking the spec", "Sending create (attempt 2 of 3)"}, got,
		"at 100 ms the latest held step goes out; the one it replaced never does")

	clock.Advance(100 * time.Millisecond)
	th.Step("Installing 2 libraries")
	assert.Equal(t, "Installing 2 libraries", got[len(got)-1], "after a quiet interval a step goes out at once")

	clock.Advance(10 * time.Millisecond)
	th.Step("Starting the cluster")
	th.Stop()
	clock.Advance(time.Second)
	assert.Len(t, got, 3, "a stopped operation reports nothing more: its answer says the rest")
}
