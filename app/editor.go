package app

import (
	"context"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/check"
	"github.com/clusterdeck/clusterdeck/backend/editor"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/rates"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Editor errors the page gets as UIErrors (worded in each package's wording.go).
var (
	ErrEditorUnavailable = editor.ErrUnavailable
	ErrUnknownPolicy     = check.ErrUnknownPolicy
	ErrNoServerCheck     = check.ErrNoServerCheck
	// ErrInvalidRates: a rate table entry out of range (not a file that cannot be written).
	ErrInvalidRates = policyeval.ErrInvalidRateTable
)

// Editor is the facade of the cluster create/edit form (editor.Service)
// and of the DBU rate table its estimate uses.
type Editor struct {
	facade
	svc    *editor.Service
	rates  *rates.Store
	errors *ErrorFormatter
}

// RateSettings is what the rate table dialog edits (rates.Settings, as
// the page's bound type).
type RateSettings struct {
	User      policyeval.RateTable `json:"user"`      // saved to the user's file
	Defaults  policyeval.RateTable `json:"defaults"`  // built in
	Effective policyeval.RateTable `json:"effective"` // what estimates use now
	LoadError string               `json:"loadError"` // the user's file could not be read
}

// Rates returns the DBU rate table the estimate uses.
func (e *Editor) Rates() (policyeval.RateTable, error) { return forPage(e.rates.Table()), nil }

// RateSettings returns the user's rate entries, the built-in table and
// whether the user's file could be read.
func (e *Editor) RateSettings() (RateSettings, error) {
	return forPage(RateSettings(e.rates.Settings())), nil
}

// SaveRates stores the user's own DBU rate entries (they override the
// built-in ones) and uses them from now on. It returns the merged table.
func (e *Editor) SaveRates(t policyeval.RateTable) (policyeval.RateTable, error) {
	return forPageErr(e.rates.Save(t))
}

// ResetRates removes the user's rate file: the built-in table applies again.
func (e *Editor) ResetRates() (RateSettings, error) {
	s, err := e.rates.Reset()
	return forPage(RateSettings(s)), err
}

// Evaluate checks a spec (Clusters API JSON; a top-level "libraries" list
// is the libraries to install at creation) against its policy and the
// API's own rules, offline; with applyDefaults the policy's default values
// come back in Applied too (used when a policy is picked).
func (e *Editor) Evaluate(workspaceID, specJSON string, applyDefaults bool) (editor.Evaluation, error) {
	return forPageErr(e.svc.Evaluate(e.ctx, workspaceID, specJSON, applyDefaults))
}

// Catalog returns the form's choices from the workspace cache, fetching
// them when nothing is cached yet.
func (e *Editor) Catalog(workspaceID string) (catalog.EditorCatalog, error) {
	return forPageErr(e.svc.Catalog(e.ctx, workspaceID))
}

// RefreshCatalog fetches the catalog from the workspace now.
func (e *Editor) RefreshCatalog(workspaceID string) (catalog.EditorCatalog, error) {
	return call(e.facade, workspaceID, workspaces.TimeoutCatalog, func(ctx context.Context) (catalog.EditorCatalog, error) {
		return e.svc.RefreshCatalog(ctx, workspaceID)
	})
}

// NewRequestID returns the id that makes one create idempotent; the page
// keeps it while the form is open and sends it with every create attempt.
func (e *Editor) NewRequestID() (string, error) { return apply.NewRequestID(), nil }

// Create makes the cluster, once: a retry with the same requestID adopts
// the cluster an earlier attempt made instead of making a second one.
// Libraries listed in the spec's "libraries" are installed after create.
// Steps are reported under apply:progress:<operationID>; Operations.Cancel
// stops it.
func (e *Editor) Create(workspaceID, specJSON, requestID, operationID string) (editor.CreateView, error) {
	v, err := e.svc.Create(e.ctx, workspaceID, specJSON, requestID, operationID)
	return v, applyOutcome(e.errors, refusedAs(err, check.ErrSpecHasProblems))
}

// GetForEdit opens an existing cluster: its spec as the create API takes
// it, and whether it can be edited now.
func (e *Editor) GetForEdit(workspaceID, clusterID string) (apply.EditTarget, error) {
	return forPageErr(e.svc.OpenForEdit(e.ctx, workspaceID, clusterID))
}

// PlanEdit says what saving the spec would do to the cluster: resize
// (only the size changed on a running cluster), edit (restartRequired when
// it runs) or nothing, with every change old → new. Its fingerprint is
// what Edit takes as the user's confirmation.
func (e *Editor) PlanEdit(workspaceID, clusterID, specJSON string) (*apply.Plan, error) {
	plan, err := e.svc.PlanEdit(e.ctx, workspaceID, clusterID, specJSON)
	if err != nil {
		return nil, err
	}
	return forPage(plan), nil
}

// Edit saves the spec to the cluster if the plan is still the one the user
// reviewed (fingerprint from PlanEdit); else PLAN_STALE and nothing is sent.
func (e *Editor) Edit(workspaceID, clusterID, specJSON, fingerprint, operationID string) (editor.EditResult, error) {
	v, err := e.svc.Edit(e.ctx, workspaceID, clusterID, specJSON, fingerprint, operationID)
	return v, applyOutcome(e.errors, refusedAs(err, check.ErrSpecHasProblems))
}

// CheckWithServer asks the workspace whether the saved cluster complies with
// its policy and compares the answer with the offline evaluation (see
// check.Checker.WithServer). The service checks only existing clusters.
func (e *Editor) CheckWithServer(workspaceID, clusterID, draftJSON string) (check.ServerVerdict, error) {
	return forPageErr(e.svc.CheckWithServer(e.ctx, workspaceID, clusterID, draftJSON))
}
