package session

import (
	"context"
	"sync"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
)

// CatalogRefresher is the part of catalog.Refresher the monitor drives.
type CatalogRefresher interface {
	Due(ids []string) []string
	RefreshNow(ctx context.Context, id string) (catalog.Snapshot, error)
}

// MonitorOptions tune the background loop; zero values get defaults.
type MonitorOptions struct {
	// HealthInterval is how often the active workspace is re-checked while
	// online, so a lost connection shows without user action (default 30 s).
	HealthInterval time.Duration
	// RetryMin and RetryMax bound the backoff between reconnection attempts
	// to an offline workspace (defaults 2 s and 1 min).
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
	busy     map[string]bool // a check or refresh started by the monitor runs
}

// NewMonitor returns a monitor over s; c may be nil (no catalog refresh).
func NewMonitor(s *Session, c CatalogRefresher, o MonitorOptions) *Monitor {
	if o.HealthInterval <= 0 {
		o.HealthInterval = 30 * time.Second
	}
	if o.RetryMin <= 0 {
		o.RetryMin = 2 * time.Second
	}
	if o.RetryMax <= 0 {
		o.RetryMax = time.Minute
	}
	if o.OnCatalog == nil {
		o.OnCatalog = func(string, error) {}
	}
	m := &Monitor{s: s, catalog: c, opts: o, failures: map[string]int{}, busy: map[string]bool{}}
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

// claim marks id busy; false if it already was.
func (m *Monitor) claim(id string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.busy[id] {
		return false
	}
	m.busy[id] = true
	return true
}

func (m *Monitor) release(id string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.busy, id)
}

// Tick runs one pass: the due connection checks (in parallel), then the
// due catalog refreshes of online workspaces. It returns when all are done.
func (m *Monitor) Tick(ctx context.Context) {
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
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.RefreshCatalog(ctx, id)
		}()
	}
	wg.Wait()
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
	if m.catalog == nil || !m.claim(id) {
		return
	}
	defer m.release(id)
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

// Run ticks every interval until ctx ends. The app starts it once.
func (m *Monitor) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		m.Tick(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
