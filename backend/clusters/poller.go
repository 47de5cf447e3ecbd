package clusters

import (
	"context"
	"sync"
	"time"
)

// Clock is the poller's time source; tests drive a fake one.
type Clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

type realClock struct{}

func (realClock) Now() time.Time                         { return time.Now() }
func (realClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// PollTiming sets the poller's rhythm; zero fields take the defaults.
type PollTiming struct {
	Fast        time.Duration // while anything is transitional (default 5 s)
	Slow        time.Duration // otherwise (default 30 s)
	BackoffBase time.Duration // first wait after a failure (default 10 s)
	BackoffMax  time.Duration // cap of the doubling waits (default 5 min)
}

func (t PollTiming) withDefaults() PollTiming {
	def := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&t.Fast, 5*time.Second)
	def(&t.Slow, 30*time.Second)
	def(&t.BackoffBase, 10*time.Second)
	def(&t.BackoffMax, 5*time.Minute)
	return t
}

// PollStatus is what the page's "last updated" indicator shows.
type PollStatus struct {
	LastSuccess time.Time
	LastAttempt time.Time
	NextAt      time.Time
	Err         error // of the last attempt, nil after a success
	Failures    int   // consecutive
	Running     bool
	Paused      bool
}

// Fetch does one refresh and says whether anything is in transition.
type Fetch func(ctx context.Context) (transitional bool, err error)

// Poller runs Fetch on a rhythm: fast while something is transitional, slow
// otherwise, doubling waits after failures, nothing while inactive. Fetches
// run on one goroutine, so two never overlap.
type Poller struct {
	fetch    Fetch
	active   func() bool
	onStatus func(PollStatus)
	clock    Clock
	timing   PollTiming

	force chan struct{} // a refresh is wanted now (queued, coalesced)
	wake  chan struct{} // re-evaluate active() (window shown, view opened)

	mu     sync.Mutex
	status PollStatus
	cancel context.CancelFunc
	done   chan struct{}
}

// NewPoller makes a stopped poller. active is asked before every fetch;
// onStatus hears every change of status.
func NewPoller(fetch Fetch, active func() bool, onStatus func(PollStatus), clock Clock, timing PollTiming) *Poller {
	if clock == nil {
		clock = realClock{}
	}
	if onStatus == nil {
		onStatus = func(PollStatus) {}
	}
	return &Poller{fetch: fetch, active: active, onStatus: onStatus, clock: clock, timing: timing.withDefaults(),
		force: make(chan struct{}, 1), wake: make(chan struct{}, 1)}
}

// Start runs the poller until Stop or until ctx ends. The first fetch is immediate.
func (p *Poller) Start(ctx context.Context) {
	ctx, cancel := context.WithCancel(ctx)
	p.mu.Lock()
	p.cancel, p.done = cancel, make(chan struct{})
	p.mu.Unlock()
	go p.run(ctx)
}

// Stop ends the poller and waits for a running fetch to give up.
func (p *Poller) Stop() {
	p.mu.Lock()
	cancel, done := p.cancel, p.done
	p.mu.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
}

// Refresh asks for a fetch now. A request made while a fetch runs is queued
// (once), so what an action just changed is always seen.
func (p *Poller) Refresh() {
	select {
	case p.force <- struct{}{}:
	default:
	}
}

// Wake makes the poller look at active() again (and fetch if one is due).
func (p *Poller) Wake() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// Status returns the current status.
func (p *Poller) Status() PollStatus {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.status
}

func (p *Poller) update(f func(s *PollStatus)) {
	p.mu.Lock()
	f(&p.status)
	s := p.status
	p.mu.Unlock()
	p.onStatus(s)
}

func (p *Poller) run(ctx context.Context) {
	defer close(p.done)
	var next time.Time // zero: due now
	for {
		forced := false
		if p.active() {
			if wait := next.Sub(p.clock.Now()); wait > 0 {
				select {
				case <-ctx.Done():
					return
				case <-p.clock.After(wait):
				case <-p.force:
					forced = true
				case <-p.wake:
					continue
				}
			}
		} else {
			if !p.Status().Paused {
				p.update(func(s *PollStatus) { s.Paused = true })
			}
			select {
			case <-ctx.Done():
				return
			case <-p.force:
				forced = true
			case <-p.wake:
				continue
			}
		}
		if !forced && !p.active() {
			continue
		}
		next = p.once(ctx)
		if ctx.Err() != nil {
			return
		}
	}
}

// once runs one fetch and returns when the next is due.
func (p *Poller) once(ctx context.Context) time.Time {
	started := p.clock.Now()
	p.update(func(s *PollStatus) { s.Running, s.Paused, s.LastAttempt = true, false, started })
	transitional, err := p.fetch(ctx)
	now := p.clock.Now()
	var next time.Time
	p.update(func(s *PollStatus) {
		s.Running = false
		if err != nil {
			s.Failures++
			s.Err = err
			next = now.Add(p.backoff(s.Failures))
		} else {
			s.Failures, s.Err, s.LastSuccess = 0, nil, now
			next = now.Add(p.timing.Slow)
			if transitional {
				next = now.Add(p.timing.Fast)
			}
		}
		s.NextAt = next
	})
	return next
}

// backoff doubles from BackoffBase up to BackoffMax.
func (p *Poller) backoff(failures int) time.Duration {
	d := p.timing.BackoffBase
	for i := 1; i < failures && d < p.timing.BackoffMax; i++ {
		d *= 2
	}
	return min(d, p.timing.BackoffMax)
}
