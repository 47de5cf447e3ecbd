package app

import (
	"context"
	"fmt"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/runs"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// The Runs tab's shapes are built in backend/runs.
type (
	RunRow        = runs.Row
	RunOutput     = runs.Output
	RunSubmit     = runs.SubmitRequest
	RunSubmitted  = runs.Submitted
	RunTaskFields = runs.Task
)

// runsCallTimeout bounds one tab call (the list reads up to a few pages).
const runsCallTimeout = workspaces.TimeoutPanel

// Runs is the facade of a cluster's Runs tab: one-time runs on the cluster.
type Runs struct {
	ctx     context.Context
	svc     *runs.Service
	drafts  runs.DraftSource // nil without a drafts store
	desktop desktopServices
}

// newRuns builds the facade; applier checks a draft's spec before a run's
// cluster is made from it, as the editor's create does.
func newRuns(ctx context.Context, d Deps, desktop desktopServices, applier *apply.Service) *Runs {
	r := &Runs{ctx: ctx, svc: runs.NewService(d.Clients, applier), desktop: desktop}
	if d.Drafts != nil {
		r.drafts = d.Drafts
	}
	return r
}

func (r *Runs) call() (context.Context, context.CancelFunc) {
	return context.WithTimeout(r.ctx, runsCallTimeout)
}

// NewToken returns an idempotency token for one submit form: the page
// sends it with every attempt, so a retry never makes a second run.
func (r *Runs) NewToken() (string, error) { return forPage(runs.NewIdempotencyToken()), nil }

// Submit checks the form and submits the run when nothing is wrong.
func (r *Runs) Submit(workspaceID string, req RunSubmit) (RunSubmitted, error) {
	ctx, cancel := r.call()
	defer cancel()
	return forPageErr(r.svc.Submit(ctx, workspaceID, req))
}

// SubmitOnDraft submits the run on a new job cluster made from a draft.
func (r *Runs) SubmitOnDraft(workspaceID, draftID string, req RunSubmit) (RunSubmitted, error) {
	ctx, cancel := r.call()
	defer cancel()
	return forPageErr(r.svc.SubmitOnDraft(ctx, workspaceID, r.drafts, draftID, req))
}

// List returns the one-time runs on the cluster, newest first.
func (r *Runs) List(workspaceID, clusterID string) ([]RunRow, error) {
	ctx, cancel := r.call()
	defer cancel()
	return forPageErr(r.svc.List(ctx, workspaceID, clusterID))
}

// Output returns a run's notebook result, logs, error and trace.
func (r *Runs) Output(workspaceID string, runID int64) (RunOutput, error) {
	ctx, cancel := r.call()
	defer cancel()
	return forPageErr(r.svc.Output(ctx, workspaceID, runID))
}

// Cancel asks the workspace to cancel the run.
func (r *Runs) Cancel(workspaceID string, runID int64) (RunRow, error) {
	ctx, cancel := r.call()
	defer cancel()
	return forPageErr(r.svc.Cancel(ctx, workspaceID, runID))
}

// OpenPage opens the run's page in the workspace, at the address the
// workspace gave for it (never one the page supplies).
func (r *Runs) OpenPage(workspaceID string, runID int64) (string, error) {
	ctx, cancel := r.call()
	defer cancel()
	row, err := r.svc.Get(ctx, workspaceID, runID)
	if err != nil {
		return "", err
	}
	if row.RunPageURL == "" {
		return "", fmt.Errorf("open the run's page: %w", errNoAddress)
	}
	if err := r.desktop.OpenURL(row.RunPageURL); err != nil {
		return "", fmt.Errorf("open the run's page: %w", err)
	}
	return row.RunPageURL, nil
}

// runRules explain the tab's own failures.
func runRules() []ErrorRule {
	return []ErrorRule{
		{runs.ErrDraftUnparsed, "DRAFT_UNPARSED",
			"The draft's JSON does not parse yet, so no cluster is made from it.",
			"Open the draft, fix its JSON, and submit again."},
		{runs.ErrNoCluster, "NO_CLUSTER",
			"A run needs a cluster: this one, or a new one from a draft.",
			"Choose where the run goes and submit again."},
		{runs.ErrDuplicateName, "DUPLICATE_CLUSTER_NAME",
			"Several clusters have this name, so none is picked.",
			"Rename or delete all but one of them, then try again."},
		{runs.ErrUnusable, "CLUSTER_UNUSABLE",
			"The cluster with this name is in a state no run can use.",
			"Open it to see why; start or recreate it, then submit again."},
	}
}
