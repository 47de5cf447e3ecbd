package catalog

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// ClientFunc returns the SDK client of a workspace (workspaces.Manager.Client).
type ClientFunc func(ctx context.Context, workspaceID string) (*workspaceapi.Client, error)

// Status is what the UI shows about a workspace's catalog and reachability.
type Status struct {
	WorkspaceID string    `json:"workspaceId"`
	Offline     bool      `json:"offline"`         // last refresh could not reach the workspace
	Error       string    `json:"error,omitempty"` // last refresh failure
	Hint        string    `json:"hint,omitempty"`
	FetchedAt   time.Time `json:"fetchedAt"`  // oldest cached section (zero: nothing cached)
	AgeSeconds  int64     `json:"ageSeconds"` // how old the cached data is
	CheckedAt   time.Time `json:"checkedAt"`  // last refresh attempt
	Refreshing  bool      `json:"refreshing"`
}

// RefresherOptions tune the background refresh. Zero values get defaults.
type RefresherOptions struct {
	Interval   time.Duration    // between refreshes of one workspace (default 15 min)
	MaxBackoff time.Duration    // cap of the backoff after failures (default 1 h)
	Timeout    time.Duration    // bound of one refresh (default 2 min)
	Now        func() time.Time // default time.Now
}

// Refresher refreshes catalogs in the background, one refresh at a time per
// workspace, backing off after failures, and tracks reachability.
type Refresher struct {
	cache   *Cache
	clients ClientFunc
	opts    RefresherOptions

	mu    sync.Mutex
	state map[string]*wsState
}

type wsState struct {
	running   bool
	done      chan struct{} // closed when the running refresh ends
	failures  int
	next      time.Time
	checkedAt time.Time
	err       error
}

// ErrBusy is returned by RefreshNow when a refresh of that workspace is
// already running.
var ErrBusy = errors.New("a refresh of this workspace is already running")

