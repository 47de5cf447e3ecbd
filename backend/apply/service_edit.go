package apply

import (
	"context"
	"fmt"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// EditRequest saves a spec to one open cluster.
type EditRequest struct {
	WorkspaceID string
	ClusterID   string
	Spec        compute.ClusterSpec
	Libraries   []compute.Library
	// Fingerprint is that of the plan the user reviewed (PlanEdit): a
	// cluster that changed since is refused with ErrPlanStale.
	Fingerprint string
}

// PlanEdit says what saving spec to the cluster would do, fingerprinted.
func (s *Service) PlanEdit(ctx context.Context, workspaceID, clusterID string, spec compute.ClusterSpec, libs []compute.Library) (*Plan, error) {
	w, err := s.clients(ctx, workspaceID)
	if err != nil {
		return nil, err
	}
	plan, err := PlanEdit(ctx, w.Clusters, spec, clusterID)
	if err != nil {
		return nil, err
	}
	plan.AddLibraries(libs)
	plan.Fingerprint = Fingerprint(plan)
	return plan, nil
}

// Edit checks the spec, plans again and carries out the plan if it is the
// one the user reviewed.
func (s *Service) Edit(ctx context.Context, req EditRequest, operationID string) (Result, error) {
	ctx, progress, done := s.begin(ctx, operationID)
	defer done()
	ctx, cancel := context.WithTimeout(ctx, s.budgets.Edit)
	defer cancel()
	progress.step("Checking the spec")
	if err := s.check(ctx, req.WorkspaceID, "", req.Spec, req.Libraries); err != nil {
		return Result{}, s.cancelled(ctx, err, Result{}, false)
	}
	w, err := s.clients(ctx, req.WorkspaceID)
	if err != nil {
		return Result{}, s.cancelled(ctx, err, Result{}, false)
	}
	progress.step("Reading the cluster")
	plan, err := PlanEdit(ctx, w.Clusters, req.Spec, req.ClusterID)
	if err != nil {
		return Result{}, s.cancelled(ctx, err, Result{}, false)
	}
	plan.AddLibraries(req.Libraries)
	if plan.WaitReason != "" {
		return Result{}, fmt.Errorf("%w: %s", ErrNotEditable, plan.WaitReason)
	}
	if Fingerprint(plan) != req.Fingerprint {
		return Result{}, fmt.Errorf("%w: review the changes again", ErrPlanStale)
	}
	res, err := NewApplier(w.Clusters, w.Libraries, nil).Apply(ctx, plan, req.Spec,
		ApplyOptions{Libraries: req.Libraries, Progress: progress})
	return res, s.cancelled(ctx, err, res, true)
}
