package app

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/session"
)

// facade is what every facade that calls a workspace embeds: the app's
// context (it ends at shutdown) and the check of the workspace the page named.
type facade struct {
	ctx context.Context
	// known says whether the workspace may be called (nil: not checked
	// here; the service's clients refuse one they do not know).
	known func(workspaceID string) error
}

// knownIn checks the workspace against the session, the switcher's own
// list; without the session or the service (wired false) the part is not
// in this build.
func knownIn(s *session.Session, wired bool) func(string) error {
	return func(workspaceID string) error {
		if s == nil || !wired {
			return errNotWired
		}
		_, err := s.Status(workspaceID)
		return err
	}
}

// call is one bound method's call: the workspace checked, the service
// called under timeout (the SDK would otherwise retry a refused connection
// for its whole budget while the user waits), the result shaped (forPage).
func call[T any](f facade, workspaceID string, timeout time.Duration, fn func(context.Context) (T, error)) (T, error) {
	if f.known != nil {
		if err := f.known(workspaceID); err != nil {
			var zero T
			return forPage(zero), err
		}
	}
	ctx, cancel := context.WithTimeout(f.ctx, timeout)
	defer cancel()
	return forPageErr(fn(ctx))
}

// write is call for a change: a failure whose answer was lost says whether
// anything was sent (tracked).
func write[T any](f facade, workspaceID string, timeout time.Duration, fn func(context.Context) (T, error)) (T, error) {
	return call(f, workspaceID, timeout, func(ctx context.Context) (T, error) { return tracked(ctx, fn) })
}

// callErr and writeErr are call and write for a method with no result.
func callErr(f facade, workspaceID string, timeout time.Duration, fn func(context.Context) error) error {
	_, err := call(f, workspaceID, timeout, func(ctx context.Context) (struct{}, error) { return struct{}{}, fn(ctx) })
	return err
}

func writeErr(f facade, workspaceID string, timeout time.Duration, fn func(context.Context) error) error {
	return callErr(f, workspaceID, timeout, func(ctx context.Context) error { return trackedErr(ctx, fn) })
}

// withForm is call for a form the page sends as the API request's JSON text:
// parsed first (bad: the facade's error for a form it cannot read), then fn.
func withForm[F, T any](f facade, workspaceID, formJSON string, bad error, timeout time.Duration,
	fn func(context.Context, F) (T, error)) (T, error) {
	return call(f, workspaceID, timeout, func(ctx context.Context) (T, error) {
		var form F
		// The SDK's decoders note the zeros the text carries (auto-stop 0,
		// Photon off), so they are sent and not taken for "left out".
		if err := json.Unmarshal([]byte(formJSON), &form); err != nil {
			var zero T
			return zero, fmt.Errorf("%w: %v", bad, err)
		}
		return fn(ctx, form)
	})
}
