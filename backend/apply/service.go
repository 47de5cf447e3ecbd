package apply

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// SpecChecker refuses a spec that must not be sent: nil means it may be
// sent, else an error naming the problems. policyID "" means spec.PolicyId.
type SpecChecker interface {
	Refuse(ctx context.Context, workspaceID, policyID string, spec compute.ClusterSpec, libs []compute.Library) error
}

// Clients gives the SDK client of a workspace open in the session.
type Clients func(ctx context.Context, workspaceID string) (*workspaceapi.Client, error)

// ErrRefused wraps the checker's refusal: nothing was sent.
var ErrRefused = errors.New("the spec does not pass its checks")

// ErrSignInNeeded means the workspace refused the credentials; it is marked
// so in the session, and nothing more is sent until the user signs in.
var ErrSignInNeeded = errors.New("the workspace refused the credentials")

// ErrNotEditable means the cluster is between states (see Plan.WaitReason).
var ErrNotEditable = errors.New("the cluster cannot be edited in its current state")

// Budgets bound the operations a user waits for.
type Budgets struct {
	Create      time.Duration // create attempts together (then one look)
	Look        time.Duration // the last look after the attempts
	Attempt     time.Duration // one create call
	MaxAttempts int
	Edit        time.Duration // check, plan and edit of an open cluster
	Apply       time.Duration // a draft's apply, look-up and plan included
}

// InteractiveBudgets answer a create within about 30 s: attempts within 20 s,
// then at most 8 s to find out whether one landed.
func InteractiveBudgets() Budgets {
	return Budgets{Create: 20 * time.Second, Look: 8 * time.Second, Attempt: 15 * time.Second, MaxAttempts: 3,
		Edit: 2 * time.Minute, Apply: 4 * time.Minute}
}

// ScriptBudgets are for a command a script waits on (clusterdeck ensure):
// the create's own defaults (CreateOptions), with no tighter bound than
// its attempts; Ctrl+C cancels sooner.
func ScriptBudgets() Budgets {
	return Budgets{Create: 10 * time.Minute, Look: 30 * time.Second, Attempt: 2 * time.Minute, MaxAttempts: 4,
		Edit: 2 * time.Minute, Apply: 4 * time.Minute}
}

// Service creates, edits and applies drafts with one protocol: the spec is
// checked, a plan is made and fingerprinted, and only the plan the user
// reviewed is carried out. A create is never made twice for one request id.
type Service struct {
	clients Clients
	checker SpecChecker
	session *session.Session // nil: no sign-in bookkeeping (tests)
	budgets Budgets
	sent    sentIDs
	ops     Operations
	// progress carries each operation's steps to the page; nil: nobody listens.
	progress func(ProgressEvent)
	every    time.Duration // between two reports of one operation (ProgressEvery)
	now      func() time.Time
	after    func(time.Duration, func())
}

// NewService builds the service; session and progress may be nil.
func NewService(clients Clients, checker SpecChecker, s *session.Session, b Budgets, progress func(ProgressEvent)) *Service {
	return &Service{clients: clients, checker: checker, session: s, budgets: b, progress: progress,
		every: ProgressEvery, now: time.Now}
}

// Cancel cancels the running operation id; false when none runs under it.
func (s *Service) Cancel(operationID string) bool { return s.ops.Cancel(operationID) }

// begin registers the operation the page named operationID (""
// cannot be cancelled and reports no progress) and throttles its steps.
func (s *Service) begin(ctx context.Context, operationID string) (context.Context, Progress, func()) {
	ctx, done := s.ops.start(ctx, operationID)
	if operationID == "" || s.progress == nil {
		return ctx, nil, done
	}
	t := NewThrottle(func(step string) { s.progress(ProgressEvent{OperationID: operationID, Step: step}) },
		s.every, s.now, s.after)
	return ctx, t.Step, func() { t.Stop(); done() }
}

func (s *Service) createOptions(requestID string, unsent bool, p Progress) CreateOptions {
	return CreateOptions{RequestID: requestID, Unsent: unsent, MaxAttempts: s.budgets.MaxAttempts,
		AttemptTimeout: s.budgets.Attempt, LookTimeout: s.budgets.Look, Progress: p}
}

// refused answers before any call when the workspace is already known to
// refuse the credentials.
func (s *Service) refused(workspaceID string) error {
	if s.session == nil {
		return nil
	}
	if st, err := s.session.Status(workspaceID); err == nil && st.State == session.StateUnauthorized {
		if st.Err != nil {
			return fmt.Errorf("%w: %w", ErrSignInNeeded, st.Err)
		}
		return ErrSignInNeeded
	}
	return nil
}

