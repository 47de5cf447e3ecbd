package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"

	"github.com/clusterdeck/clusterdeck/backend/warehouses"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// errBadWarehouseSpec: the page sent a form that is not the API's JSON.
var errBadWarehouseSpec = errors.New("the warehouse form is not valid JSON for the SQL Warehouses API")

// errBadLoadHours: the load chart spans 1 hour to 30 days.
var errBadLoadHours = errors.New("the load chart spans 1 to 720 hours")

// Warehouses is the facade of the SQL warehouses pages: the live list,
// start, stop, create, edit (with a plan first), delete, export, and a
// warehouse's history, load and connection details. Each method parses its
// arguments, makes one call to warehouses.Service and returns its view. A
// form travels as the create request's JSON text.
type Warehouses struct {
	facade // known: the session knows the workspace
	svc    *warehouses.Service
	files  FileSaver // nil in the browser bridge
}

// List lists the workspace's SQL warehouses live (the cache when it cannot
// be reached), with when to poll next.
func (w *Warehouses) List(workspaceID string) (warehouses.ListView, error) {
	return call(w.facade, workspaceID, workspaces.TimeoutRead, func(ctx context.Context) (warehouses.ListView, error) {
		return w.svc.Live(ctx, workspaceID)
	})
}

// Start starts a stopped warehouse (it bills from then on).
func (w *Warehouses) Start(workspaceID, warehouseID string) error {
	return callErr(w.facade, workspaceID, workspaces.TimeoutWrite, func(ctx context.Context) error {
		return w.svc.Start(ctx, workspaceID, warehouseID)
	})
}

// Stop stops a running or starting warehouse.
func (w *Warehouses) Stop(workspaceID, warehouseID string) error {
	return callErr(w.facade, workspaceID, workspaces.TimeoutWrite, func(ctx context.Context) error {
		return w.svc.Stop(ctx, workspaceID, warehouseID)
	})
}

// Delete deletes the warehouse once typedName is its exact name.
func (w *Warehouses) Delete(workspaceID, warehouseID, typedName string) error {
	return callErr(w.facade, workspaceID, workspaces.TimeoutWrite, func(ctx context.Context) error {
		return w.svc.Delete(ctx, workspaceID, warehouseID, typedName)
	})
}

// withWarehouseSpec runs one service call on the parsed form.
func withWarehouseSpec[T any](w *Warehouses, workspaceID, specJSON string, timeout time.Duration,
	f func(context.Context, sql.CreateWarehouseRequest) (T, error)) (T, error) {
	return withForm(w.facade, workspaceID, specJSON, errBadWarehouseSpec, timeout, f)
}

// Check returns the form's problems field by field; nothing is sent. Names
// are checked against the warehouses listed now (the cache offline).
func (w *Warehouses) Check(workspaceID, specJSON string) ([]warehouses.Problem, error) {
	return withWarehouseSpec(w, workspaceID, specJSON, workspaces.TimeoutOnline,
		func(ctx context.Context, s sql.CreateWarehouseRequest) ([]warehouses.Problem, error) {
			return w.svc.Check(ctx, workspaceID, s), nil
		})
}

// Create creates a warehouse (it starts at once), or returns the problems
// that stopped it; a create whose answer was lost is adopted, not repeated.
func (w *Warehouses) Create(workspaceID, specJSON string) (warehouses.Saved, error) {
	return withWarehouseSpec(w, workspaceID, specJSON, workspaces.TimeoutPanel,
		func(ctx context.Context, s sql.CreateWarehouseRequest) (warehouses.Saved, error) {
			return w.svc.Create(ctx, workspaceID, s)
		})
}

// Form is the warehouse as its create request (JSON), for the edit form.
func (w *Warehouses) Form(workspaceID, warehouseID string) (string, error) {
	return call(w.facade, workspaceID, workspaces.TimeoutRead, func(ctx context.Context) (string, error) {
		spec, err := w.svc.Form(ctx, workspaceID, warehouseID)
		if err != nil {
			return "", err
		}
		raw, err := json.Marshal(spec)
		return string(raw), err
	})
}

