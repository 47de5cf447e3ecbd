package app

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/pools"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// errBadPoolSpec: the page sent a pool form that is not the API's JSON.
var errBadPoolSpec = errors.New("the pool form is not valid JSON for the Instance Pools API")

// Pools is the facade of the Pools page: the live list, create, edit (with
// a plan first), delete (with its impact first) and export. Each method
// parses its arguments, makes one call to pools.Service and returns its view.
type Pools struct {
	facade // known: the session knows the workspace
	svc    *pools.Service
	files  FileSaver // nil in the browser bridge
}

// withSpec runs one service call on the parsed form.
func withSpec[T any](p *Pools, workspaceID, specJSON string, f func(context.Context, compute.CreateInstancePool) (T, error)) (T, error) {
	return withForm(p.facade, workspaceID, specJSON, errBadPoolSpec, workspaces.TimeoutPools, f)
}

// List lists the workspace's pools live (the cache when it cannot be
// reached), with the clusters using each and when to poll next.
func (p *Pools) List(workspaceID string) (pools.ListView, error) {
	return call(p.facade, workspaceID, workspaces.TimeoutPools, func(ctx context.Context) (pools.ListView, error) {
		return p.svc.Live(ctx, workspaceID)
	})
}

// Check returns the form's problems field by field; nothing is sent (it
// reads the cache only).
func (p *Pools) Check(workspaceID, specJSON string) ([]pools.Problem, error) {
	return withSpec(p, workspaceID, specJSON, func(_ context.Context, s compute.CreateInstancePool) ([]pools.Problem, error) {
		return p.svc.Check(workspaceID, s), nil
	})
}

// Create creates a pool, or returns the problems that stopped it.
func (p *Pools) Create(workspaceID, specJSON string) (pools.Saved, error) {
	return withSpec(p, workspaceID, specJSON, func(ctx context.Context, s compute.CreateInstancePool) (pools.Saved, error) {
		return p.svc.Create(ctx, workspaceID, s)
	})
}

// Form is the pool as its create request (JSON), for the edit form.
func (p *Pools) Form(workspaceID, poolID string) (string, error) {
	return call(p.facade, workspaceID, workspaces.TimeoutPools, func(ctx context.Context) (string, error) {
		spec, err := p.svc.Form(ctx, workspaceID, poolID)
		if err != nil {
			return "", err
		}
		raw, err := json.Marshal(spec)
		return string(raw), err
	})
}

// PlanEdit says what saving the form would change, and what stops it.
func (p *Pools) PlanEdit(workspaceID, poolID, specJSON string) (pools.EditPlan, error) {
	return withSpec(p, workspaceID, specJSON, func(ctx context.Context, s compute.CreateInstancePool) (pools.EditPlan, error) {
		return p.svc.PlanEdit(ctx, workspaceID, poolID, s)
	})
}

// Edit saves the editable fields of the form.
func (p *Pools) Edit(workspaceID, poolID, specJSON string) (pools.Saved, error) {
	return withSpec(p, workspaceID, specJSON, func(ctx context.Context, s compute.CreateInstancePool) (pools.Saved, error) {
		return tracked(ctx, func(ctx context.Context) (pools.Saved, error) { return p.svc.Edit(ctx, workspaceID, poolID, s) })
	})
}

// Impact says what deleting the pool does, naming the clusters it affects.
func (p *Pools) Impact(workspaceID, poolID string) (pools.Impact, error) {
	return call(p.facade, workspaceID, workspaces.TimeoutPools, func(ctx context.Context) (pools.Impact, error) {
		return p.svc.Impact(ctx, workspaceID, poolID)
	})
}

// Delete deletes the pool once confirmName is its exact name.
func (p *Pools) Delete(workspaceID, poolID, confirmName string) error {
	return writeErr(p.facade, workspaceID, workspaces.TimeoutPools, func(ctx context.Context) error {
		return p.svc.Delete(ctx, workspaceID, poolID, confirmName)
	})
}

// Export returns the pool as API JSON and as Terraform.
func (p *Pools) Export(workspaceID, poolID string) (pools.Export, error) {
	return call(p.facade, workspaceID, workspaces.TimeoutPools, func(ctx context.Context) (pools.Export, error) {
		return p.svc.Export(ctx, workspaceID, poolID)
	})
}

// SaveExport saves the pool's export in format ("json" or "terraform")
// through the desktop's save dialog.
func (p *Pools) SaveExport(workspaceID, poolID, format string) (SavedFile, error) {
	ex, err := p.Export(workspaceID, poolID)
	if err != nil {
		return SavedFile{}, err
	}
	name, text, err := ex.Text(format)
	if err != nil {
		return SavedFile{}, err
	}
	return saveAs(p.ctx, p.files, name, text)
}
