package drafts

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// ErrNoTarget means no target workspace was chosen (placed at "workspace").
var ErrNoTarget = errors.New("no target workspace")

// ErrUnknownTarget means the target workspace is not open in the session.
var ErrUnknownTarget = errors.New("that workspace is not configured")

// Targets lists the workspaces with their cached policies; no network.
func (s *Service) Targets() []TargetView {
	out := []TargetView{}
	for _, p := range s.cfg.Workspaces() {
		out = append(out, s.target(p))
	}
	return out
}

func (s *Service) target(p workspaces.Profile) TargetView {
	if s.cfg.Catalog == nil {
		return TargetViewOf(p, nil, s.cfg.Now())
	}
	snap, err := s.cfg.Catalog(p.ID)
	if err != nil {
		return TargetViewOf(p, nil, s.cfg.Now())
	}
	return TargetViewOf(p, &snap, s.cfg.Now())
}

// Profile is the open workspace a draft targets.
func (s *Service) Profile(id string) (workspaces.Profile, error) {
	if strings.TrimSpace(id) == "" {
		return workspaces.Profile{}, &FieldError{Field: "workspace", Err: ErrNoTarget, Msg: "choose the target workspace"}
	}
	for _, p := range s.cfg.Workspaces() {
		if p.ID == id {
			return p, nil
		}
	}
	return workspaces.Profile{}, fmt.Errorf("%w: %s", ErrUnknownTarget, id)
}

// RefreshCatalog fetches the workspace's node types, runtimes, policies and
// pools for offline checks. Only an offline workspace is an error: the
// target view says how old what is cached is.
func (s *Service) RefreshCatalog(ctx context.Context, workspaceID string) (TargetView, error) {
	p, err := s.Profile(workspaceID)
	if err != nil {
		return TargetView{}, err
	}
	if s.cfg.Fetch == nil {
		return TargetView{}, ErrUnavailable
	}
	if err := s.cfg.Fetch(ctx, workspaceID); err != nil && workspaces.IsOffline(err) {
		return s.target(p), err
	}
	return s.target(p), nil
}

func (s *Service) client(ctx context.Context, workspaceID string) (*workspaceapi.Client, error) {
	if _, err := s.Profile(workspaceID); err != nil {
		return nil, err
	}
	if s.cfg.Clients == nil {
		return nil, ErrUnavailable
	}
	return s.cfg.Clients(ctx, workspaceID)
}

// Clusters lists the UI- and API-made clusters of a workspace, to save one
// as a draft.
func (s *Service) Clusters(ctx context.Context, workspaceID string) ([]ClusterOption, error) {
	w, err := s.client(ctx, workspaceID)
	if err != nil {
		return nil, err
	}
	return SavableClusters(ctx, w.Pages)
}

// SaveFromCluster makes a draft of an existing cluster (what its create
// call would take), targeted at its workspace.
func (s *Service) SaveFromCluster(ctx context.Context, workspaceID, clusterID, name string) (DraftView, error) {
	if err := s.ready(); err != nil {
		return DraftView{}, err
	}
	w, err := s.client(ctx, workspaceID)
	if err != nil {
		return DraftView{}, err
	}
	return s.viewOf(s.cfg.Store.SaveFromClusterID(ctx, w.Clusters, clusterID, name, workspaceID))
}

// PlanView is Plan as the apply dialog shows it, its workspace named.
func (s *Service) PlanView(ctx context.Context, draftID, workspaceID, clusterID string) (PlanView, error) {
	if err := s.ready(); err != nil {
		return PlanView{}, err
	}
	p, err := s.Profile(workspaceID)
	if err != nil {
		return PlanView{}, err
	}
	res, err := s.Plan(ctx, draftID, workspaceID, clusterID)
	if err != nil {
		return PlanView{}, err
	}
	return PlanView{DraftID: res.Draft.ID, WorkspaceID: workspaceID, WorkspaceName: p.Name, Plan: res.Plan,
		Check: res.Check, Blocked: res.Blocked, PendingCreate: res.PendingCreate, Fingerprint: res.Plan.Fingerprint}, nil
}

// ApplyOutcome is Apply as the page shows it: what was done, and the draft
// once it names its cluster. The outcome is returned with any error: a
// cluster may exist though a later step failed.
func (s *Service) ApplyOutcome(ctx context.Context, req ApplyRequest) (ApplyOutcome, error) {
	if err := s.ready(); err != nil {
		return ApplyOutcome{}, err
	}
	if _, err := s.Profile(req.WorkspaceID); err != nil {
		return ApplyOutcome{}, err
	}
	res, linked, err := s.Apply(ctx, req)
	out := ApplyOutcome{Action: string(res.Action), WorkspaceID: req.WorkspaceID, ClusterID: res.ClusterID,
		Started: res.Started, Libraries: res.Libraries}
	if res.Create != nil {
		out.Adopted = res.Create.Adopted
	}
	if linked != nil {
		v, verr := s.View(*linked)
		out.Draft = v
		if err == nil {
			err = verr
		}
	}
	return out, err
}
