package session

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// State is how reachable a workspace is.
type State string

const (
	StateUnknown      State = "unknown"
	StateChecking     State = "checking"
	StateOnline       State = "online"
	StateOffline      State = "offline"
	StateUnauthorized State = "unauthorized"
)

// Status is the outcome of the last connection check.
type Status struct {
	State     State
	User      string // who the workspace says we are, when online
	Err       error  // why not online
	CheckedAt time.Time
	// Seq orders a session's statuses: a later one has a larger Seq, so a
	// reader keeps the largest whatever order events and answers arrive in.
	Seq uint64
}

// Offline reports whether the last connection check could not reach the
// workspace (false for a workspace not open here).
func (s *Session) Offline(id string) bool {
	st, err := s.Status(id)
	return err == nil && st.State == StateOffline
}

// Status returns the last known status without contacting the workspace.
func (s *Session) Status(id string) (Status, error) {
	if _, err := s.find(id); err != nil {
		return Status{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st, ok := s.status[id]
	if !ok {
		return Status{State: StateUnknown}, nil
	}
	return st, nil
}

// credentialErrors are failures a retry will not fix: the user must sign in
// (in the app or in the Databricks/Azure CLI) or replace a secret, so they are not reported as "offline".
var credentialErrors = []error{workspaces.ErrUnauthorized, workspaces.ErrForbidden,
	workspaces.ErrLoginRequired, workspaces.ErrMissingSecret, workspaces.ErrAuthHelper}

// Check asks the workspace who we are, under a deadline so an unreachable
// host answers in seconds rather than after the SDK's retries.
func (s *Session) Check(ctx context.Context, id string) (Status, error) {
	if _, err := s.find(id); err != nil {
		return Status{}, err
	}
	// A re-check keeps who we were: the identity does not vanish while the
	// check runs (the page would read an empty user as a sign-out).
	s.mu.Lock()
	prev := s.status[id]
	s.checks[id]++
	gen := s.checks[id]
	s.mu.Unlock()
	// An offline workspace stays offline while it is tried again: "Checking"
	// every few seconds would flicker the top bar and re-enable, for the
	// length of each try, actions that cannot reach it.
	if prev.State != StateOffline {
		s.set(id, Status{State: StateChecking, User: prev.User, CheckedAt: s.now()})
	}
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	res, err := s.dir.TestConnection(ctx, id)
	st := Status{State: StateOnline, User: res.User.UserName, CheckedAt: s.now()}
	if err != nil {
		st = Status{State: StateOffline, Err: fmt.Errorf("check connection: %w", err), CheckedAt: s.now()}
		for _, target := range credentialErrors {
			if errors.Is(err, target) {
				st.State = StateUnauthorized
			}
		}
	}
	// A check that began later decides: this answer may be older than the
	// network's state (it left before an outage, or came back after one).
	s.store(id, st, func() bool { return s.checks[id] == gen })
	return s.Status(id)
}

func (s *Session) set(id string, st Status) {
	s.store(id, st, func() bool { return true })
}

// store records st (numbered) when ok, which runs under the lock, and
// tells the listeners.
func (s *Session) store(id string, st Status, ok func() bool) {
	s.mu.Lock()
	if !ok() {
		s.mu.Unlock()
		return
	}
	s.seq++
	st.Seq = s.seq
	s.status[id] = st
	subs := append([]func(string, Status){}, s.subscribers...)
	s.mu.Unlock()
	s.onStatus(id, st)
	for _, fn := range subs {
		fn(id, st)
	}
}
