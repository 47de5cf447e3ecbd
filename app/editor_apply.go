package app

import (
	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/check"
)

// CreateView tells the page what Create did.
type CreateView struct {
	ClusterID string `json:"clusterId"`
	RequestID string `json:"requestId"`
	Adopted   bool   `json:"adopted"`   // an earlier attempt had made it; no second cluster
	Attempts  int    `json:"attempts"`  // create calls sent
	Libraries int    `json:"libraries"` // installed after create
}

// EditTarget is an existing cluster opened in the editor.
type EditTarget = apply.EditTarget

// EditResult tells the page what Edit did.
type EditResult struct {
	Action    string `json:"action"` // resize, edit or noop (libraries may still be installed)
	ClusterID string `json:"clusterId"`
	Restarted bool   `json:"restarted"`
	Libraries int    `json:"libraries"`
}

// NewRequestID returns the id that makes one create idempotent; the page
// keeps it while the form is open and sends it with every create attempt.
func (e *Editor) NewRequestID() (string, error) { return apply.NewRequestID(), nil }

// Create makes the cluster, once: a retry with the same requestID adopts
// the cluster an earlier attempt made instead of making a second one.
// Libraries listed in the spec's "libraries" are installed after create.
// Steps are reported under apply:progress:<operationID>; Operations.Cancel
// stops it.
func (e *Editor) Create(workspaceID, specJSON, requestID, operationID string) (CreateView, error) {
	spec, libs, err := decodeSpec(specJSON)
	if err != nil {
		return CreateView{}, err
	}
	res, err := e.apply.Create(e.ctx, apply.CreateRequest{WorkspaceID: workspaceID,
		RequestID: requestID, Spec: spec, Libraries: libs}, operationID)
	out := CreateView{ClusterID: res.ClusterID, Libraries: res.Libraries}
	if res.Create != nil {
		out.RequestID, out.Adopted, out.Attempts = res.Create.RequestID, res.Create.Adopted, res.Create.Attempts
	}
	return out, applyOutcome(e.errors, refusedAs(err, check.ErrSpecHasProblems))
}

// GetForEdit opens an existing cluster: its spec as the create API takes
// it, and whether it can be edited now.
func (e *Editor) GetForEdit(workspaceID, clusterID string) (EditTarget, error) {
	if err := e.ready(); err != nil {
		return EditTarget{}, err
	}
	return forPageErr(e.apply.OpenForEdit(e.ctx, workspaceID, clusterID))
}

// PlanEdit says what saving the spec would do to the cluster: resize
// (only the size changed on a running cluster), edit (restartRequired when
// it runs) or nothing, with every change old → new. Its fingerprint is
// what Edit takes as the user's confirmation.
func (e *Editor) PlanEdit(workspaceID, clusterID, specJSON string) (*apply.Plan, error) {
	spec, libs, err := decodeSpec(specJSON)
	if err != nil {
		return nil, err
	}
	plan, err := e.apply.PlanEdit(e.ctx, workspaceID, clusterID, spec, libs)
	if err != nil {
		return nil, err
	}
	return forPage(plan), nil
}

// Edit saves the spec to the cluster if the plan is still the one the user
// reviewed (fingerprint from PlanEdit); else PLAN_STALE and nothing is sent.
func (e *Editor) Edit(workspaceID, clusterID, specJSON, fingerprint, operationID string) (EditResult, error) {
	spec, libs, err := decodeSpec(specJSON)
	if err != nil {
		return EditResult{}, err
	}
	res, err := e.apply.Edit(e.ctx, apply.EditRequest{WorkspaceID: workspaceID, ClusterID: clusterID,
		Spec: spec, Libraries: libs, Fingerprint: fingerprint}, operationID)
	if err != nil {
		return EditResult{}, applyOutcome(e.errors, refusedAs(err, check.ErrSpecHasProblems))
	}
	return EditResult{Action: string(res.Action), ClusterID: clusterID, Restarted: res.Restarted, Libraries: res.Libraries}, nil
}

// decodeSpec reads the editor's JSON: the create spec plus "libraries".
func decodeSpec(specJSON string) (compute.ClusterSpec, []compute.Library, error) {
	return check.Sendable([]byte(specJSON))
}
