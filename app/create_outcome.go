package app

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Interactive creates answer within 30 s: attempts within createBudget,
// then at most createLookTimeout to find out whether one landed.
const (
	createBudget      = 20 * time.Second
	createLookTimeout = 8 * time.Second
)

// interactiveCreate bounds a create the user waits for. unsent: the request
// id was never sent before, so nothing is looked up before the first attempt.
func interactiveCreate(requestID string, unsent bool) apply.CreateOptions {
	return apply.CreateOptions{RequestID: requestID, Unsent: unsent, MaxAttempts: 3,
		AttemptTimeout: 15 * time.Second, LookTimeout: createLookTimeout}
}

func createContext(parent context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(parent, createBudget)
}

// signInNeeded is the answer to a create in a workspace whose credentials
// were refused: said at once, nothing sent or retried.
func signInNeeded(detail string) UIError {
	return UIError{Code: "SIGN_IN_NEEDED", Message: "Sign-in needed: nothing was created.",
		Hint:   "The workspace refused the credentials. Open Workspaces to enter a new token or sign in again, then create again.",
		Status: http.StatusUnauthorized, Detail: detail}
}

// refusedSession answers before any call when the workspace is already
// known to refuse the credentials.
func refusedSession(s *session.Session, workspaceID string) error {
	if s == nil {
		return nil
	}
	if st, err := s.Status(workspaceID); err == nil && st.State == session.StateUnauthorized {
		detail := ""
		if st.Err != nil {
			detail = st.Err.Error()
		}
		return signInNeeded(detail)
	}
	return nil
}

// createOutcome words a failed create. One that made no cluster says "Not
// created: <why>" (a refused token marks the workspace sign-in needed); an
// unknown outcome passes through as it is.
func createOutcome(errs *ErrorFormatter, s *session.Session, workspaceID string, err error) error {
	if err == nil || !errors.Is(err, apply.ErrNotCreated) {
		return err
	}
	if session.Rejected(err, false) {
		if s != nil {
			s.MarkRejected(workspaceID, err)
		}
		return signInNeeded(err.Error())
	}
	cause := err
	var ae *apierr.APIError
	if !errors.As(err, &ae) {
		cause = workspaces.ClassifyError(err)
	}
	ui := errs.UIError(cause)
	ui.Message = "Not created: " + lowerFirst(ui.Message)
	if ae == nil {
		ui.Detail = err.Error()
	}
	return ui
}

// sentIDs remembers request ids whose create may have made a cluster (it
// did, or its outcome is unknown), so a retry with the same id looks before
// it creates and adopts instead of making a second one.
type sentIDs struct {
	mu      sync.Mutex
	unknown map[string]bool // id → may exist
}

func (s *sentIDs) mayExist(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.unknown[id]
}

func (s *sentIDs) record(id string, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.unknown == nil {
		s.unknown = map[string]bool{}
	}
	if errors.Is(err, apply.ErrNotCreated) {
		delete(s.unknown, id)
	} else {
		s.unknown[id] = true
	}
}
