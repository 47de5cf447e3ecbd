// Package session keeps the workspaces open in this run of the app: which
// ones there are, which one is active, their SDK clients (built lazily) and
// whether each could be reached the last time it was checked.
package session

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/databricks/databricks-sdk-go"
)

// ErrUnknownWorkspace is returned for an id that is not open.
var ErrUnknownWorkspace = errors.New("no such workspace")

// Target is one workspace the app can talk to. Config is called when a
// client is first needed, so secrets are read only then.
type Target struct {
	ID         string
	Name       string
	Host       string
	Demo       bool
	Production bool
	Config     func(ctx context.Context) (*databricks.Config, error)
}

// Session is safe for concurrent use.
type Session struct {
	mu       sync.Mutex
	targets  []Target
	active   string
	clients  map[string]*databricks.WorkspaceClient
	status   map[string]Status
	now      func() time.Time
	timeout  time.Duration
	onStatus func(id string, st Status)
}

// Options tune a Session; zero values pick sensible defaults.
type Options struct {
	Now          func() time.Time
	CheckTimeout time.Duration              // how long a connection check may take
	OnStatus     func(id string, st Status) // told whenever a status changes
}

// New returns an empty session.
func New(o Options) *Session {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.CheckTimeout == 0 {
		o.CheckTimeout = 8 * time.Second
	}
	if o.OnStatus == nil {
		o.OnStatus = func(string, Status) {}
	}
	return &Session{clients: map[string]*databricks.WorkspaceClient{}, status: map[string]Status{},
		now: o.Now, timeout: o.CheckTimeout, onStatus: o.OnStatus}
}

// Add opens a workspace. The first one added becomes active.
func (s *Session) Add(t Target) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.targets = append(s.targets, t)
	if s.active == "" {
		s.active = t.ID
	}
}

// List returns the open workspaces in the order they were added.
func (s *Session) List() []Target {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Target(nil), s.targets...)
}

// Active returns the active workspace, if any.
func (s *Session) Active() (Target, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, err := s.findLocked(s.active)
	return t, err == nil
}

// Select makes id the active workspace.
func (s *Session) Select(id string) (Target, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, err := s.findLocked(id)
	if err != nil {
		return Target{}, err
	}
	s.active = id
	return t, nil
}

func (s *Session) findLocked(id string) (Target, error) {
	for _, t := range s.targets {
		if t.ID == id {
			return t, nil
		}
	}
	return Target{}, fmt.Errorf("%w: %q", ErrUnknownWorkspace, id)
}

// Client returns the workspace's SDK client, building it on first use.
func (s *Session) Client(ctx context.Context, id string) (*databricks.WorkspaceClient, error) {
	s.mu.Lock()
	if c, ok := s.clients[id]; ok {
		s.mu.Unlock()
		return c, nil
	}
	t, err := s.findLocked(id)
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	cfg, err := t.Config(ctx)
	if err != nil {
		return nil, fmt.Errorf("configure %s: %w", t.Name, err)
	}
	c, err := databricks.NewWorkspaceClient(cfg)
	if err != nil {
		return nil, fmt.Errorf("connect to %s: %w", t.Name, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if existing, ok := s.clients[id]; ok {
		return existing, nil // another caller won the race; keep one client
	}
	s.clients[id] = c
	return c, nil
}
