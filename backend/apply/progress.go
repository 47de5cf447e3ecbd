package apply

import (
	"sync"
	"time"
)

// Progress receives a plain sentence naming the step an operation is on
// ("Sending create (attempt 2 of 3)"). Nil means nobody listens.
type Progress func(step string)

func (p Progress) step(s string) {
	if p != nil {
		p(s)
	}
}

// ProgressEvent is what the page receives for each step.
type ProgressEvent struct {
	OperationID string `json:"operationId"`
	Step        string `json:"step"`
}

// ProgressEvery is the shortest gap between two steps the page is told.
const ProgressEvery = 100 * time.Millisecond

// Throttle passes steps on at most once per interval. A step that comes too
// soon is held and sent when the interval ends (only the latest one), so the
// page never shows a step the operation has already left for long.
type Throttle struct {
	emit    Progress
	every   time.Duration
	now     func() time.Time
	after   func(time.Duration, func()) // time.AfterFunc, injectable for tests
	mu      sync.Mutex
	last    time.Time
	held    string
	waiting bool
	stopped bool
}

// NewThrottle wraps emit; now and after default to the real clock.
func NewThrottle(emit Progress, every time.Duration, now func() time.Time, after func(time.Duration, func())) *Throttle {
	if now == nil {
		now = time.Now
	}
	if after == nil {
		after = func(d time.Duration, f func()) { time.AfterFunc(d, f) }
	}
	return &Throttle{emit: emit, every: every, now: now, after: after}
}

// Step reports s now, or when the interval since the last report ends.
func (t *Throttle) Step(s string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stopped || t.emit == nil {
		return
	}
	now := t.now()
	if wait := t.every - now.Sub(t.last); !t.last.IsZero() && wait > 0 {
		t.held = s
		if !t.waiting {
			t.waiting = true
			t.after(wait, t.flush)
		}
		return
	}
	t.last = now
	t.emit(s)
}

func (t *Throttle) flush() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.waiting = false
	if t.stopped || t.held == "" {
		return
	}
	t.last = t.now()
	t.emit(t.held)
	t.held = ""
}

// Stop drops any held step: the operation's answer says the rest.
func (t *Throttle) Stop() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stopped = true
}
