package session

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/iam"
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
}

// Status returns the last known status without contacting the workspace.
func (s *Session) Status(id string) (Status, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.findLocked(id); err != nil {
		return Status{}, err
	}
	st, ok := s.status[id]
	if !ok {
		return Status{State: StateUnknown}, nil
	}
	return st, nil
}

// Check asks the workspace who we are (SCIM Me) under a short deadline, so
// an unreachable host answers in seconds instead of the SDK's five minutes.
func (s *Session) Check(ctx context.Context, id string) (Status, error) {
	if _, err := s.Status(id); err != nil {
		return Status{}, err
	}
	s.setStatus(id, Status{State: StateChecking, CheckedAt: s.now()})
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	st := Status{CheckedAt: s.now()}
	client, err := s.Client(ctx, id)
	if err == nil {
		me, meErr := client.CurrentUser.Me(ctx, iam.MeRequest{})
		err = meErr
		if meErr == nil {
			st.State, st.User = StateOnline, me.UserName
		}
	}
	if err != nil {
		st.State, st.Err = StateOffline, fmt.Errorf("check connection: %w", err)
		if errors.Is(err, apierr.ErrUnauthenticated) || errors.Is(err, apierr.ErrPermissionDenied) {
			st.State = StateUnauthorized
		}
	}
	s.setStatus(id, st)
	return st, nil
}

func (s *Session) setStatus(id string, st Status) {
	s.mu.Lock()
	s.status[id] = st
	s.mu.Unlock()
	s.onStatus(id, st)
}
