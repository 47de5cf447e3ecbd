package clusters

import (
	"github.com/clusterdeck/clusterdeck/backend/notices"

	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"
)

// Delta is one change to a list view, sent as pages arrive and as polls find
// differences. A Reset starts a full pass: the page keeps its rows, upserts
// each page, and on the Complete that ends the pass drops rows it did not see.
type Delta struct {
	Workspace string   `json:"workspace"`
	View      View     `json:"view"`
	Reset     bool     `json:"reset"`
	Complete  bool     `json:"complete"`
	Upserts   []Row    `json:"upserts"`
	Removed   []string `json:"removed"`
	// FetchedAt is when the full listing these rows come from began: the
	// one age of the rows, the same on the list, the top bar and Fleet. A
	// full pass that changed nothing still sends it (a Complete delta
	// without rows), so the page's age moves only with rows it holds.
	FetchedAt string `json:"fetchedAt,omitempty"`
	// Explanations are the rows' termination reasons, each once (see Wire).
	Explanations []Explanation `json:"explanations,omitempty"`
}

// ViewStatus feeds the "last updated" indicator.
type ViewStatus struct {
	Workspace   string    `json:"workspace"`
	View        View      `json:"view"`
	LastSuccess time.Time `json:"-"`
	NextAt      time.Time `json:"-"`
	Running     bool      `json:"running"`
	Paused      bool      `json:"paused"`
	Failures    int       `json:"failures"`
	Err         error     `json:"-"`
	// AttemptAt is when the attempt that ended with Err started: a refusal
	// older than the latest sign-in must not count against it.
	AttemptAt time.Time `json:"-"`
}

// DetailUpdate is the open cluster's latest state, or news of its deletion.
type DetailUpdate struct {
	Workspace string  `json:"workspace"`
	ClusterID string  `json:"clusterId"`
	Deleted   bool    `json:"deleted"`
	Detail    *Detail `json:"detail,omitempty"`
	Err       error   `json:"-"`
}

// Notice is a desktop notification (or in-app toast) about a cluster the
// user started.
type Notice struct {
	Kind      string       `json:"kind"`   // "success" or "error"
	Reason    notices.Kind `json:"reason"` // what happened: Settings turns each off
	Title     string       `json:"title"`
	Body      string       `json:"body"`
	Workspace string       `json:"workspace"`
	ClusterID string       `json:"clusterId"`
}

// Sink receives what the service has to tell the page.
type Sink interface {
	Delta(d Delta)
	Status(s ViewStatus)
	Detail(u DetailUpdate)
	Notice(n Notice)
}

// Options configure a Service.
type Options struct {
	Clients ClientSource
	Sink    Sink
	Clock   Clock
	Timing  PollTiming
	Log     *slog.Logger
	// FollowFor is how long a started cluster is followed for its notice.
	FollowFor time.Duration
	// Pricer estimates what running rows cost per hour (nil: no estimate).
	Pricer Pricer
	// ListRetry is how long one list call may retry 429/5xx answers inside
	// the SDK before the poll counts as failed (default ListRetryBudget).
	ListRetry time.Duration
	// Listed is told each time a full listing has ended: the app's largest
	// burst of short-lived memory (nil: nobody is told).
	Listed func()
}

// Service owns the list pollers (one per workspace view; only the view the
// page shows is watched), the poller of the
// open cluster, the follow-ups behind notifications, and the actions.
type Service struct {
	clients *clientSet
	pricer  Pricer
	listed  func()
	sink    Sink
	clock   Clock
	timing  PollTiming
	log     *slog.Logger
	follow  time.Duration
	ctx     context.Context

	mu      sync.Mutex
	hidden  bool
	views   map[viewKey]*listView
	detail  *detailView
	follows map[string]map[string]followUp // workspace → cluster id
	pinned  map[viewKey]map[string]bool    // last known pinned ids per list
	busy    map[string]bool                // "ws/id/action" being sent
	up      map[string]map[string]bool     // workspace → clusters last seen up (failures.go)
}

