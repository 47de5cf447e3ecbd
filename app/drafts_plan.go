package app

import (
	"context"
	"errors"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/drafts"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// PlanApply checks the draft online against the target workspace (fresh
// catalog and policy first), then says what applying it would do: create,
// or edit / resize / nothing for the cluster of that name, with the
// field-by-field diff. With several clusters of that name the plan asks to
// choose; pass the chosen clusterID to plan for it.
func (d *Drafts) PlanApply(draftID, workspaceID, clusterID string) (PlanView, error) {
	if err := d.ready(); err != nil {
		return PlanView{}, err
	}
	p, err := d.profile(workspaceID)
	if err != nil {
		return PlanView{}, err
	}
	dr, _, err := d.store.Get(draftID)
	if err != nil {
		return PlanView{}, err
	}
	if err := dr.Unparsed(); err != nil {
		return PlanView{}, d.fail(err)
	}
	ctx, cancel := context.WithTimeout(d.ctx, onlineTimeout)
	defer cancel()
	w, err := d.client(ctx, workspaceID)
	if err != nil {
		return PlanView{}, err
	}
	// The policy is checked first, on data fetched now.
	if d.catalog != nil {
		if _, err := d.catalog.Refresh(ctx, workspaceID, w, d.now); err != nil && workspaces.IsOffline(err) {
			return PlanView{}, netErr(err)
		}
	}
	view := PlanView{DraftID: dr.ID, WorkspaceID: workspaceID, WorkspaceName: p.Name}
	view.Check = d.check(dr.Spec, workspaceID, dr.PolicyID, nil)
	view.Blocked = view.Check.Errors > 0
	if rec, ok := dr.Record(workspaceID); ok && rec.PendingRequestID != "" {
		view.PendingCreate = true
	}
	plan, err := d.plan(ctx, dr, workspaceID, clusterID)
	if err != nil {
		return PlanView{}, d.fail(err)
	}
	view.Plan, view.Fingerprint = plan, plan.Fingerprint
	return forPage(view), nil
}

// plan asks the apply service what applying the draft would do.
func (d *Drafts) plan(ctx context.Context, dr drafts.Draft, workspaceID, clusterID string) (*apply.Plan, error) {
	plan, err := d.apply.PlanDraft(ctx, target(dr, workspaceID, clusterID))
	return plan, draftPlanErr(err)
}

func target(dr drafts.Draft, workspaceID, clusterID string) apply.DraftTarget {
	return apply.DraftTarget{WorkspaceID: workspaceID, PolicyID: dr.PolicyID, Spec: dr.Spec,
		Libraries: dr.Libraries, ClusterID: clusterID}
}

// draftPlanErr places a missing name at its field; other failures to reach
// the workspace read as such.
func draftPlanErr(err error) error {
	if errors.Is(err, apply.ErrNoName) {
		return &drafts.FieldError{Field: "spec.cluster_name", Err: err, Msg: "give the cluster a name (cluster_name): apply finds the cluster by it"}
	}
	return netErr(err)
}

// Apply carries out the plan the user reviewed (its fingerprint). A create
// is tagged with a request id kept with the draft until the cluster id is
// known, so a retry after a timeout, a cancel or a crash finds that cluster
// instead of creating another. Steps are reported under
// apply:progress:<req.OperationID>; Operations.Cancel stops it.
func (d *Drafts) Apply(req ApplyRequest) (ApplyOutcome, error) {
	if err := d.ready(); err != nil {
		return ApplyOutcome{}, err
	}
	if _, err := d.profile(req.WorkspaceID); err != nil {
		return ApplyOutcome{}, err
	}
	dr, _, err := d.store.Get(req.DraftID)
	if err != nil {
		return ApplyOutcome{}, err
	}
	// Text may have stopped parsing since the plan: its fingerprint, taken
	// from the last valid spec, would still match.
	if err := dr.Unparsed(); err != nil {
		return ApplyOutcome{}, d.fail(err)
	}
	rec, _ := dr.Record(req.WorkspaceID)
	mem := d.store.ApplyMemory(dr.ID, req.WorkspaceID)
	res, err := d.apply.ApplyDraft(d.ctx, apply.ApplyDraftRequest{
		DraftTarget: target(dr, req.WorkspaceID, req.ClusterID), Fingerprint: req.Fingerprint, Start: req.Start,
		PendingRequestID: rec.PendingRequestID, Memory: mem}, req.OperationID)
	out := ApplyOutcome{Action: string(res.Action), WorkspaceID: req.WorkspaceID, ClusterID: res.ClusterID,
		Started: res.Started, Libraries: res.Libraries}
	if res.Create != nil {
		out.Adopted = res.Create.Adopted
	}
	if mem.Linked != nil {
		v, verr := d.toView(*mem.Linked)
		out.Draft = v
		if err == nil {
			err = verr
		}
	}
	if errors.Is(err, apply.ErrNoName) {
		return forPage(out), d.fail(draftPlanErr(err))
	}
	if worded := applyOutcome(d.errors, refusedAs(err, errPolicyBlocked)); isUIError(worded) {
		return forPage(out), worded
	}
	return forPage(out), netErr(refusedAs(err, errPolicyBlocked))
}
