// Package session keeps what is true for this run of the app only: which
// workspace is active and how each one answered its last connection check.
// Profiles, secrets and SDK clients belong to the workspaces package.
package session

import (
	"context"
	"errors"
	"fmt"
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

	mu     sync.Mutex
	active string
	status map[string]Status
}

// Options tune a Session; zero values pick sensible defaults.
type Options struct {
	Now          func() time.Time
	CheckTimeout time.Duration              // upper bound for one connection check
	OnStatus     func(id string, st Status) // told whenever a status changes
}

// New returns a session over dir. Until Select is called, the first
// workspace dir lists is active.
func New(dir Directory, o Options) *Session {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.CheckTimeout == 0 {
		o.CheckTimeout = 15 * time.Second
	}
	if o.OnStatus == nil {
		o.OnStatus = func(string, Status) {}
	}
	return &Session{dir: dir, now: o.Now, timeout: o.CheckTimeout, onStatus: o.OnStatus,
		status: map[string]Status{}}
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
	s.active = id
	s.mu.Unlock()
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