// NewService builds a service whose pollers live until ctx ends.
func NewService(ctx context.Context, o Options) *Service {
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.Clock == nil {
		o.Clock = realClock{}
	}
	if o.FollowFor <= 0 {
		o.FollowFor = 30 * time.Minute
	}
	if o.ListRetry <= 0 {
		o.ListRetry = ListRetryBudget
	}
	return &Service{clients: newClientSet(o.Clients, o.ListRetry), sink: o.Sink, clock: o.Clock, timing: o.Timing,
		log: o.Log, follow: o.FollowFor, ctx: ctx, views: map[viewKey]*listView{},
		follows: map[string]map[string]followUp{}, pinned: map[viewKey]map[string]bool{}, busy: map[string]bool{},
		up: map[string]map[string]bool{}, pricer: o.Pricer, listed: o.Listed}
}

// price sets the estimated cost of the rows that bill.
func (s *Service) price(ws string, rows []Row) {
	if s.pricer != nil {
		s.pricer.PriceRows(ws, rows)
	}
}

type viewKey struct {
	ws   string
	view View
}

// listView is one workspace's list as the page shows it.
type listView struct {
	svc     *Service
	ws      string
	view    View
	watched bool // guarded by svc.mu
	fleet   bool // guarded by svc.mu: the fleet page shows it
	poller  *Poller
	// published is the last good list, for the fleet (guarded by svc.mu):
	// the rows of snapshot, shared.
	published   []Row
	publishedAt time.Time
	// Owned by the poller goroutine.
	snapshot RowSet
	fullDue  time.Time // when the next full pass is due, transitional or not
	restream bool      // guarded by svc.mu: send everything again on the next pass
	full     bool      // guarded by svc.mu: the user asked for a full pass
}

// Watch shows a workspace's view: its rows stream in as Deltas, then update
// by diff. The window shows one list at a time, so every other view (other
// tabs, other workspaces) stops being watched: its poller pauses unless it
// follows a cluster the user started.
func (s *Service) Watch(ws string, v View) error {
	if !v.Valid() {
		return fmt.Errorf("%w: unknown view %q", ErrBadView, v)
	}
	s.mu.Lock()
	var others []*Poller
	for k, o := range s.views {
		if k != (viewKey{ws, v}) && o.watched {
			o.watched = false
			others = append(others, o.poller)
		}
	}
	lv, existed := s.views[viewKey{ws, v}]
	if !existed {
		lv = s.newViewLocked(ws, v)
	}
	lv.watched, lv.restream = true, existed
	s.mu.Unlock()
	for _, p := range others {
		p.Wake() // re-reads active() and pauses
	}
	if existed {
		lv.poller.Refresh()
		lv.poller.Wake()
	} else {
		lv.poller.Start(s.ctx)
	}
	return nil
}

// newViewLocked registers a view whose poller the caller starts.
func (s *Service) newViewLocked(ws string, v View) *listView {
	lv := &listView{svc: s, ws: ws, view: v}
	lv.poller = NewPoller(lv.fetch, lv.active, lv.status, s.clock, s.timing)
	s.views[viewKey{ws, v}] = lv
	return lv
}

// viewsOf returns the workspace's views; watchedOnly keeps the one shown.
func (s *Service) viewsOf(ws string, watchedOnly bool) []*listView {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*listView
	for k, lv := range s.views {
		if k.ws == ws && (lv.watched || !watchedOnly) {
			out = append(out, lv)
		}
	}
	return out
}

// Unwatch tells the service the page no longer shows the workspace's list.
// Its pollers pause, unless a started cluster is still being followed.
func (s *Service) Unwatch(ws string) {
	for _, lv := range s.viewsOf(ws, false) {
		s.mu.Lock()
		lv.watched = false
		s.mu.Unlock()
		lv.poller.Wake()
	}
}

// SetVisible pauses (false) or resumes (true) every poller: the page calls it
// when the window is hidden or shown.
func (s *Service) SetVisible(visible bool) {
	s.mu.Lock()
	s.hidden = !visible
	pollers := s.pollersLocked()
	s.mu.Unlock()
	for _, p := range pollers {
		p.Wake()
	}
}

// Refresh polls a workspace's list now. It reports false, and does nothing,
// while a poll is already running.
func (s *Service) Refresh(ws string) bool {
	shown := s.viewsOf(ws, true)
	if len(shown) == 0 || shown[0].poller.Status().Running {
		return false
	}
	s.mu.Lock()
	shown[0].full = true
	s.mu.Unlock()
	shown[0].poller.Refresh()
	return true
}

