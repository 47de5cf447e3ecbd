package app

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
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
type EditTarget struct {
	ClusterID string `json:"clusterId"`
	Name      string `json:"name"`
	State     string `json:"state"`
	Editable  bool   `json:"editable"`
	Reason    string `json:"reason"` // why it cannot be edited now
	Spec      string `json:"spec"`   // create-API JSON of the cluster as it is
}

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
	res, err := e.apply.Create(withCheck(e.ctx, editorCheck), apply.CreateRequest{WorkspaceID: workspaceID,
		RequestID: requestID, Spec: spec, Libraries: libs}, operationID)
	out := CreateView{ClusterID: res.ClusterID, Libraries: res.Libraries}
	if res.Create != nil {
		out.RequestID, out.Adopted, out.Attempts = res.Create.RequestID, res.Create.Adopted, res.Create.Attempts
	}
	return out, applyOutcome(e.errors, refusedAs(err, ErrSpecHasProblems))
}

// GetForEdit opens an existing cluster: its spec as the create API takes
// it, and whether it can be edited now.
func (e *Editor) GetForEdit(workspaceID, clusterID string) (EditTarget, error) {
	w, err := e.client(e.ctx, workspaceID)
	if err != nil {
		return EditTarget{}, err
	}
	d, err := w.Clusters.GetByClusterId(e.ctx, clusterID)
	if err != nil {
		return EditTarget{}, fmt.Errorf("get cluster %s: %w", clusterID, err)
	}
	// From the requested spec, so "same as worker" stays that way.
	spec, err := clusterspec.Editable(d)
	if err != nil {
		return EditTarget{}, err
	}
	raw, err := json.Marshal(clusterspec.Clean(spec))
	if err != nil {
		return EditTarget{}, fmt.Errorf("encode cluster spec: %w", err)
	}
	t := EditTarget{ClusterID: d.ClusterId, Name: d.ClusterName, State: string(d.State), Spec: string(raw)}
	t.Editable, t.Reason = editable(d)
	return t, nil
}

func editable(d *compute.ClusterDetails) (bool, string) {
	if d.ClusterSource == compute.ClusterSourceJob || d.ClusterSource == compute.ClusterSourcePipeline {
		return false, "This cluster belongs to a job or pipeline run; change the job or pipeline's cluster settings instead."
	}
	switch d.State {
	case compute.StateRunning, compute.StateTerminated:
		return true, ""
	}
	return false, fmt.Sprintf("The cluster is %s. It can be edited once it is running or terminated; this page checks again when you save.", d.State)
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
	res, err := e.apply.Edit(withCheck(e.ctx, editorCheck), apply.EditRequest{WorkspaceID: workspaceID, ClusterID: clusterID,
		Spec: spec, Libraries: libs, Fingerprint: fingerprint}, operationID)
	if err != nil {
		return EditResult{}, applyOutcome(e.errors, refusedAs(err, ErrSpecHasProblems))
	}
	return EditResult{Action: string(res.Action), ClusterID: clusterID, Restarted: res.Restarted, Libraries: res.Libraries}, nil
}

// checkedSpec evaluates the spec and refuses one with errors: nothing is
// sent that the form already knows the server would reject.
func (e *Editor) checkedSpec(ctx context.Context, workspaceID, specJSON string) (compute.ClusterSpec, []compute.Library, error) {
	snap, err := e.snapshot(ctx, workspaceID)
	if err != nil {
		return compute.ClusterSpec{}, nil, err
	}
	ev, err := e.evaluate(snap, []byte(specJSON), false)
	if err != nil {
		return compute.ClusterSpec{}, nil, err
	}
	if ev.Errors > 0 {
		first := ev.Problems[0]
		for _, p := range ev.Problems {
			if p.Severity != "warning" {
				first = p
				break
			}
		}
		return compute.ClusterSpec{}, nil, fmt.Errorf("%w: %d problem(s) remain, e.g. %s", ErrSpecHasProblems, ev.Errors, first.Message)
	}
	return decodeSpec(specJSON)
}

// decodeSpec reads the editor's JSON: the create spec plus "libraries".
func decodeSpec(specJSON string) (compute.ClusterSpec, []compute.Library, error) {
	var withLibs struct {
		Libraries []compute.Library `json:"libraries"`
	}
	var spec compute.ClusterSpec
	if err := json.Unmarshal([]byte(specJSON), &spec); err != nil {
		return spec, nil, fmt.Errorf("%w: %w", ErrSpecHasProblems, err)
	}
	if err := json.Unmarshal([]byte(specJSON), &withLibs); err != nil {
		return spec, nil, fmt.Errorf("%w: libraries: %w", ErrSpecHasProblems, err)
	}
	return clusterspec.Clean(spec), withLibs.Libraries, nil
}