// rejected marks the workspace sign-in needed when err is a refusal of
// the credentials, and says so.
func (s *Service) rejected(workspaceID string, err error) bool {
	if err == nil || !session.Rejected(err, false) {
		return false
	}
	if s.session != nil {
		s.session.MarkRejected(workspaceID, err)
	}
	return true
}

// Check is the service's spec check alone, for a spec sent elsewhere (a
// one-time run's job cluster): nil, or ErrRefused wrapping the reasons.
func (s *Service) Check(ctx context.Context, workspaceID, policyID string, spec compute.ClusterSpec, libs []compute.Library) error {
	return s.check(ctx, workspaceID, policyID, spec, libs)
}

func (s *Service) check(ctx context.Context, workspaceID, policyID string, spec compute.ClusterSpec, libs []compute.Library) error {
	if s.checker == nil {
		return nil
	}
	if err := s.checker.Refuse(ctx, workspaceID, policyID, spec, libs); err != nil {
		return fmt.Errorf("%w: %w", ErrRefused, err)
	}
	return nil
}

// CreateRequest is a create from the editor.
type CreateRequest struct {
	WorkspaceID string
	// RequestID is kept by the page while the form is open and sent with
	// every attempt: a retry adopts what an earlier attempt made.
	RequestID string
	Spec      compute.ClusterSpec
	Libraries []compute.Library // installed after create
	// Resume says RequestID is an earlier create's that this service may
	// not have sent (another process, before a crash): look for its cluster
	// before creating, as for an id this service sent.
	Resume bool
}

// Create checks the spec and makes the cluster, once.
func (s *Service) Create(ctx context.Context, req CreateRequest, operationID string) (Result, error) {
	ctx, progress, done := s.begin(ctx, operationID)
	defer done()
	if err := s.refused(req.WorkspaceID); err != nil {
		return Result{Action: ActionCreate}, err
	}
	ctx, cancel := context.WithTimeout(ctx, s.budgets.Create)
	defer cancel()
	progress.step("Checking the spec")
	if err := s.check(ctx, req.WorkspaceID, "", req.Spec, req.Libraries); err != nil {
		return Result{Action: ActionCreate}, s.cancelled(ctx, err, Result{}, false)
	}
	w, err := s.clients(ctx, req.WorkspaceID)
	if err != nil {
		return Result{Action: ActionCreate}, s.cancelled(ctx, err, Result{}, false)
	}
	creator, err := NewCreator(w)
	if err != nil {
		return Result{Action: ActionCreate}, err
	}
	unsent := req.RequestID == "" || (!req.Resume && !s.sent.mayExist(req.RequestID))
	opts := s.createOptions(req.RequestID, unsent, progress)
	res, err := NewApplier(w.Clusters, w.Libraries, creator).Apply(ctx, &Plan{Action: ActionCreate}, req.Spec,
		ApplyOptions{Libraries: req.Libraries, Create: opts, Progress: progress})
	if res.Create != nil {
		s.sent.record(res.Create.RequestID, err)
	}
	return res, s.createOutcome(ctx, req.WorkspaceID, err, res)
}

// createOutcome marks a refused workspace and says what a cancel left.
func (s *Service) createOutcome(ctx context.Context, workspaceID string, err error, res Result) error {
	if errors.Is(err, ErrNotCreated) && s.rejected(workspaceID, err) {
		return fmt.Errorf("%w: %w", ErrSignInNeeded, err)
	}
	return s.cancelled(ctx, err, res, true)
}

// cancelled turns an error caused by the user's cancel into a
// CancelledError saying what state things are in; sent says whether a
// change may have gone out.
func (s *Service) cancelled(ctx context.Context, err error, res Result, sent bool) error {
	if err == nil || !userCancelled(ctx) {
		return err
	}
	c := &CancelledError{State: CancelNothingSent, Err: err}
	switch {
	case res.Action == ActionCreate && res.ClusterID != "":
		c.State, c.ClusterID = CancelClusterMade, res.ClusterID
	case res.Create != nil && errors.Is(err, ErrOutcomeUnknown):
		c.State, c.RequestID = CancelCreatePending, res.Create.RequestID
	case res.Create != nil || errors.Is(err, ErrNotCreated):
		c.State = CancelNothingSent
	case sent:
		c.State = CancelMayHaveChanged
	}
	return c
}