// Close stops every poller.
func (s *Service) Close() {
	s.mu.Lock()
	pollers := s.pollersLocked()
	s.mu.Unlock()
	for _, p := range pollers {
		p.Stop()
	}
}

func (s *Service) pollersLocked() []*Poller {
	var out []*Poller
	for _, lv := range s.views {
		out = append(out, lv.poller)
	}
	if s.detail != nil {
		out = append(out, s.detail.poller)
	}
	return out
}

// active: shown in a visible window, or following a cluster of this view the
// user started (the notice must come even when the window is hidden).
func (lv *listView) active() bool {
	s := lv.svc
	s.mu.Lock()
	defer s.mu.Unlock()
	return ((lv.watched || lv.fleet) && !s.hidden) || s.followsInLocked(lv.ws, lv.view)
}

// publish shares the view's rows as the full pass begun at fetched left them.
func (lv *listView) publish(fetched time.Time) {
	lv.svc.mu.Lock()
	lv.published, lv.publishedAt = lv.snapshot.Rows(), fetched
	lv.svc.mu.Unlock()
}

// republish shares rows a transitional pass updated; their age stays the
// last full pass's (the other rows were not read again).
func (lv *listView) republish() {
	lv.svc.mu.Lock()
	lv.published = lv.snapshot.Rows()
	lv.svc.mu.Unlock()
}

func (lv *listView) status(p PollStatus) {
	lv.svc.sink.Status(ViewStatus{Workspace: lv.ws, View: lv.view, LastSuccess: p.LastSuccess, NextAt: p.NextAt,
		Running: p.Running, Paused: p.Paused, Failures: p.Failures, Err: p.Err, AttemptAt: p.LastAttempt})
}

func (lv *listView) fetch(ctx context.Context) (bool, error) {
	s := lv.svc
	_, walker, err := s.clients.get(ctx, lv.ws)
	if err != nil {
		return false, err
	}
	s.mu.Lock()
	stream := !lv.snapshot.loaded() || lv.restream
	full := stream || lv.full
	lv.restream, lv.full = false, false
	s.mu.Unlock()
	if !full && s.clock.Now().Before(lv.fullDue) {
		if done, transitional, err := lv.fetchTransitional(ctx, walker); done {
			return transitional, err
		}
	}
	started := s.clock.Now()
	fetchedAt := started.UTC().Format(time.RFC3339)
	lv.fullDue = started.Add(s.timing.withDefaults().Slow)
	var all []Row
	first := true
	_, err = ListPages(ctx, walker, lv.view, func(rows []Row) error {
		s.price(lv.ws, rows)
		all = append(all, rows...)
		if stream {
			s.sink.Delta(Delta{Workspace: lv.ws, View: lv.view, Reset: first, Upserts: rows, FetchedAt: fetchedAt})
			first = false
		}
		return nil
	})
	if err != nil {
		if stream {
			s.mu.Lock()
			lv.restream = true // the page has a partial pass: finish it next time
			s.mu.Unlock()
		}
		return false, err
	}
	if stream {
		s.sink.Delta(Delta{Workspace: lv.ws, View: lv.view, Reset: first, Complete: true, Upserts: []Row{}, FetchedAt: fetchedAt})
	} else {
		up, rm := Diff(lv.snapshot, all)
		s.sink.Delta(Delta{Workspace: lv.ws, View: lv.view, Complete: true, Upserts: up, Removed: rm, FetchedAt: fetchedAt})
	}
	pinned := map[string]bool{}
	transitional := false
	for _, r := range all {
		transitional = transitional || r.Transitional
		if r.Pinned {
			pinned[r.ID] = true
		}
	}
	lv.snapshot = NewRowSet(all)
	lv.publish(started)
	s.mu.Lock()
	s.pinned[viewKey{lv.ws, lv.view}] = pinned
	s.mu.Unlock()
	s.observe(lv.ws, lv.snapshot, lv.view)
	s.watchFailures(lv.ws, all)
	if s.listed != nil {
		s.listed()
	}
	return transitional, nil
}
