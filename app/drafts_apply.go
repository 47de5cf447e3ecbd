package app

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/drafts"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// onlineTimeout bounds calls that need the workspace: an unreachable one
// answers within it instead of after the SDK's retries.
const onlineTimeout = workspaces.TimeoutOnline

var errPolicyBlocked = errors.New("the draft does not pass its checks")

// ClusterOption is a cluster a draft can be made from.
type ClusterOption = drafts.ClusterOption

// PlanView is what applying a draft to a workspace will do, checked online.
type PlanView struct {
	DraftID       string      `json:"draftId"`
	WorkspaceID   string      `json:"workspaceId"`
	WorkspaceName string      `json:"workspaceName"`
	Plan          *apply.Plan `json:"plan"`
	Check         CheckView   `json:"check"`
	// Blocked: the policy or the API's rules refuse the draft; nothing can be applied.
	Blocked bool `json:"blocked"`
	// PendingCreate: an earlier create's outcome is unknown; applying looks
	// for its cluster first and never creates a second.
	PendingCreate bool `json:"pendingCreate"`
	// Fingerprint names the plan the user reviewed; Apply refuses when the
	// cluster has changed since (PLAN_STALE).
	Fingerprint string `json:"fingerprint"`
}

// ApplyRequest is the user's confirmation of a reviewed plan.
type ApplyRequest = drafts.ApplyRequest

// ApplyOutcome is what apply did; the page then opens the cluster.
type ApplyOutcome struct {
	Action      string    `json:"action"`
	WorkspaceID string    `json:"workspaceId"`
	ClusterID   string    `json:"clusterId"`
	Started     bool      `json:"started"`
	Adopted     bool      `json:"adopted"` // an earlier create had made it
	Libraries   int       `json:"libraries"`
	Draft       DraftView `json:"draft"`
}

// Targets lists the workspaces with their cached policies; no network.
func (d *Drafts) Targets() ([]TargetView, error) {
	out := []TargetView{}
	for _, p := range d.workspaces() {
		out = append(out, d.target(p))
	}
	return forPage(out), nil
}

func (d *Drafts) target(p workspaces.Profile) TargetView {
	if d.catalog == nil {
		return drafts.TargetViewOf(p, nil, d.now())
	}
	s, err := d.catalog.Load(p.ID)
	if err != nil {
		return drafts.TargetViewOf(p, nil, d.now())
	}
	return drafts.TargetViewOf(p, &s, d.now())
}

func (d *Drafts) profile(id string) (workspaces.Profile, error) {
	if strings.TrimSpace(id) == "" {
		return workspaces.Profile{}, draftInputError(d.errors, &drafts.FieldError{Field: "workspace", Err: errNoWorkspace, Msg: "choose the target workspace"})
	}
	for _, p := range d.workspaces() {
		if p.ID == id {
			return p, nil
		}
	}
	return workspaces.Profile{}, fmt.Errorf("%w: %s", errUnknownTarget, id)
}

var errUnknownTarget = errors.New("that workspace is not configured")

// RefreshCatalog fetches the workspace's node types, runtimes, policies and
// pools for offline checks.
func (d *Drafts) RefreshCatalog(workspaceID string) (TargetView, error) {
	p, err := d.profile(workspaceID)
	if err != nil {
		return TargetView{}, err
	}
	if d.catalog == nil || d.clients == nil {
		return TargetView{}, errDraftsUnavailable
	}
	ctx, cancel := context.WithTimeout(d.ctx, onlineTimeout)
	defer cancel()
	w, err := d.clients(ctx, workspaceID)
	if err != nil {
		return TargetView{}, err
	}
	if _, err := d.catalog.Refresh(ctx, workspaceID, w, d.now); err != nil && workspaces.IsOffline(err) {
		return forPage(d.target(p)), netErr(err)
	}
	return forPage(d.target(p)), nil
}

// Clusters lists the UI- and API-made clusters of a workspace, to save one
// as a draft.
func (d *Drafts) Clusters(workspaceID string) ([]ClusterOption, error) {
	if _, err := d.profile(workspaceID); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(d.ctx, onlineTimeout)
	defer cancel()
	w, err := d.client(ctx, workspaceID)
	if err != nil {
		return nil, err
	}
	out, err := drafts.SavableClusters(ctx, w.Pages)
	if err != nil {
		return nil, netErr(err)
	}
	return forPage(out), nil
}

// SaveFromCluster makes a draft of an existing cluster (what its create call
// would take), targeted at its workspace.
func (d *Drafts) SaveFromCluster(workspaceID, clusterID, name string) (DraftView, error) {
	if err := d.ready(); err != nil {
		return DraftView{}, err
	}
	if _, err := d.profile(workspaceID); err != nil {
		return DraftView{}, err
	}
	ctx, cancel := context.WithTimeout(d.ctx, onlineTimeout)
	defer cancel()
	w, err := d.client(ctx, workspaceID)
	if err != nil {
		return DraftView{}, err
	}
	dr, err := d.store.SaveFromClusterID(ctx, w.Clusters, clusterID, name, workspaceID)
	if err != nil {
		return DraftView{}, draftInputError(d.errors, netErr(err))
	}
	return forPageErr(d.toView(dr))
}

func (d *Drafts) client(ctx context.Context, workspaceID string) (*workspaceClient, error) {
	if d.clients == nil {
		return nil, errDraftsUnavailable
	}
	w, err := d.clients(ctx, workspaceID)
	if err != nil {
		return nil, err
	}
	return w, nil
}

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
	ctx, cancel := context.WithTimeout(d.ctx, onlineTimeout)
	defer cancel()
	res, err := d.svc.Plan(ctx, draftID, workspaceID, clusterID)
	if err != nil {
		return PlanView{}, draftInputError(d.errors, netErr(err))
	}
	return forPage(PlanView{DraftID: res.Draft.ID, WorkspaceID: workspaceID, WorkspaceName: p.Name, Plan: res.Plan,
		Check: res.Check, Blocked: res.Blocked, PendingCreate: res.PendingCreate, Fingerprint: res.Plan.Fingerprint}), nil
}

// Apply carries out the plan the user reviewed (drafts.Service.Apply).
// Steps are reported under apply:progress:<req.OperationID>;
// Operations.Cancel stops it.
func (d *Drafts) Apply(req ApplyRequest) (ApplyOutcome, error) {
	if err := d.ready(); err != nil {
		return ApplyOutcome{}, err
	}
	if _, err := d.profile(req.WorkspaceID); err != nil {
		return ApplyOutcome{}, err
	}
	res, linked, err := d.svc.Apply(d.ctx, req)
	out := ApplyOutcome{Action: string(res.Action), WorkspaceID: req.WorkspaceID, ClusterID: res.ClusterID,
		Started: res.Started, Libraries: res.Libraries}
	if res.Create != nil {
		out.Adopted = res.Create.Adopted
	}
	if linked != nil {
		v, verr := d.toView(*linked)
		out.Draft = v
		if err == nil {
			err = verr
		}
	}
	var fe *drafts.FieldError
	if errors.As(err, &fe) {
		return forPage(out), draftInputError(d.errors, err)
	}
	if worded := applyOutcome(d.errors, refusedAs(err, errPolicyBlocked)); isUIError(worded) {
		return forPage(out), worded
	}
	return forPage(out), netErr(refusedAs(err, errPolicyBlocked))
}