// NewRefresher returns a refresher over cache.
func NewRefresher(cache *Cache, clients ClientFunc, opts RefresherOptions) *Refresher {
	if opts.Interval <= 0 {
		opts.Interval = 15 * time.Minute
	}
	if opts.MaxBackoff <= 0 {
		opts.MaxBackoff = time.Hour
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 2 * time.Minute
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Refresher{cache: cache, clients: clients, opts: opts, state: map[string]*wsState{}}
}

// Cache returns the underlying cache.
func (r *Refresher) Cache() *Cache { return r.cache }

func (r *Refresher) get(id string) *wsState {
	st, ok := r.state[id]
	if !ok {
		st = &wsState{}
		r.state[id] = st
	}
	return st
}

// RefreshNow refreshes one workspace now (ErrBusy if one is running).
func (r *Refresher) RefreshNow(ctx context.Context, id string) (Snapshot, error) {
	return r.refreshNow(ctx, id, r.opts.Timeout, nil)
}

// RefreshInteractive is RefreshNow for a user who waits for the answer: the
// whole refresh is bounded by timeout (not Options.Timeout), and reachable
// runs first so an unreachable host fails at once instead of after the
// SDK's retries of a refused connection. Its failure is recorded like any
// other (the card shows the workspace offline).
func (r *Refresher) RefreshInteractive(ctx context.Context, id string, timeout time.Duration, reachable func(context.Context) error) (Snapshot, error) {
	return r.refreshNow(ctx, id, timeout, reachable)
}

func (r *Refresher) refreshNow(ctx context.Context, id string, timeout time.Duration, reachable func(context.Context) error) (Snapshot, error) {
	r.mu.Lock()
	st := r.get(id)
	if st.running {
		r.mu.Unlock()
		return Snapshot{}, ErrBusy
	}
	st.running, st.done = true, make(chan struct{})
	r.mu.Unlock()

	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var (
		snap Snapshot
		err  error
	)
	if reachable != nil {
		err = reachable(ctx)
	}
	if err != nil {
		snap, _ = r.cache.Load(id)
		err = workspaces.ClassifyError(err)
	} else {
		snap, err = r.refresh(ctx, id)
	}

	r.mu.Lock()
	defer r.mu.Unlock()
	st.running, st.err, st.checkedAt = false, err, r.opts.Now()
	close(st.done)
	if err != nil {
		st.failures++
	} else {
		st.failures = 0
	}
	st.next = st.checkedAt.Add(r.backoff(st.failures))
	return snap, err
}

// Ensure returns the cached catalog, fetching it first when nothing is
// cached yet (a fresh install, or a cache that was cleared); when a refresh
// of the workspace is already running it waits for that one. A partial
// refresh still gives the sections that worked.
func (r *Refresher) Ensure(ctx context.Context, id string) (Snapshot, error) {
	snap, err := r.cache.Load(id)
	if err == nil {
		return snap, nil
	}
	if !errors.Is(err, ErrNotCached) {
		return Snapshot{}, fmt.Errorf("read catalog cache: %w", err)
	}
	snap, err = r.RefreshNow(ctx, id)
	if !errors.Is(err, ErrBusy) {
		if snap.WorkspaceID == "" && err != nil {
			return Snapshot{}, err
		}
		return snap, nil
	}
	// Another refresh is filling the cache: wait for it, then look again.
	if done := r.running(id); done != nil {
		select {
		case <-done:
		case <-ctx.Done():
			return Snapshot{}, ctx.Err()
		}
	}
	if snap, err := r.cache.Load(id); err == nil {
		return snap, nil
	}
	return Snapshot{}, r.lastErr(id) // it ended with nothing cached
}

// running is the done channel of the workspace's running refresh; nil when
// none runs.
func (r *Refresher) running(id string) <-chan struct{} {
	r.mu.Lock()
	defer r.mu.Unlock()
	if st := r.get(id); st.running {
		return st.done
	}
	return nil
}

// lastErr is the workspace's last refresh failure (ErrNotCached when none).
func (r *Refresher) lastErr(id string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.get(id).err; err != nil {
		return err
	}
	return ErrNotCached
}

func (r *Refresher) refresh(ctx context.Context, id string) (Snapshot, error) {
	w, err := r.clients(ctx, id)
	if err != nil {
		snap, _ := r.cache.Load(id)
		return snap, workspaces.ClassifyError(err)
	}
	return r.cache.Refresh(ctx, id, w, r.opts.Now)
}

func (r *Refresher) backoff(failures int) time.Duration {
	d := r.opts.Interval
	for i := 0; i < failures && d < r.opts.MaxBackoff; i++ {
		d *= 2
	}
	return min(d, r.opts.MaxBackoff)
}

// Due returns the workspaces among ids whose next refresh time has come.
func (r *Refresher) Due(ids []string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.opts.Now()
	var due []string
	for _, id := range ids {
		st := r.get(id)
		if !st.running && !now.Before(st.next) {
			due = append(due, id)
		}
	}
	return due
}

// Run refreshes due workspaces (listed by ids) every tick until ctx ends.
// The app starts it once in a goroutine.
func (r *Refresher) Run(ctx context.Context, ids func() []string, tick time.Duration) {
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		for _, id := range r.Due(ids()) {
			_, _ = r.RefreshNow(ctx, id)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Status reports a workspace's reachability and the age of its cached data.
func (r *Refresher) Status(id string) Status {
	snap, _ := r.cache.Load(id)
	r.mu.Lock()
	st := *r.get(id)
	r.mu.Unlock()
	out := Status{WorkspaceID: id, FetchedAt: snap.FetchedAt(), CheckedAt: st.checkedAt, Refreshing: st.running}
	if age := snap.Age(r.opts.Now()); age > 0 {
		out.AgeSeconds = int64(age / time.Second)
	}
	if st.err != nil {
		out.Error = st.err.Error()
		out.Hint = workspaces.HintOf(st.err)
		out.Offline = workspaces.IsOffline(st.err)
	}
	return out
}

// Forget drops a workspace's state and cache (workspace deleted, demo reset).
func (r *Refresher) Forget(id string) error {
	r.mu.Lock()
	delete(r.state, id)
	r.mu.Unlock()
	return r.cache.Remove(id)
}
