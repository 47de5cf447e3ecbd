// Package memory gives the heap's free pages back to the operating system
// after the app's bursts of short-lived allocations. A full cluster listing
// decodes every cluster once; the runtime keeps the pages that garbage used
// up to its heap goal (1.5 × the live heap at GOGC 50) for good, and the rest
// until its periodic collection two minutes later. A desktop app that idles
// between polls gives them back once the burst is over.
package memory

import (
	"runtime/debug"
	"sync"
	"time"
)

// Releaser returns free memory a moment after a burst, at most once per
// interval however many bursts end meanwhile (ten workspaces' listings).
type Releaser struct {
	delay, every time.Duration
	release      func()
	now          func() time.Time
	after        func(time.Duration, func())

	mu        sync.Mutex
	scheduled bool
	last      time.Time
}

// NewReleaser returns a Releaser that calls debug.FreeOSMemory delay after a
// burst ends (the page is still painting its result until then), and not
// again within every.
func NewReleaser(delay, every time.Duration) *Releaser {
	return &Releaser{delay: delay, every: every, release: debug.FreeOSMemory, now: time.Now,
		after: func(d time.Duration, f func()) { time.AfterFunc(d, f) }}
}

// BurstEnded schedules a release unless one is already scheduled.
func (r *Releaser) BurstEnded() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.scheduled {
		return
	}
	r.scheduled = true
	now := r.now()
	at := now.Add(r.delay)
	if !r.last.IsZero() && r.last.Add(r.every).After(at) {
		at = r.last.Add(r.every)
	}
	r.after(at.Sub(now), r.run)
}

func (r *Releaser) run() {
	r.release()
	r.mu.Lock()
	r.scheduled, r.last = false, r.now()
	r.mu.Unlock()
}
