package session

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// NetworkEvents runs until ctx ends, calling wake when the system says the
// network changed or the machine woke (netwatch.System).
type NetworkEvents func(ctx context.Context, wake func(reason string)) error

// MonitorTick is how often the loop looks for work; each look is cheap
// (in-memory state), the work itself follows the monitor's backoff.
const MonitorTick = time.Second

// Loop runs a Monitor in the background for the app's lifetime: its ticks,
// the system's network news, and the freshening that follows a switch.
// Stop ends all of it and waits, so nothing writes the data folders after.
type Loop struct {
	monitor *Monitor
	network NetworkEvents // nil: connections are checked on the timer only
	log     *slog.Logger
	tick    time.Duration

	mu     sync.Mutex
	ctx    context.Context // the running loop's (Background until Start)
	cancel context.CancelFunc
	jobs   sync.WaitGroup // Freshen calls
	loop   sync.WaitGroup // the ticker and the network listener
}

// NewLoop returns a loop that is not running yet.
func NewLoop(m *Monitor, network NetworkEvents, log *slog.Logger) *Loop {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Loop{monitor: m, network: network, log: log, tick: MonitorTick, ctx: context.Background()}
}

// Start runs the loop until ctx ends or Stop is called. A nil Loop (a run
// with no session) does nothing, here and in Freshen, Settle and Stop.
func (l *Loop) Start(ctx context.Context) {
	if l == nil {
		return
	}
	ctx, cancel := context.WithCancel(ctx)
	l.mu.Lock()
	l.ctx, l.cancel = ctx, cancel
	l.mu.Unlock()
	l.loop.Add(1)
	go func() {
		defer l.loop.Done()
		l.monitor.Run(ctx, l.tick)
	}()
	if l.network == nil {
		return
	}
	l.loop.Add(1)
	go func() {
		defer l.loop.Done()
		err := l.network(ctx, func(reason string) { l.monitor.Wake(ctx, reason) })
		if err != nil {
			l.log.Info("network changes are not heard; connections are checked on a timer", "err", err)
		}
	}()
}

// Context is the running loop's context: calls the user made that should
// end with the app use it.
func (l *Loop) Context() context.Context {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.ctx
}

// Freshen brings a workspace the user just switched to up to date without
// holding up the answer (Monitor.Freshen).
func (l *Loop) Freshen(id string) {
	if l == nil {
		return
	}
	ctx := l.Context()
	l.jobs.Add(1)
	go func() {
		defer l.jobs.Done()
		l.monitor.Freshen(ctx, id)
	}()
}

// Settle waits for the Freshen calls under way (tests, and Stop).
func (l *Loop) Settle() {
	if l != nil {
		l.jobs.Wait()
	}
}

// Stop ends the loop and waits for everything it started.
func (l *Loop) Stop() {
	if l == nil {
		return
	}
	l.mu.Lock()
	cancel := l.cancel
	l.mu.Unlock()
	if cancel != nil {
		cancel()
	}
	l.jobs.Wait()
	l.loop.Wait()
}
