package app

import (
	"context"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/warehouses"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// WarehouseList is the Warehouses page of one workspace.
type WarehouseList = warehouses.ListView

// Warehouses is the facade of the Warehouses page: the live list, start,
// stop and delete. Each method parses its arguments, makes one call to
// warehouses.Service and returns its view.
type Warehouses struct {
	session *session.Session
	svc     *warehouses.Service
	ctx     context.Context
}

func (w *Warehouses) call(workspaceID string, timeout time.Duration) (context.Context, context.CancelFunc, error) {
	if w.session == nil || w.svc == nil {
		return nil, nil, errNotWired
	}
	if _, err := w.session.Status(workspaceID); err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithTimeout(w.ctx, timeout)
	return ctx, cancel, nil
}

// List lists the workspace's SQL warehouses live (the cache when it cannot
// be reached), with when to poll next.
func (w *Warehouses) List(workspaceID string) (WarehouseList, error) {
	ctx, cancel, err := w.call(workspaceID, workspaces.TimeoutRead)
	if err != nil {
		return WarehouseList{}, err
	}
	defer cancel()
	return forPageErr(w.svc.Live(ctx, workspaceID))
}

// Start starts a stopped warehouse (it bills from then on).
func (w *Warehouses) Start(workspaceID, warehouseID string) error {
	ctx, cancel, err := w.call(workspaceID, workspaces.TimeoutWrite)
	if err != nil {
		return err
	}
	defer cancel()
	return w.svc.Start(ctx, workspaceID, warehouseID)
}

// Stop stops a running or starting warehouse.
func (w *Warehouses) Stop(workspaceID, warehouseID string) error {
	ctx, cancel, err := w.call(workspaceID, workspaces.TimeoutWrite)
	if err != nil {
		return err
	}
	defer cancel()
	return w.svc.Stop(ctx, workspaceID, warehouseID)
}

// Delete deletes the warehouse once typedName is its exact name.
func (w *Warehouses) Delete(workspaceID, warehouseID, typedName string) error {
	ctx, cancel, err := w.call(workspaceID, workspaces.TimeoutWrite)
	if err != nil {
		return err
	}
	defer cancel()
	return w.svc.Delete(ctx, workspaceID, warehouseID, typedName)
}
