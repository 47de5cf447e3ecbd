package app

import (
	"context"

	"github.com/clusterdeck/clusterdeck/backend/runs"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Runs is the facade of a cluster's Runs tab: one-time runs on the cluster.
type Runs struct {
	facade
	svc     *runs.Service
	drafts  runs.DraftSource // nil without a drafts store
	desktop desktopServices
}

// NewToken returns an idempotency token for one submit form: the page
// sends it with every attempt, so a retry never makes a second run.
func (r *Runs) NewToken() (string, error) { return forPage(runs.NewIdempotencyToken()), nil }

// Submit checks the form and submits the run when nothing is wrong.
func (r *Runs) Submit(workspaceID string, req runs.SubmitRequest) (runs.Submitted, error) {
	return call(r.facade, workspaceID, workspaces.TimeoutPanel, func(ctx context.Context) (runs.Submitted, error) {
		return r.svc.Submit(ctx, workspaceID, req)
	})
}

// SubmitOnDraft submits the run on a new job cluster made from a draft.
func (r *Runs) SubmitOnDraft(workspaceID, draftID string, req runs.SubmitRequest) (runs.Submitted, error) {
	return call(r.facade, workspaceID, workspaces.TimeoutPanel, func(ctx context.Context) (runs.Submitted, error) {
		return r.svc.SubmitOnDraft(ctx, workspaceID, r.drafts, draftID, req)
	})
}

// List returns the one-time runs on the cluster, newest first.
func (r *Runs) List(workspaceID, clusterID string) ([]runs.Row, error) {
	return call(r.facade, workspaceID, workspaces.TimeoutPanel, func(ctx context.Context) ([]runs.Row, error) {
		return r.svc.List(ctx, workspaceID, clusterID)
	})
}

// Output returns a run's notebook result, logs, error and trace.
func (r *Runs) Output(workspaceID string, runID int64) (runs.Output, error) {
	return call(r.facade, workspaceID, workspaces.TimeoutPanel, func(ctx context.Context) (runs.Output, error) {
		return r.svc.Output(ctx, workspaceID, runID)
	})
}

// Cancel asks the workspace to cancel the run.
func (r *Runs) Cancel(workspaceID string, runID int64) (runs.Row, error) {
	return call(r.facade, workspaceID, workspaces.TimeoutPanel, func(ctx context.Context) (runs.Row, error) {
		return r.svc.Cancel(ctx, workspaceID, runID)
	})
}

// OpenPage opens the run's page in the workspace, at the address the
// workspace gave for it (never one the page supplies).
func (r *Runs) OpenPage(workspaceID string, runID int64) (string, error) {
	row, err := call(r.facade, workspaceID, workspaces.TimeoutPanel, func(ctx context.Context) (runs.Row, error) {
		return r.svc.Get(ctx, workspaceID, runID)
	})
	if err != nil {
		return "", err
	}
	return openPage(r.desktop, "the run's page", row.RunPageURL, nil)
}
