package app

import (
	"context"
	"errors"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/check"
	"github.com/clusterdeck/clusterdeck/backend/metrics"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/rates"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Editor errors the page gets as UIErrors (see errors_editor.go).
var (
	ErrEditorUnavailable = errors.New("the cluster editor is not connected to the workspaces")
	ErrUnknownPolicy     = check.ErrUnknownPolicy
	ErrNoServerCheck     = check.ErrNoServerCheck
	// ErrInvalidRates: a rate table entry out of range (not a file that cannot be written).
	ErrInvalidRates = policyeval.ErrInvalidRateTable
)

// Editor is the facade of the cluster create/edit form: the catalog the form
// offers, offline evaluation against policy and API rules, and the calls
// that create or change a cluster.
type Editor struct {
	session *session.Session
	clients catalog.ClientFunc
	catalog *catalog.Refresher
	rates   *rates.Store
	prices  func(ws string) metrics.Prices
	checker *check.Checker // catalog from snapshot: fetched when nothing is cached yet
	errors  *ErrorFormatter
	ctx     context.Context
	now     func() time.Time

	apply *apply.Service // create and edit (wired in app.go)
}

func (e *Editor) ready() error {
	if e.session == nil || e.clients == nil || e.catalog == nil {
		return ErrEditorUnavailable
	}
	return nil
}

// open checks that the workspace is open in the session.
func (e *Editor) open(workspaceID string) error {
	if err := e.ready(); err != nil {
		return err
	}
	_, err := e.session.Status(workspaceID)
	return err
}

// client returns the SDK client of a workspace that is open in the session.
func (e *Editor) client(ctx context.Context, workspaceID string) (*workspaceapi.Client, error) {
	if err := e.open(workspaceID); err != nil {
		return nil, err
	}
	return e.clients(ctx, workspaceID)
}

// snapshot returns the cached catalog of an open workspace, fetched first
// when nothing is cached (catalog.Refresher.Ensure).
func (e *Editor) snapshot(ctx context.Context, workspaceID string) (catalog.Snapshot, error) {
	if err := e.open(workspaceID); err != nil {
		return catalog.Snapshot{}, err
	}
	return e.catalog.Ensure(ctx, workspaceID)
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

// Problem is one message for one field of the form, whoever raised it.
type Problem struct {
	Path      string `json:"path"`   // policy path style: autoscale.max_workers, spark_conf.spark.x, init_scripts.0.volumes.destination
	Source    string `json:"source"` // policy, spec or json
	Code      string `json:"code"`
	Message   string `json:"message"`
	Severity  string `json:"severity"` // error or warning
	Estimated bool   `json:"estimated"`
}

// Evaluation is everything the form shows after a change.
type Evaluation struct {
	Problems    []Problem                    `json:"problems"`
	Errors      int                          `json:"errors"`
	Warnings    int                          `json:"warnings"`
	PolicyID    string                       `json:"policyId"`
	Policy      *policyeval.Info             `json:"policy,omitempty"`
	Constraints []policyeval.FieldConstraint `json:"constraints"`
	// Applied are the values the policy fills in (fixed values, and defaults
	// when asked): the page sets them at their paths, keeping everything else.
	Applied  []policyeval.Change  `json:"applied"`
	Estimate *policyeval.Estimate `json:"estimate,omitempty"`
	// Cost is the estimate in money at the workspace's prices per DBU
	// (pricePerDbu 0: none set, only DBU/h is known).
	Cost  *metrics.Cost `json:"cost,omitempty"`
	Notes []string      `json:"notes"`
}

// Evaluate checks a spec (Clusters API JSON; a top-level "libraries" list
// is the libraries to install at creation) against its policy_id's policy
// and the API's own rules, offline, from the cached catalog. With
// applyDefaults the policy's default values are returned in Applied too
// (used when a policy is picked).
func (e *Editor) Evaluate(workspaceID, specJSON string, applyDefaults bool) (Evaluation, error) {
	if err := e.open(workspaceID); err != nil {
		return Evaluation{}, err
	}
	rep := e.checker.CheckJSON(e.ctx, check.Request{WorkspaceID: workspaceID, FillDefaults: applyDefaults}, []byte(specJSON))
	if rep.CatalogErr != nil {
		return Evaluation{}, rep.CatalogErr
	}
	ev := evaluationOf(rep)
	if ev.Estimate != nil {
		c := metrics.NewClusterCost(e.prices(workspaceID), *ev.Estimate)
		ev.Cost = &c
	}
	return forPage(ev), nil
}

// evaluationOf is the form's view of a check: the page tells policy
// problems and JSON problems apart; every other rule reads "spec".
func evaluationOf(r check.Report) Evaluation {
	out := Evaluation{Problems: make([]Problem, 0, len(r.Problems)), Errors: r.Errors, Warnings: r.Warnings,
		PolicyID: r.PolicyID, Policy: r.Policy, Constraints: r.Constraints, Applied: r.Applied, Estimate: r.Estimate, Notes: r.Notes}
	for _, p := range r.ByPath() {
		src := "spec"
		switch p.Source {
		case check.SourcePolicy:
			src = "policy"
		case check.SourceJSON, check.SourceUnknownField:
			src = "json"
		}
		out.Problems = append(out.Problems, Problem{Path: p.Path, Source: src, Code: p.Code, Message: p.Message,
			Severity: p.Severity, Estimated: p.Estimated})
	}
	return out
}

// The form's picker types are built in backend/catalog (EditorOptions).
type (
	NodeTypeOption = catalog.NodeTypeOption
	RuntimeOption  = catalog.RuntimeOption
	PoolOption     = catalog.PoolOption
	EditorCatalog  = catalog.EditorCatalog
)

// Catalog returns the form's choices from the workspace cache, fetching
// them when nothing is cached yet.
func (e *Editor) Catalog(workspaceID string) (EditorCatalog, error) {
	snap, err := e.snapshot(e.ctx, workspaceID)
	if err != nil {
		return EditorCatalog{}, err
	}
	return forPage(e.catalogView(workspaceID, snap)), nil
}

// RefreshCatalog fetches the catalog from the workspace now.
func (e *Editor) RefreshCatalog(workspaceID string) (EditorCatalog, error) {
	if err := e.ready(); err != nil {
		return EditorCatalog{}, err
	}
	if _, err := e.session.Status(workspaceID); err != nil {
		return EditorCatalog{}, err
	}
	ctx, cancel := context.WithTimeout(e.ctx, workspaces.TimeoutCatalog)
	defer cancel()
	snap, err := e.catalog.RefreshNow(ctx, workspaceID)
	if err != nil && snap.WorkspaceID == "" {
		return EditorCatalog{}, err
	}
	return forPage(e.catalogView(workspaceID, snap)), nil
}

func (e *Editor) catalogView(workspaceID string, snap catalog.Snapshot) EditorCatalog {
	st := e.catalog.Status(workspaceID)
	// The connection check may know before the catalog's next refresh.
	st.Offline = st.Offline || e.session.Offline(workspaceID)
	return catalog.EditorOptions(snap, st, declaredCloud(e.session.List(), workspaceID), e.now())
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

// PathMessage and ServerVerdict are the server policy check's page shapes.
type (
	PathMessage   = check.PathMessage
	ServerVerdict = check.ServerVerdict
)

// CheckWithServer asks the workspace whether the saved cluster complies with
// its policy and compares the answer with the offline evaluation (see
// check.Checker.WithServer). The service checks only existing clusters.
func (e *Editor) CheckWithServer(workspaceID, clusterID, draftJSON string) (ServerVerdict, error) {
	if clusterID == "" {
		return ServerVerdict{}, ErrNoServerCheck
	}
	w, err := e.client(e.ctx, workspaceID)
	if err != nil {
		return ServerVerdict{}, err
	}
	v, err := e.checker.WithServer(e.ctx, w, workspaceID, clusterID, []byte(draftJSON))
	return forPage(v), err
}