// PlanEdit says what saving the form would change, whether it restarts the
// warehouse, and what stops it.
func (w *Warehouses) PlanEdit(workspaceID, warehouseID, specJSON string) (warehouses.EditPlan, error) {
	return withWarehouseSpec(w, workspaceID, specJSON, workspaces.TimeoutOnline,
		func(ctx context.Context, s sql.CreateWarehouseRequest) (warehouses.EditPlan, error) {
			return w.svc.PlanEdit(ctx, workspaceID, warehouseID, s)
		})
}

// Edit saves the form once its plan has no problem (this restarts the
// warehouse); a form that changes nothing sends nothing.
func (w *Warehouses) Edit(workspaceID, warehouseID, specJSON string) (warehouses.Saved, error) {
	return withWarehouseSpec(w, workspaceID, specJSON, workspaces.TimeoutPanel,
		func(ctx context.Context, s sql.CreateWarehouseRequest) (warehouses.Saved, error) {
			return tracked(ctx, func(ctx context.Context) (warehouses.Saved, error) {
				return w.svc.Edit(ctx, workspaceID, warehouseID, s)
			})
		})
}

// Export returns the warehouse as API JSON, a bundle resource and Terraform.
func (w *Warehouses) Export(workspaceID, warehouseID string) (warehouses.Export, error) {
	return call(w.facade, workspaceID, workspaces.TimeoutRead, func(ctx context.Context) (warehouses.Export, error) {
		return w.svc.Export(ctx, workspaceID, warehouseID)
	})
}

// SaveExport saves the warehouse's export in format ("json", "bundle" or
// "terraform") through the desktop's save dialog.
func (w *Warehouses) SaveExport(workspaceID, warehouseID, format string) (SavedFile, error) {
	ex, err := w.Export(workspaceID, warehouseID)
	if err != nil {
		return SavedFile{}, err
	}
	name, text, err := ex.Text(format)
	if err != nil {
		return SavedFile{}, err
	}
	return saveAs(w.ctx, w.files, name, text)
}

// History is one page of the warehouse's query history, newest first,
// filtered by users (names or ids) and statuses; pageToken "" is the first
// page. While a query runs, the page says to read again soon.
func (w *Warehouses) History(workspaceID, warehouseID string, users, statuses []string, pageToken string) (warehouses.HistoryPage, error) {
	return call(w.facade, workspaceID, workspaces.TimeoutRead, func(ctx context.Context) (warehouses.HistoryPage, error) {
		return w.svc.History(ctx, workspaceID, warehouseID, warehouses.HistoryQuery{Users: users, Statuses: statuses, PageToken: pageToken})
	})
}

// Load is the warehouse's load over the last hours (1 to 720): queries
// running and queued, and clusters, per interval.
func (w *Warehouses) Load(workspaceID, warehouseID string, hours int) (warehouses.LoadSeries, error) {
	if hours < 1 || hours > 720 {
		return warehouses.LoadSeries{}, fmt.Errorf("%w, not %d", errBadLoadHours, hours)
	}
	return call(w.facade, workspaceID, workspaces.TimeoutOnline, func(ctx context.Context) (warehouses.LoadSeries, error) {
		return w.svc.Load(ctx, workspaceID, warehouseID, w.svc.Now().Add(-time.Duration(hours)*time.Hour))
	})
}

// Connection is how tools reach the warehouse: hostname, HTTP path, JDBC,
// ODBC, Python and dbt settings, never a secret.
func (w *Warehouses) Connection(workspaceID, warehouseID string) (warehouses.Connection, error) {
	return call(w.facade, workspaceID, workspaces.TimeoutRead, func(ctx context.Context) (warehouses.Connection, error) {
		return w.svc.Connection(ctx, workspaceID, warehouseID)
	})
}
