package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/pools"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// The Pools page's views are built in backend/pools.
type (
	PoolProblem  = pools.Problem
	PoolSaved    = pools.Saved
	PoolEditPlan = pools.EditPlan
	PoolImpact   = pools.Impact
	PoolExport   = pools.Export
)

// errBadPoolSpec: the page sent a pool form that is not the API's JSON.
var errBadPoolSpec = errors.New("the pool form is not valid JSON for the Instance Pools API")

// errBadPoolExport: the page asked for an export format pools do not have.
var errBadPoolExport = errors.New("pools export as API JSON or Terraform only")

// poolCallTimeout bounds one call of the Pools page.
const poolCallTimeout = workspaces.TimeoutPools

// Pools is the facade of the Pools page: the live list, create, edit (with
// a plan first), delete (with its impact first) and export. Each method
// parses its arguments, makes one call to pools.Service and returns its view.
type Pools struct {
	session *session.Session
	svc     *pools.Service
	ctx     context.Context
	files   FileSaver // nil in the browser bridge
}

func (p *Pools) call(workspaceID string) (context.Context, context.CancelFunc, error) {
	if p.session == nil || p.svc == nil {
		return nil, nil, errNotWired
	}
	if _, err := p.session.Status(workspaceID); err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithTimeout(p.ctx, poolCallTimeout)
	return ctx, cancel, nil
}

func decodePoolSpec(specJSON string) (compute.CreateInstancePool, error) {
	var s compute.CreateInstancePool
	if err := json.Unmarshal([]byte(specJSON), &s); err != nil {
		return s, fmt.Errorf("%w: %v", errBadPoolSpec, err)
	}
	return s, nil
}

// List lists the workspace's pools live (the cache when it cannot be
// reached), with the clusters using each and when to poll next.
func (p *Pools) List(workspaceID string) (pools.ListView, error) {
	ctx, cancel, err := p.call(workspaceID)
	if err != nil {
		return pools.ListView{}, err
	}
	defer cancel()
	return forPageErr(p.svc.Live(ctx, workspaceID))
}

// Check returns the form's problems field by field; nothing is sent.
func (p *Pools) Check(workspaceID, specJSON string) ([]PoolProblem, error) {
	_, cancel, err := p.call(workspaceID)
	if err != nil {
		return nil, err
	}
	cancel() // reads the cache only
	spec, err := decodePoolSpec(specJSON)
	if err != nil {
		return nil, err
	}
	return forPage(p.svc.Check(workspaceID, spec)), nil
}

// withSpec runs one service call on a parsed form.
func withSpec[T any](p *Pools, workspaceID, specJSON string, f func(context.Context, compute.CreateInstancePool) (T, error)) (T, error) {
	var zero T
	ctx, cancel, err := p.call(workspaceID)
	if err != nil {
		return zero, err
	}
	defer cancel()
	spec, err := decodePoolSpec(specJSON)
	if err != nil {
		return zero, err
	}
	return f(ctx, spec)
}

// Create creates a pool, or returns the problems that stopped it.
func (p *Pools) Create(workspaceID, specJSON string) (PoolSaved, error) {
	return forPageErr(withSpec(p, workspaceID, specJSON, func(ctx context.Context, s compute.CreateInstancePool) (PoolSaved, error) {
		return p.svc.Create(ctx, workspaceID, s)
	}))
}

// Form is the pool as its create request (JSON), for the edit form.
func (p *Pools) Form(workspaceID, poolID string) (string, error) {
	ctx, cancel, err := p.call(workspaceID)
	if err != nil {
		return "", err
	}
	defer cancel()
	spec, err := p.svc.Form(ctx, workspaceID, poolID)
	if err != nil {
		return "", err
	}
	raw, err := json.Marshal(spec)
	return string(raw), err
}

// PlanEdit says what saving the form would change, and what stops it.
func (p *Pools) PlanEdit(workspaceID, poolID, specJSON string) (PoolEditPlan, error) {
	return forPageErr(withSpec(p, workspaceID, specJSON, func(ctx context.Context, s compute.CreateInstancePool) (PoolEditPlan, error) {
		return p.svc.PlanEdit(ctx, workspaceID, poolID, s)
	}))
}

// Edit saves the editable fields of the form.
func (p *Pools) Edit(workspaceID, poolID, specJSON string) (PoolSaved, error) {
	return forPageErr(withSpec(p, workspaceID, specJSON, func(ctx context.Context, s compute.CreateInstancePool) (PoolSaved, error) {
		return tracked(ctx, func(ctx context.Context) (PoolSaved, error) { return p.svc.Edit(ctx, workspaceID, poolID, s) })
	}))
}

// Impact says what deleting the pool does, naming the clusters it affects.
func (p *Pools) Impact(workspaceID, poolID string) (PoolImpact, error) {
	ctx, cancel, err := p.call(workspaceID)
	if err != nil {
		return PoolImpact{}, err
	}
	defer cancel()
	return forPageErr(p.svc.Impact(ctx, workspaceID, poolID))
}

// Delete deletes the pool once confirmName is its exact name.
func (p *Pools) Delete(workspaceID, poolID, confirmName string) error {
	ctx, cancel, err := p.call(workspaceID)
	if err != nil {
		return err
	}
	defer cancel()
	return trackedErr(ctx, func(ctx context.Context) error { return p.svc.Delete(ctx, workspaceID, poolID, confirmName) })
}

// Export returns the pool as API JSON and as Terraform.
func (p *Pools) Export(workspaceID, poolID string) (PoolExport, error) {
	ctx, cancel, err := p.call(workspaceID)
	if err != nil {
		return PoolExport{}, err
	}
	defer cancel()
	return forPageErr(p.svc.Export(ctx, workspaceID, poolID))
}

// SaveExport saves the pool's export in format ("json" or "terraform")
// through the desktop's save dialog.
func (p *Pools) SaveExport(workspaceID, poolID, format string) (SavedFile, error) {
	ex, err := p.Export(workspaceID, poolID)
	if err != nil {
		return SavedFile{}, err
	}
	name, text, ok := ex.Text(format)
	if !ok {
		return SavedFile{}, fmt.Errorf("%w: not %q", errBadPoolExport, format)
	}
	return saveAs(p.ctx, p.files, name, text)
}
