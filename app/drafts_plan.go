package app

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

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
	if err := unparsedSpec(dr); err != nil {
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
	plan, err := d.plan(ctx, w, dr, clusterID)
	if err != nil {
		return PlanView{}, d.fail(err)
	}
	view.Plan, view.Fingerprint = plan, fingerprint(plan)
	return forPage(view), nil
}

func (d *Drafts) plan(ctx context.Context, w *workspaceClient, dr drafts.Draft, clusterID string) (*apply.Plan, error) {
	var plan *apply.Plan
	var err error
	if clusterID != "" {
		plan, err = apply.PlanFor(ctx, w.Clusters, dr.Spec, clusterID)
	} else {
		plan, err = apply.PlanEnsure(ctx, w.Clusters, dr.Spec)
	}
	if errors.Is(err, apply.ErrNoName) {
		return nil, &drafts.FieldError{Field: "spec.cluster_name", Err: err, Msg: "give the cluster a name (cluster_name): apply finds the cluster by it"}
	}
	if err != nil {
		return nil, netErr(err)
	}
	return plan, nil
}

// fingerprint identifies what the user reviewed: the action, the cluster
// and its state, and every change with its values.
func fingerprint(p *apply.Plan) string {
	parts := make([]string, 0, len(p.Changes))
	for _, c := range p.Changes {
		parts = append(parts, fmt.Sprintf("%s=%v>%v", c.Path, c.Old, c.New))
	}
	sort.Strings(parts)
	return fmt.Sprintf("%s|%s|%s|%s", p.Action, p.ClusterID, p.State, strings.Join(parts, ";"))
}

// Apply carries out the plan the user reviewed. A create is tagged with a
// request id kept with the draft until the cluster id is known, so a retry
// after a timeout or a crash finds that cluster instead of creating another.
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
	if err := unparsedSpec(dr); err != nil {
		return ApplyOutcome{}, d.fail(err)
	}
	// Checked on the catalog the plan has just refreshed: no second round trip.
	if chk := d.check(dr.Spec, req.WorkspaceID, dr.PolicyID, nil); chk.Errors > 0 {
		return ApplyOutcome{}, fmt.Errorf("%w: %d problem(s); fix them in the draft first", errPolicyBlocked, chk.Errors)
	}
	ctx, cancel := context.WithTimeout(d.ctx, applyTimeout)
	defer cancel()
	w, err := d.client(ctx, req.WorkspaceID)
	if err != nil {
		return ApplyOutcome{}, err
	}
	out := ApplyOutcome{WorkspaceID: req.WorkspaceID}
	rec, _ := dr.Record(req.WorkspaceID)
	if rec.PendingRequestID != "" {
		found, err := apply.FindByRequestID(ctx, w.Clusters, rec.PendingRequestID)
		if err != nil {
			return forPage(out), fmt.Errorf("%w: %w", apply.ErrOutcomeUnknown, netErr(err))
		}
		if found != nil {
			out.Action, out.ClusterID, out.Adopted = string(apply.ActionCreate), found.ClusterId, true
			return forPageErr(d.link(out, dr.ID, req.WorkspaceID, found.ClusterId))
		}
	}
	plan, err := d.plan(ctx, w, dr, req.ClusterID)
	if err != nil {
		return forPage(out), d.fail(err)
	}
	if fingerprint(plan) != req.Fingerprint {
		return forPage(out), fmt.Errorf("%w: review the changes again", apply.ErrPlanStale)
	}
	out.Action = string(plan.Action)
	opts := apply.ApplyOptions{Start: req.Start && plan.OfferStart, Libraries: dr.Libraries}
	if plan.Action == apply.ActionCreate {
		opts.Create = interactiveCreate(rec.PendingRequestID, rec.PendingRequestID == "")
		if opts.Create.RequestID == "" {
			opts.Create.RequestID = apply.NewRequestID()
		}
		if _, err := d.store.RecordApply(dr.ID, drafts.ApplyRecord{WorkspaceID: req.WorkspaceID, PendingRequestID: opts.Create.RequestID}); err != nil {
			return forPage(out), err
		}
	}
	creator, err := apply.NewCreator(w)
	if err != nil {
		return forPage(out), err
	}
	actx, acancel := createContext(ctx)
	defer acancel()
	res, err := apply.NewApplier(w.Clusters, w.Libraries, creator).Apply(actx, plan, dr.Spec, opts)
	out.Started, out.Libraries = res.Started, res.Libraries
	if res.Create != nil {
		out.Adopted = res.Create.Adopted
	}
	if res.ClusterID != "" {
		linked, lerr := d.link(out, dr.ID, req.WorkspaceID, res.ClusterID)
		if err == nil {
			return forPage(linked), lerr
		}
		out = linked
	} else if plan.Action == apply.ActionCreate && err != nil && !errors.Is(err, apply.ErrOutcomeUnknown) {
		// A definite refusal made no cluster: nothing to look for next time.
		_, _ = d.store.RecordApply(dr.ID, drafts.ApplyRecord{WorkspaceID: req.WorkspaceID})
		return forPage(out), createOutcome(d.errors, d.session, req.WorkspaceID, err)
	}
	return forPage(out), netErr(err)
}

// link records the cluster a draft became and returns the outcome with the
// updated draft.
func (d *Drafts) link(out ApplyOutcome, draftID, workspaceID, clusterID string) (ApplyOutcome, error) {
	out.ClusterID = clusterID
	dr, err := d.store.RecordApply(draftID, drafts.ApplyRecord{WorkspaceID: workspaceID, ClusterID: clusterID})
	if err != nil {
		return out, err
	}
	v, err := d.toView(dr)
	out.Draft = v
	return out, err
}

// unparsedSpec refuses a draft whose typed text does not parse: its Spec is
// an older version than what the user sees.
func unparsedSpec(dr drafts.Draft) error {
	if dr.SpecText == "" {
		return nil
	}
	return &drafts.FieldError{Field: "spec", Err: errBadSpec,
		Msg: "the spec has JSON text that does not parse; fix it before applying"}
}
