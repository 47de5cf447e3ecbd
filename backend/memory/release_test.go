package memory

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fake runs the releaser on a hand-moved clock: timers fire when Advance
// passes them.
type fake struct {
	now      time.Time
	timers   []timer
	releases []time.Time
}

type timer struct {
	at time.Time
	f  func()
}

func newFake() (*fake, *Releaser) {
	f := &fake{now: time.Unix(1_000_000, 0)}
	r := NewReleaser(2*time.Second, 20*time.Second)
	r.now = func() time.Time { return f.now }
	r.after = func(d time.Duration, fn func()) { f.timers = append(f.timers, timer{f.now.Add(d), fn}) }
	r.release = func() { f.releases = append(f.releases, f.now) }
	return f, r
}

// advance moves the clock by d, firing each timer due on the way at its time.
func (f *fake) advance(d time.Duration) {
	end := f.now.Add(d)
	for {
		next := -1
		for i, t := range f.timers {
			if !t.at.After(end) && (next < 0 || t.at.Before(f.timers[next].at)) {
				next = i
			}
		}
		if next < 0 {
			break
		}
		t := f.timers[next]
		f.timers = append(f.timers[:next], f.timers[next+1:]...)
		f.now = t.at
		t.f()
	}
	f.now = end
}

func TestReleaserWaitsForTheBurstToSettle(t *testing.T) {
	f, r := newFake()
	start := f.now
	r.BurstEnded()
	f.advance(1500 * time.Millisecond)
	assert.Empty(t, f.releases, "not while the page still paints")
	f.advance(500 * time.Millisecond)
	require.Len(t, f.releases, 1)
	assert.Equal(t, start.Add(2*time.Second), f.releases[0])
}

func TestReleaserCoalescesBurstsAndKeepsItsInterval(t *testing.T) {
	f, r := newFake()
	// Ten workspaces' listings end within a second: one release.
	for i := 0; i < 10; i++ {
		r.BurstEnded()
		f.advance(100 * time.Millisecond)
	}
	f.advance(2 * time.Second)
	require.Len(t, f.releases, 1)
	first := f.releases[0]

	// The next burst soon after waits for the interval since the last release.
	f.advance(5 * time.Second)
	r.BurstEnded()
	f.advance(10 * time.Second)
	assert.Len(t, f.releases, 1, "not again within the interval")
	f.advance(10 * time.Second)
	require.Len(t, f.releases, 2)
	assert.Equal(t, first.Add(20*time.Second), f.releases[1])

	// A burst long after is released after the usual delay.
	f.advance(time.Minute)
	r.BurstEnded()
	f.advance(2 * time.Second)
	assert.Len(t, f.releases, 3)
}

func TestNewReleaserFreesRealMemory(t *testing.T) {
	// The default release is the runtime's own; calling it must not block
	// or fail (what it returns is measured by `make bench`, not here).
	r := NewReleaser(0, 0)
	done := make(chan struct{})
	free := r.release
	r.release = func() { free(); close(done) }
	r.BurstEnded()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the release never ran")
	}
}
