package drafts

import (
	"context"
	"errors"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/check"
	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Fetch fetches a workspace's catalog into the cache now, so the checks
// that follow read what the workspace holds today.
type Fetch func(ctx context.Context, workspaceID string) error

// Clients gives a workspace's SDK client.
type Clients func(ctx context.Context, workspaceID string) (*workspaceapi.Client, error)

// Config is what the service is built from. Store and Checker are needed;
// without Apply, Fetch or Clients the online calls answer ErrUnavailable.
type Config struct {
	Store   *Store
	Checker *check.Checker // reads the catalog cache only: a draft's check never touches the network
	Apply   *apply.Service
	Fetch   Fetch
	Clients Clients
	// Workspaces are the open workspaces (targets and names); Catalog reads
	// a workspace's cached catalog (no network).
	Workspaces func() []workspaces.Profile
	Catalog    func(workspaceID string) (catalog.Snapshot, error)
	Now        func() time.Time
}

// Service is the Drafts page, the draft editor and the apply flow: the
// store's drafts as views, checked offline from the cached catalog, and
// planned and applied to a workspace through the apply service.
type Service struct {
	cfg Config
}

// NewService fills in what cfg leaves out with "none".
func NewService(cfg Config) *Service {
	if cfg.Workspaces == nil {
		cfg.Workspaces = func() []workspaces.Profile { return nil }
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{cfg: cfg}
}

// ErrUnavailable means this run cannot reach workspaces.
var ErrUnavailable = errors.New("applying drafts is not available in this run")

// Check checks a spec document against the workspace's cached catalog and
// the policy; it never touches the network.
func (s *Service) Check(ctx context.Context, doc clusterspec.Document, workspaceID, policyID string) CheckView {
	m, err := doc.Map()
	if err != nil {
		m = nil // the checker reports an empty spec's problems
	}
	return CheckViewOf(s.cfg.Checker.Check(ctx, check.Request{WorkspaceID: workspaceID, PolicyID: policyID, Spec: m}))
}

// PlanResult is what applying a draft to a workspace will do, checked online.
type PlanResult struct {
	Draft Draft
	Plan  *apply.Plan
	Check CheckView
	// Blocked: the policy or the API's rules refuse the draft.
	Blocked bool
	// PendingCreate: an earlier create's outcome is unknown; applying looks
	// for its cluster first and never creates a second.
	PendingCreate bool
}

// Plan checks the draft against the workspace (catalog and policy fetched
// first), then asks the apply service what applying it would do. clusterID
// is the user's pick when several clusters carry the name.
func (s *Service) Plan(ctx context.Context, draftID, workspaceID, clusterID string) (PlanResult, error) {
	if s.cfg.Apply == nil || s.cfg.Fetch == nil {
		return PlanResult{}, ErrUnavailable
	}
	dr, err := s.parsed(draftID)
	if err != nil {
		return PlanResult{}, err
	}
	if err := s.cfg.Fetch(ctx, workspaceID); err != nil && workspaces.IsOffline(err) {
		return PlanResult{}, err
	}
	res := PlanResult{Draft: dr, Check: s.Check(ctx, clusterspec.Document{Spec: dr.Spec}, workspaceID, dr.PolicyID)}
	res.Blocked = res.Check.Errors > 0
	if rec, ok := dr.Record(workspaceID); ok && rec.PendingRequestID != "" {
		res.PendingCreate = true
	}
	plan, err := s.cfg.Apply.PlanDraft(ctx, targetOf(dr, workspaceID, clusterID))
	if err != nil {
		return PlanResult{}, planErr(err)
	}
	res.Plan = plan
	return res, nil
}

// ApplyRequest is the user's confirmation of a reviewed plan.
type ApplyRequest struct {
	DraftID     string `json:"draftId"`
	WorkspaceID string `json:"workspaceId"`
	ClusterID   string `json:"clusterId"` // the chosen cluster when several have the name
	Fingerprint string `json:"fingerprint"`
	Start       bool   `json:"start"` // start a terminated cluster afterwards
	// OperationID names this run for progress events and Operations.Cancel ("" = neither).
	OperationID string `json:"operationId"`
}

// Apply carries out the plan the user reviewed (its fingerprint). A create
// is tagged with a request id kept with the draft until the cluster id is
// known, so a retry after a timeout, a cancel or a crash finds that cluster
// instead of creating another. linked is the draft once it names its
// cluster (nil before).
func (s *Service) Apply(ctx context.Context, req ApplyRequest) (res apply.Result, linked *Draft, err error) {
	if s.cfg.Apply == nil {
		return apply.Result{}, nil, ErrUnavailable
	}
	// Text may have stopped parsing since the plan: its fingerprint, taken
	// from the last valid spec, would still match.
	dr, err := s.parsed(req.DraftID)
	if err != nil {
		return apply.Result{}, nil, err
	}
	rec, _ := dr.Record(req.WorkspaceID)
	mem := s.cfg.Store.ApplyMemory(dr.ID, req.WorkspaceID)
	res, err = s.cfg.Apply.ApplyDraft(ctx, apply.ApplyDraftRequest{
		DraftTarget: targetOf(dr, req.WorkspaceID, req.ClusterID), Fingerprint: req.Fingerprint, Start: req.Start,
		PendingRequestID: rec.PendingRequestID, Memory: mem}, req.OperationID)
	if errors.Is(err, apply.ErrNoName) {
		err = planErr(err)
	}
	return res, mem.Linked, err
}

// parsed is the stored draft, refused when its typed text does not parse.
func (s *Service) parsed(id string) (Draft, error) {
	dr, _, err := s.cfg.Store.Get(id)
	if err != nil {
		return Draft{}, err
	}
	return dr, dr.Unparsed()
}

func targetOf(dr Draft, workspaceID, clusterID string) apply.DraftTarget {
	return apply.DraftTarget{WorkspaceID: workspaceID, PolicyID: dr.PolicyID, Spec: dr.Spec,
		Libraries: dr.Libraries, ClusterID: clusterID}
}

// planErr places a missing name at its field.
func planErr(err error) error {
	if errors.Is(err, apply.ErrNoName) {
		return &FieldError{Field: "spec.cluster_name", Err: err, Msg: "give the cluster a name (cluster_name): apply finds the cluster by it"}
	}
	return err
}
