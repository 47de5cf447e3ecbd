package session

import (
	"errors"
	"fmt"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"

	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Rejected reports whether err says the workspace refused who we are: a
// 401, or a 403 that says the token is invalid or expired, from any call. A 403 counts only from a call that every signed-in
// user may make (listing clusters, asking who we are), so proves; pass
// identityCall for those.
func Rejected(err error, identityCall bool) bool {
	if errors.Is(err, apierr.ErrUnauthenticated) || errors.Is(err, workspaces.ErrUnauthorized) || workspaces.InvalidToken(err) {
		return true
	}
	return identityCall && (errors.Is(err, apierr.ErrPermissionDenied) || errors.Is(err, workspaces.ErrForbidden))
}

// MarkRejected records that a call to the workspace was refused for its
// credentials: the workspace is "sign-in needed" (read-only, like offline)
// until a connection check succeeds again, which editing the credentials or
// signing in runs. Nothing happens for an unknown workspace or when the
// workspace is already marked.
func (s *Session) MarkRejected(id string, err error) {
	s.MarkRejectedSince(id, err, time.Time{})
}

// MarkRejectedSince is MarkRejected for a call that started at started
// (zero: just now). A refusal of a call older than the last connection check
// says nothing about the credentials that check used (the user may have
// replaced the token meanwhile), so it is ignored.
func (s *Session) MarkRejectedSince(id string, err error, started time.Time) {
	if _, ferr := s.find(id); ferr != nil {
		return
	}
	s.mu.Lock()
	cur := s.status[id]
	s.mu.Unlock()
	if cur.State == StateUnauthorized {
		return
	}
	checked := cur.State == StateOnline || cur.State == StateChecking
	if !started.IsZero() && checked && cur.CheckedAt.After(started) {
		return
	}
	s.set(id, Status{State: StateUnauthorized, Err: fmt.Errorf("the workspace refused the credentials: %w", err), CheckedAt: s.now()})
}
