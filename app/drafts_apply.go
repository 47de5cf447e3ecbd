package app

import (
	"context"
	"errors"

	"github.com/clusterdeck/clusterdeck/backend/drafts"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Targets lists the workspaces with their cached policies; no network.
func (d *Drafts) Targets() ([]drafts.TargetView, error) { return forPage(d.svc.Targets()), nil }

// RefreshCatalog fetches the workspace's node types, runtimes, policies and
// pools for offline checks.
func (d *Drafts) RefreshCatalog(workspaceID string) (drafts.TargetView, error) {
	return call(d.facade, workspaceID, workspaces.TimeoutOnline, func(ctx context.Context) (drafts.TargetView, error) {
		v, err := d.svc.RefreshCatalog(ctx, workspaceID)
		return v, d.inputError(err)
	})
}

// Clusters lists the UI- and API-made clusters of a workspace, to save one
// as a draft.
func (d *Drafts) Clusters(workspaceID string) ([]drafts.ClusterOption, error) {
	return call(d.facade, workspaceID, workspaces.TimeoutOnline, func(ctx context.Context) ([]drafts.ClusterOption, error) {
		out, err := d.svc.Clusters(ctx, workspaceID)
		return out, d.inputError(err)
	})
}

// SaveFromCluster makes a draft of an existing cluster (what its create call
// would take), targeted at its workspace.
func (d *Drafts) SaveFromCluster(workspaceID, clusterID, name string) (drafts.DraftView, error) {
	return call(d.facade, workspaceID, workspaces.TimeoutOnline, func(ctx context.Context) (drafts.DraftView, error) {
		v, err := d.svc.SaveFromCluster(ctx, workspaceID, clusterID, name)
		return v, d.inputError(err)
	})
}

// PlanApply checks the draft online against the target workspace (fresh
// catalog and policy first), then says what applying it would do: create,
// or edit / resize / nothing for the cluster of that name, with the
// field-by-field diff. With several clusters of that name the plan asks to
// choose; pass the chosen clusterID to plan for it.
func (d *Drafts) PlanApply(draftID, workspaceID, clusterID string) (drafts.PlanView, error) {
	return call(d.facade, workspaceID, workspaces.TimeoutOnline, func(ctx context.Context) (drafts.PlanView, error) {
		v, err := d.svc.PlanView(ctx, draftID, workspaceID, clusterID)
		return v, d.inputError(err)
	})
}

// inputError words a call that needs the workspace: unreachable reads as
// such (netErr), an input error names its field or line.
func (d *Drafts) inputError(err error) error { return draftInputError(d.errors, netErr(err)) }

// Apply carries out the plan the user reviewed (drafts.Service.Apply).
// Steps are reported under apply:progress:<req.OperationID>;
// Operations.Cancel stops it.
func (d *Drafts) Apply(req drafts.ApplyRequest) (drafts.ApplyOutcome, error) {
	out, err := d.svc.ApplyOutcome(d.ctx, req)
	var fe *drafts.FieldError
	if errors.As(err, &fe) {
		return forPage(out), draftInputError(d.errors, err)
	}
	if worded := applyOutcome(d.errors, refusedAs(err, errPolicyBlocked)); isUIError(worded) {
		return forPage(out), worded
	}
	return forPage(out), netErr(refusedAs(err, errPolicyBlocked))
}
