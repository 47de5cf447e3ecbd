package app

import (
	"context"

	"github.com/clusterdeck/clusterdeck/backend/metrics"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Metrics is the facade of a cluster's Metrics tab.
type Metrics struct {
	facade
	svc *metrics.Service
	// pricesChanged re-lists a workspace whose prices per DBU changed.
	pricesChanged func(ws string)
}

// Workers is the worker count over the window, from the event log.
func (m *Metrics) Workers(workspaceID, clusterID string, w metrics.Window) (metrics.WorkersView, error) {
	return call(m.facade, workspaceID, workspaces.TimeoutStatement, func(ctx context.Context) (metrics.WorkersView, error) {
		return m.svc.Workers(ctx, workspaceID, clusterID, w)
	})
}

// Utilisation is CPU, memory and network per minute from node_timeline.
func (m *Metrics) Utilisation(workspaceID, clusterID string, q metrics.UtilQuery) (metrics.Utilisation, error) {
	return call(m.facade, workspaceID, workspaces.TimeoutStatement, func(ctx context.Context) (metrics.Utilisation, error) {
		return m.svc.Utilisation(ctx, workspaceID, clusterID, q)
	})
}

// Capacity is the cluster's cores, memory and executors now.
func (m *Metrics) Capacity(workspaceID, clusterID string) (metrics.Capacity, error) {
	return call(m.facade, workspaceID, workspaces.TimeoutStatement, func(ctx context.Context) (metrics.Capacity, error) {
		return m.svc.Capacity(ctx, workspaceID, clusterID)
	})
}

// Warehouses lists the workspace's SQL warehouses and the one chosen.
func (m *Metrics) Warehouses(workspaceID string) (metrics.Warehouses, error) {
	return call(m.facade, workspaceID, workspaces.TimeoutStatement, func(ctx context.Context) (metrics.Warehouses, error) {
		return m.svc.Warehouses(ctx, workspaceID)
	})
}

// ChooseWarehouse remembers the workspace's warehouse for metrics.
func (m *Metrics) ChooseWarehouse(workspaceID, warehouseID string) error {
	return m.svc.ChooseWarehouse(workspaceID, warehouseID)
}

// Cost estimates the cluster's DBU/h and $/h at its size now.
func (m *Metrics) Cost(workspaceID, clusterID string) (metrics.Cost, error) {
	return call(m.facade, workspaceID, workspaces.TimeoutStatement, func(ctx context.Context) (metrics.Cost, error) {
		return m.svc.Cost(ctx, workspaceID, clusterID)
	})
}

// SetPrices remembers the workspace's prices per DBU, by SKU.
func (m *Metrics) SetPrices(workspaceID string, p metrics.Prices) error {
	if err := m.svc.SetPrices(workspaceID, p); err != nil {
		return err
	}
	if m.pricesChanged != nil {
		m.pricesChanged(workspaceID) // the list's $/h follows at once
	}
	return nil
}

// Spend is the last 30 days of actual usage from system.billing.usage, of
// one cluster (clusterID) or of the whole workspace (clusterID "").
func (m *Metrics) Spend(workspaceID, clusterID string, q metrics.SpendQuery) (metrics.Spend, error) {
	return call(m.facade, workspaceID, workspaces.TimeoutStatement, func(ctx context.Context) (metrics.Spend, error) {
		return m.svc.Spend(ctx, workspaceID, clusterID, q)
	})
}

// WarehouseSpend is Spend of one SQL warehouse (warehouseID, required).
func (m *Metrics) WarehouseSpend(workspaceID, warehouseID string, q metrics.SpendQuery) (metrics.Spend, error) {
	return call(m.facade, workspaceID, workspaces.TimeoutStatement, func(ctx context.Context) (metrics.Spend, error) {
		return m.svc.WarehouseSpend(ctx, workspaceID, warehouseID, q)
	})
}

// Prices are the workspace's prices per DBU, by SKU (zero where none is set).
func (m *Metrics) Prices(workspaceID string) (metrics.Prices, error) {
	return m.svc.Prices(workspaceID), nil
}
