package session

import (
	"context"
	"sync"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// CatalogRefresher is the part of catalog.Refresher the monitor drives.
type CatalogRefresher interface {
	Due(ids []string) []string
	RefreshNow(ctx context.Context, id string) (catalog.Snapshot, error)
}

// MonitorOptions tune the background loop; zero values get defaults.
type MonitorOptions struct {
	// HealthInterval is how often the active workspace is re-checked while
	// online, so a lost connection shows without user action (default
	// workspaces.CheckEvery).
	HealthInterval time.Duration
	// RetryMin and RetryMax bound the backoff between reconnection attempts
	// to an offline workspace (defaults workspaces.ReconnectMin and Max).
	RetryMin time.Duration
	RetryMax time.Duration
	// OnCatalog is told after every background catalog refresh.
	OnCatalog func(id string, err error)
}

// Monitor keeps workspaces connected in the background: it re-checks the
// active workspace now and then, retries offline ones with a growing delay
// until they answer, and refreshes the catalog cache of online ones when it
// is due. Workspaces that refused our credentials are left alone: only the
// user can fix those.
type Monitor struct {
	s       *Session
	catalog CatalogRefresher
	opts    MonitorOptions

	mu       sync.Mutex
	failures map[string]int  // consecutive offline answers
	busy     map[string]bool // a check started by the monitor runs
	// refreshing marks a catalog refresh (up to minutes long): apart from
	// busy, so a refresh never holds up a connection check.
	refreshing map[string]bool
	bg         sync.WaitGroup  // refreshes Run started and does not wait for
	ctx        context.Context // Run's, for checks started by Observe and Wake; nil before Run
}

// NewMonitor returns a monitor over s; c may be nil (no catalog refresh).
func NewMonitor(s *Session, c CatalogRefresher, o MonitorOptions) *Monitor {
	if o.HealthInterval <= 0 {
		o.HealthInterval = workspaces.CheckEvery
	}
	if o.RetryMin <= 0 {
		o.RetryMin = workspaces.ReconnectMin
	}
	if o.RetryMax <= 0 {
		o.RetryMax = workspaces.ReconnectMax
	}
	if o.OnCatalog == nil {
		o.OnCatalog = func(string, error) {}
	}
	m := &Monitor{s: s, catalog: c, opts: o, failures: map[string]int{}, busy: map[string]bool{},
		refreshing: map[string]bool{}}
	s.Subscribe(m.observe)
	return m
}

// observe counts consecutive offline answers, whoever asked for the check.
func (m *Monitor) observe(id string, st Status) {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch st.State {
	case StateOffline:
		m.failures[id]++
	case StateOnline, StateUnauthorized:
		delete(m.failures, id)
	}
}

// RetryDelay is how long the monitor waits after the n-th consecutive
// offline answer before trying again.
func (m *Monitor) RetryDelay(n int) time.Duration {
	d := m.opts.RetryMin
	for i := 1; i < n && d < m.opts.RetryMax; i++ {
		d *= 2
	}
	return min(d, m.opts.RetryMax)
}

// NextRetry reports when an offline workspace will be tried again (zero if
// it is not offline).
func (m *Monitor) NextRetry(id string) time.Time {
	st, err := m.s.Status(id)
	if err != nil || st.State != StateOffline {
		return time.Time{}
	}
	m.mu.Lock()
	n := m.failures[id]
	m.mu.Unlock()
	return st.CheckedAt.Add(m.RetryDelay(max(n, 1)))
}

// dueChecks lists the workspaces to contact now.
func (m *Monitor) dueChecks() []string {
	active, ok := m.s.Active()
	now := m.s.now()
	var due []string
	for _, p := range m.s.List() {
		st, err := m.s.Status(p.ID)
		if err != nil || m.isBusy(p.ID) {
			continue
		}
		isActive := ok && p.ID == active.ID
		switch {
		case st.State == StateOffline && !now.Before(m.NextRetry(p.ID)):
			due = append(due, p.ID)
		case isActive && st.State == StateUnknown:
			due = append(due, p.ID)
		case isActive && st.State == StateOnline && now.Sub(st.CheckedAt) >= m.opts.HealthInterval:
			due = append(due, p.ID)
		}
	}
	return due
}

func (m *Monitor) isBusy(id string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.busy[id]
}

// claim marks id busy with a check; false if it already was.
func (m *Monitor) claim(id string) bool { return m.mark(m.busy, id) }

func (m *Monitor) release(id string) { m.unmark(m.busy, id) }

func (m *Monitor) mark(set map[string]bool, id string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if set[id] {
		return false
	}
	set[id] = true
	return true
}

func (m *Monitor) unmark(set map[string]bool, id string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(set, id)
}

// Tick runs one pass: the due connection checks (in parallel), then the
// due catalog refreshes of online workspaces. It returns when all are done.
func (m *Monitor) Tick(ctx context.Context) {
	m.tick(ctx, true)
	m.bg.Wait()
}

// tick is Tick; unless waitCatalog, the catalog refreshes go on behind it
// (in m.bg), so a slow one does not hold up the next checks.
func (m *Monitor) tick(ctx context.Context, waitCatalog bool) {
	var wg sync.WaitGroup
	for _, id := range m.dueChecks() {
		if !m.claim(id) {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer m.release(id)
			_, _ = m.s.Check(ctx, id)
		}()
	}
	wg.Wait()
	if m.catalog == nil {
		return
	}
	for _, id := range m.catalog.Due(m.online()) {
		m.bg.Add(1)
		go func() {
			defer m.bg.Done()
			m.RefreshCatalog(ctx, id)
		}()
	}
	if waitCatalog {
		m.bg.Wait()
	}
}

func (m *Monitor) online() []string {
	var ids []string
	for _, p := range m.s.List() {
		if st, err := m.s.Status(p.ID); err == nil && st.State == StateOnline {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

// RefreshCatalog refreshes one workspace's catalog now unless the monitor
// is already busy with it, and reports the outcome to OnCatalog.
func (m *Monitor) RefreshCatalog(ctx context.Context, id string) {
	if m.catalog == nil || !m.mark(m.refreshing, id) {
		return
	}
	defer m.unmark(m.refreshing, id)
	_, err := m.catalog.RefreshNow(ctx, id)
	m.opts.OnCatalog(id, err)
}

// Freshen brings a workspace the user just switched to up to date: its
// connection is checked unless it is online (or being checked), and an
// online workspace gets its catalog refreshed.
func (m *Monitor) Freshen(ctx context.Context, id string) {
	st, err := m.s.Status(id)
	if err != nil {
		return
	}
	if st.State != StateOnline && st.State != StateChecking {
		if st, err = m.s.Check(ctx, id); err != nil {
			return
		}
	}
	if st.State == StateOnline {
		m.RefreshCatalog(ctx, id)
	}
}

// Run ticks every interval until ctx ends. The app starts it once. A tick
// that finds the wall clock jumped ahead of the monotonic one (the laptop
// slept) wakes the monitor.
func (m *Monitor) Run(ctx context.Context, every time.Duration) {
	m.mu.Lock()
	m.ctx = ctx
	m.mu.Unlock()
	t := time.NewTicker(every)
	defer t.Stop()
	defer m.bg.Wait() // nothing writes the catalog cache after Run
	last := time.Now()
	for {
		m.tick(ctx, false)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		now := time.Now()
		// Round(0) drops the monotonic reading: a wall-clock difference.
		if Resumed(now.Round(0).Sub(last.Round(0)), now.Sub(last), every) {
			m.Wake(ctx, "resumed from sleep")
		}
		last = now
	}
}

// Resumed reports whether, between two readings of the clocks, the wall
// clock moved more than the monotonic one (beyond slack, at least 5 s):
// the monotonic clock stands still while the machine sleeps, the wall
// clock does not.
func Resumed(wall, mono, slack time.Duration) bool {
	return wall-mono > max(slack, 5*time.Second)
}

// Wake checks every workspace that is offline or active now, its backoff
// forgotten: the network changed (NetworkManager said so, or the laptop
// resumed), so what was true a minute ago says little.
func (m *Monitor) Wake(ctx context.Context, reason string) {
	m.s.log.Info("checking connections", "reason", reason)
	active, ok := m.s.Active()
	for _, p := range m.s.List() {
		st, err := m.s.Status(p.ID)
		if err != nil || st.State == StateUnauthorized {
			continue
		}
		if st.State == StateOffline || (ok && p.ID == active.ID) {
			m.mu.Lock()
			delete(m.failures, p.ID)
			m.mu.Unlock()
			m.checkSoon(ctx, p.ID)
		}
	}
}

// Observe hears how a call of any kind went (a workspaces.Observer): a
// failure while the workspace seems online, or an answer while it seems
// offline, has it checked now instead of at the next interval, so the
// state follows the network within one check.
func (m *Monitor) Observe(id string, failed error) {
	st, err := m.s.Status(id)
	if err != nil {
		return
	}
	if (failed != nil && st.State == StateOnline) || (failed == nil && st.State == StateOffline) {
		m.mu.Lock()
		ctx := m.ctx
		m.mu.Unlock()
		if ctx != nil {
			m.checkSoon(ctx, id)
		}
	}
}

// checkSoon checks id in the background unless the monitor already is.
func (m *Monitor) checkSoon(ctx context.Context, id string) {
	if ctx.Err() != nil || !m.claim(id) {
		return
	}
	// Not in m.bg: a check writes no file, and Observe may call this while
	// Run is returning.
	go func() {
		defer m.release(id)
		_, _ = m.s.Check(ctx, id)
	}()
}
