// Package session keeps what is true for this run of the app only: which
// workspace is active and how each one answered its last connection check.
// Profiles, secrets and SDK clients belong to the workspaces package.
package session

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// ErrUnknownWorkspace is returned for an id that is not configured.
var ErrUnknownWorkspace = errors.New("no such workspace")

// Directory is the part of workspaces.Manager a session uses.
type Directory interface {
	List() []workspaces.Profile
	TestConnection(ctx context.Context, id string) (workspaces.ConnectionResult, error)
}

// Session is safe for concurrent use.
type Session struct {
	dir      Directory
	now      func() time.Time
	timeout  time.Duration
	onStatus func(id string, st Status)
	remember *memory
	log      *slog.Logger

	mu          sync.Mutex
	active      string
	status      map[string]Status
	seq         uint64            // the last Status.Seq given
	checks      map[string]uint64 // checks begun per workspace: the last one decides
	subscribers []func(id string, st Status)
}

// Options tune a Session; zero values pick sensible defaults.
type Options struct {
	Now          func() time.Time
	CheckTimeout time.Duration              // upper bound for one connection check
	OnStatus     func(id string, st Status) // told whenever a status changes
	// StateFile remembers the active workspace across runs ("" = do not).
	StateFile string
	Log       *slog.Logger // default: discard
}

// New returns a session over dir. Until Select is called, the first
// workspace dir lists is active.
func New(dir Directory, o Options) *Session {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.CheckTimeout == 0 {
		o.CheckTimeout = workspaces.TimeoutCheck
	}
	if o.OnStatus == nil {
		o.OnStatus = func(string, Status) {}
	}
	if o.Log == nil {
		o.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s := &Session{dir: dir, now: o.Now, timeout: o.CheckTimeout, onStatus: o.OnStatus,
		status: map[string]Status{}, checks: map[string]uint64{}, log: o.Log}
	if o.StateFile != "" {
		s.remember = &memory{path: o.StateFile}
		if id, err := s.remember.load(); err != nil {
			s.log.Warn("last active workspace not restored", "err", err)
		} else {
			s.active = id
		}
	}
	return s
}

// Subscribe adds a listener told of every status change (after OnStatus).
func (s *Session) Subscribe(fn func(id string, st Status)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.subscribers = append(s.subscribers, fn)
}

// Forget drops what the session knows of a removed workspace.
func (s *Session) Forget(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.status, id)
}

// List returns the configured workspaces.
func (s *Session) List() []workspaces.Profile { return s.dir.List() }

// Active returns the active workspace, if there is any workspace at all.
func (s *Session) Active() (workspaces.Profile, bool) {
	list := s.dir.List()
	s.mu.Lock()
	active := s.active
	s.mu.Unlock()
	for _, p := range list {
		if p.ID == active {
			return p, true
		}
	}
	if len(list) == 0 {
		return workspaces.Profile{}, false
	}
	return list[0], true // the chosen one was removed, or none was chosen yet
}

// Select makes id the active workspace.
func (s *Session) Select(id string) (workspaces.Profile, error) {
	p, err := s.find(id)
	if err != nil {
		return workspaces.Profile{}, err
	}
	s.mu.Lock()
	changed := s.active != id
	s.active = id
	s.mu.Unlock()
	if changed && s.remember != nil {
		// Failing to remember the choice must not fail the switch itself.
		if err := s.remember.save(id); err != nil {
			s.log.Warn("last active workspace not saved", "err", err)
		}
	}
	return p, nil
}

func (s *Session) find(id string) (workspaces.Profile, error) {
	for _, p := range s.dir.List() {
		if p.ID == id {
			return p, nil
		}
	}
	return workspaces.Profile{}, fmt.Errorf("%w: %q", ErrUnknownWorkspace, id)
}

// Host is the workspace's address ("" when it is not open), e.g. for the
// provider block of an export.
func (s *Session) Host(id string) string {
	p, _ := s.find(id)
	return p.Host
}
