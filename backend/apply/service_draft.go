package apply

import (
	"context"
	"errors"
	"fmt"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// Memory keeps a draft's create request across attempts and restarts.
type Memory interface {
	// Pending records the request id before the create is sent.
	Pending(requestID string) error
	// Settled records the cluster the draft became; "" clears a pending
	// request that made nothing.
	Settled(clusterID string) error
}

// DraftTarget is a draft aimed at one workspace.
type DraftTarget struct {
	WorkspaceID string
	PolicyID    string // the draft's policy ("" = spec.PolicyId)
	Spec        compute.ClusterSpec
	Libraries   []compute.Library
	// ClusterID is the user's pick when several clusters carry the name.
	ClusterID string
}

// ApplyDraftRequest is the user's confirmation of a reviewed plan.
type ApplyDraftRequest struct {
	DraftTarget
	Fingerprint string
	Start       bool // start a terminated cluster afterwards
	// PendingRequestID is an earlier create whose outcome is unknown.
	PendingRequestID string
	Memory           Memory
}

// PlanDraft says what applying the draft would do, fingerprinted. The
// caller checks the draft (and shows the check) itself.
func (s *Service) PlanDraft(ctx context.Context, t DraftTarget) (*Plan, error) {
	w, err := s.clients(ctx, t.WorkspaceID)
	if err != nil {
		return nil, err
	}
	return planDraft(ctx, w, t)
}

func planDraft(ctx context.Context, w *workspaceapi.Client, t DraftTarget) (*Plan, error) {
	var plan *Plan
	var err error
	if t.ClusterID != "" {
		plan, err = PlanFor(ctx, w.Clusters, t.Spec, t.ClusterID)
	} else {
		plan, err = PlanEnsure(ctx, w, t.Spec)
	}
	if err != nil {
		return nil, err
	}
	plan.Fingerprint = Fingerprint(plan)
	return plan, nil
}

// ApplyDraft carries out the plan the user reviewed. A create's request id
// is kept in Memory until the cluster id is known, so a retry after a
// timeout, a cancel or a crash finds that cluster instead of making another.
func (s *Service) ApplyDraft(ctx context.Context, req ApplyDraftRequest, operationID string) (Result, error) {
	ctx, progress, done := s.begin(ctx, operationID)
	defer done()
	progress.step("Checking the draft")
	if err := s.check(ctx, req.WorkspaceID, req.PolicyID, req.Spec, req.Libraries); err != nil {
		return Result{}, s.cancelled(ctx, err, Result{}, false)
	}
	ctx, cancel := context.WithTimeout(ctx, s.budgets.Apply)
	defer cancel()
	w, err := s.clients(ctx, req.WorkspaceID)
	if err != nil {
		return Result{}, s.cancelled(ctx, err, Result{}, false)
	}
	if req.PendingRequestID != "" {
		res, found, err := s.adoptPending(ctx, w, req)
		if found || err != nil {
			return res, err
		}
	}
	progress.step("Reading the clusters")
	plan, err := planDraft(ctx, w, req.DraftTarget)
	if err != nil {
		return Result{}, s.cancelled(ctx, err, Result{}, false)
	}
	if plan.Fingerprint != req.Fingerprint {
		return Result{Action: plan.Action}, fmt.Errorf("%w: review the changes again", ErrPlanStale)
	}
	opts := ApplyOptions{Start: req.Start && plan.OfferStart, Libraries: req.Libraries, Progress: progress}
	if plan.Action == ActionCreate {
		opts.Create = s.createOptions(req.PendingRequestID, req.PendingRequestID == "", progress)
		if opts.Create.RequestID == "" {
			opts.Create.RequestID = NewRequestID()
		}
		if err := req.Memory.Pending(opts.Create.RequestID); err != nil {
			return Result{Action: plan.Action}, err
		}
	}
	creator, err := NewCreator(w)
	if err != nil {
		return Result{Action: plan.Action}, err
	}
	actx, acancel := context.WithTimeout(ctx, s.budgets.Create)
	defer acancel()
	res, err := NewApplier(w.Clusters, w.Libraries, creator).Apply(actx, plan, req.Spec, opts)
	if plan.Action == ActionCreate && res.Create == nil {
		res.Create = &CreateResult{RequestID: opts.Create.RequestID}
	}
	switch {
	case res.ClusterID != "":
		if merr := req.Memory.Settled(res.ClusterID); err == nil {
			return res, merr
		}
	case plan.Action == ActionCreate && err != nil && !errors.Is(err, ErrOutcomeUnknown):
		// A definite refusal made no cluster: nothing to look for next time.
		_ = req.Memory.Settled("")
		return res, s.createOutcome(ctx, req.WorkspaceID, err, res)
	}
	return res, s.cancelled(ctx, err, res, true)
}

// adoptPending looks for the cluster an earlier create of this draft made.
// found: it exists (adopted) or the look failed (err); else plan afresh.
func (s *Service) adoptPending(ctx context.Context, w *workspaceapi.Client, req ApplyDraftRequest) (Result, bool, error) {
	res := Result{Action: ActionCreate, Create: &CreateResult{RequestID: req.PendingRequestID}}
	found, err := FindByRequestID(ctx, w.Pages, req.PendingRequestID)
	if err != nil {
		err = fmt.Errorf("%w (request %s): %w", ErrOutcomeUnknown, req.PendingRequestID, err)
		if s.rejected(req.WorkspaceID, err) {
			// The request stays pending: the look is made again after sign-in.
			return res, true, fmt.Errorf("%w: %w", ErrSignInNeeded, err)
		}
		if userCancelled(ctx) {
			return res, true, &CancelledError{State: CancelCreatePending, RequestID: req.PendingRequestID, Err: err}
		}
		return res, true, err
	}
	if found == nil {
		return res, false, nil
	}
	res.ClusterID, res.Create.ClusterID, res.Create.Adopted = found.ClusterId, found.ClusterId, true
	return res, true, req.Memory.Settled(found.ClusterId)
}
