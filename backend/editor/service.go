// Package editor is the cluster create/edit form's backend: the choices it
// offers from the workspace's catalog, the offline check of what is typed
// (policy, API rules, estimate in DBU and money), and the create and edit
// it sends through the one apply service.
package editor

import (
	"context"
	"errors"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/check"
	"github.com/clusterdeck/clusterdeck/backend/metrics"
	"github.com/clusterdeck/clusterdeck/backend/rates"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// ErrUnavailable means the editor was built without workspaces.
var ErrUnavailable = errors.New("the cluster editor is not connected to the workspaces")

// Clients gives a workspace's SDK client.
type Clients func(ctx context.Context, workspaceID string) (*workspaceapi.Client, error)

// Config is what the editor is built from; without Session, Clients or
// Catalog every call answers ErrUnavailable.
type Config struct {
	Session *session.Session
	Clients Clients
	Catalog *catalog.Refresher
	Rates   *rates.Store
	Prices  func(workspaceID string) metrics.Prices // the workspace's prices per DBU
	Now     func() time.Time
}

// Service is the form's backend. Its checker fetches a catalog that is not
// cached yet; Apply is set once the apply service is built on that checker.
type Service struct {
	cfg     Config
	Checker *check.Checker
	Apply   *apply.Service
}

// NewService builds the editor and its checker.
func NewService(cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	s := &Service{cfg: cfg}
	s.Checker = check.New(s.snapshot, cfg.Rates)
	return s
}

func (s *Service) ready() error {
	if s.cfg.Session == nil || s.cfg.Clients == nil || s.cfg.Catalog == nil {
		return ErrUnavailable
	}
	return nil
}

// open checks that the workspace is open in the session.
func (s *Service) open(workspaceID string) error {
	if err := s.ready(); err != nil {
		return err
	}
	_, err := s.cfg.Session.Status(workspaceID)
	return err
}

// Client returns the SDK client of a workspace that is open in the session.
func (s *Service) Client(ctx context.Context, workspaceID string) (*workspaceapi.Client, error) {
	if err := s.open(workspaceID); err != nil {
		return nil, err
	}
	return s.cfg.Clients(ctx, workspaceID)
}

// snapshot returns the cached catalog of an open workspace, fetched first
// when nothing is cached (catalog.Refresher.Ensure).
func (s *Service) snapshot(ctx context.Context, workspaceID string) (catalog.Snapshot, error) {
	if err := s.open(workspaceID); err != nil {
		return catalog.Snapshot{}, err
	}
	return s.cfg.Catalog.Ensure(ctx, workspaceID)
}

// Evaluate checks a spec (Clusters API JSON; a top-level "libraries" list
// is the libraries to install at creation) against its policy_id's policy
// and the API's own rules, offline, from the cached catalog, and prices the
// estimate. With applyDefaults the policy's default values are returned in
// Applied too (used when a policy is picked).
func (s *Service) Evaluate(ctx context.Context, workspaceID, specJSON string, applyDefaults bool) (Evaluation, error) {
	if err := s.open(workspaceID); err != nil {
		return Evaluation{}, err
	}
	rep := s.Checker.CheckJSON(ctx, check.Request{WorkspaceID: workspaceID, FillDefaults: applyDefaults}, []byte(specJSON))
	if rep.CatalogErr != nil {
		return Evaluation{}, rep.CatalogErr
	}
	ev := EvaluationOf(rep)
	if ev.Estimate != nil && s.cfg.Prices != nil {
		c := metrics.NewClusterCost(s.cfg.Prices(workspaceID), *ev.Estimate)
		ev.Cost = &c
	}
	return ev, nil
}

// Catalog returns the form's choices from the workspace cache, fetching
// them when nothing is cached yet.
func (s *Service) Catalog(ctx context.Context, workspaceID string) (catalog.EditorCatalog, error) {
	snap, err := s.snapshot(ctx, workspaceID)
	if err != nil {
		return catalog.EditorCatalog{}, err
	}
	return s.catalogView(workspaceID, snap), nil
}

// RefreshCatalog fetches the catalog from the workspace now. What is cached
// is shown when the fetch fails, marked with its age.
func (s *Service) RefreshCatalog(ctx context.Context, workspaceID string) (catalog.EditorCatalog, error) {
	if err := s.open(workspaceID); err != nil {
		return catalog.EditorCatalog{}, err
	}
	snap, err := s.cfg.Catalog.RefreshNow(ctx, workspaceID)
	if err != nil && snap.WorkspaceID == "" {
		return catalog.EditorCatalog{}, err
	}
	return s.catalogView(workspaceID, snap), nil
}

func (s *Service) catalogView(workspaceID string, snap catalog.Snapshot) catalog.EditorCatalog {
	st := s.cfg.Catalog.Status(workspaceID)
	// The connection check may know before the catalog's next refresh.
	st.Offline = st.Offline || s.cfg.Session.Offline(workspaceID)
	return catalog.EditorOptions(snap, st, declaredCloud(s.cfg.Session.List(), workspaceID), s.cfg.Now())
}

// declaredCloud is the cloud a workspace's profile names ("" when unknown).
func declaredCloud(profiles []workspaces.Profile, id string) workspaces.Cloud {
	for _, p := range profiles {
		if p.ID == id {
			return p.Cloud
		}
	}
	return ""
}

// Create makes the cluster once, through the apply service: a retry with
// the same requestID adopts the cluster an earlier attempt made. The view
// is returned with any error (the cluster may exist though a later step,
// such as installing libraries, failed).
func (s *Service) Create(ctx context.Context, workspaceID, specJSON, requestID, operationID string) (CreateView, error) {
	spec, libs, err := check.Sendable([]byte(specJSON))
	if err != nil {
		return CreateView{}, err
	}
	res, err := s.Apply.Create(ctx, apply.CreateRequest{WorkspaceID: workspaceID,
		RequestID: requestID, Spec: spec, Libraries: libs}, operationID)
	out := CreateView{ClusterID: res.ClusterID, Libraries: res.Libraries}
	if res.Create != nil {
		out.RequestID, out.Adopted, out.Attempts = res.Create.RequestID, res.Create.Adopted, res.Create.Attempts
	}
	return out, err
}

// OpenForEdit opens an existing cluster: its spec as the create API takes
// it, and whether it can be edited now.
func (s *Service) OpenForEdit(ctx context.Context, workspaceID, clusterID string) (apply.EditTarget, error) {
	if err := s.ready(); err != nil {
		return apply.EditTarget{}, err
	}
	return s.Apply.OpenForEdit(ctx, workspaceID, clusterID)
}

// PlanEdit says what saving the spec would do to the cluster.
func (s *Service) PlanEdit(ctx context.Context, workspaceID, clusterID, specJSON string) (*apply.Plan, error) {
	spec, libs, err := check.Sendable([]byte(specJSON))
	if err != nil {
		return nil, err
	}
	return s.Apply.PlanEdit(ctx, workspaceID, clusterID, spec, libs)
}

// Edit saves the spec to the cluster if the plan is still the one the user
// reviewed (fingerprint from PlanEdit).
func (s *Service) Edit(ctx context.Context, workspaceID, clusterID, specJSON, fingerprint, operationID string) (EditResult, error) {
	spec, libs, err := check.Sendable([]byte(specJSON))
	if err != nil {
		return EditResult{}, err
	}
	res, err := s.Apply.Edit(ctx, apply.EditRequest{WorkspaceID: workspaceID, ClusterID: clusterID,
		Spec: spec, Libraries: libs, Fingerprint: fingerprint}, operationID)
	if err != nil {
		return EditResult{}, err
	}
	return EditResult{Action: string(res.Action), ClusterID: clusterID, Restarted: res.Restarted, Libraries: res.Libraries}, nil
}

// CheckWithServer asks the workspace whether the saved cluster complies
// with its policy and compares the answer with the offline evaluation.
func (s *Service) CheckWithServer(ctx context.Context, workspaceID, clusterID, draftJSON string) (check.ServerVerdict, error) {
	if clusterID == "" {
		return check.ServerVerdict{}, check.ErrNoServerCheck
	}
	w, err := s.Client(ctx, workspaceID)
	if err != nil {
		return check.ServerVerdict{}, err
	}
	return s.Checker.WithServer(ctx, w, workspaceID, clusterID, []byte(draftJSON))
}
