package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"

	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/warehouses"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// The Warehouses page's views are built in backend/warehouses.
type (
	WarehouseList     = warehouses.ListView
	WarehouseProblem  = warehouses.Problem
	WarehouseSaved    = warehouses.Saved
	WarehouseEditPlan = warehouses.EditPlan
	WarehouseExport   = warehouses.Export
	WarehouseHistory  = warehouses.HistoryPage
	WarehouseLoad     = warehouses.LoadSeries
	WarehouseConn     = warehouses.Connection
)

// errBadWarehouseSpec: the page sent a form that is not the API's JSON.
var errBadWarehouseSpec = errors.New("the warehouse form is not valid JSON for the SQL Warehouses API")

// errBadLoadHours: the load chart spans 1 hour to 30 days.
var errBadLoadHours = errors.New("the load chart spans 1 to 720 hours")

// errBadWarehouseExport: the page asked for a format warehouses do not have.
var errBadWarehouseExport = errors.New("SQL warehouses export as API JSON, a bundle or Terraform only")

// Warehouses is the facade of the Warehouses page: the live list, start,
// stop, create, edit (with a plan first), delete and export. Each method
// parses its arguments, makes one call to warehouses.Service and returns
// its view. A form travels as the create request's JSON text.
type Warehouses struct {
	session *session.Session
	svc     *warehouses.Service
	ctx     context.Context
	files   FileSaver // nil in the browser bridge
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

func decodeWarehouseSpec(specJSON string) (sql.CreateWarehouseRequest, error) {
	var r sql.CreateWarehouseRequest
	// The SDK's decoder notes the zeros the text carries (auto-stop 0,
	// Photon off), so they are sent and not taken for "left out".
	if err := json.Unmarshal([]byte(specJSON), &r); err != nil {
		return r, fmt.Errorf("%w: %v", errBadWarehouseSpec, err)
	}
	return r, nil
}

// withWarehouseSpec runs one service call on a parsed form.
func withWarehouseSpec[T any](w *Warehouses, workspaceID, specJSON string, timeout time.Duration,
	f func(context.Context, sql.CreateWarehouseRequest) (T, error)) (T, error) {
	var zero T
	ctx, cancel, err := w.call(workspaceID, timeout)
	if err != nil {
		return zero, err
	}
	defer cancel()
	spec, err := decodeWarehouseSpec(specJSON)
	if err != nil {
		return zero, err
	}
	return f(ctx, spec)
}

// Check returns the form's problems field by field; nothing is sent. Names
// are checked against the warehouses listed now (the cache offline).
func (w *Warehouses) Check(workspaceID, specJSON string) ([]WarehouseProblem, error) {
	return forPageErr(withWarehouseSpec(w, workspaceID, specJSON, workspaces.TimeoutOnline,
		func(ctx context.Context, s sql.CreateWarehouseRequest) ([]WarehouseProblem, error) {
			return w.svc.Check(ctx, workspaceID, s), nil
		}))
}

// Create creates a warehouse (it starts at once), or returns the problems
// that stopped it; a create whose answer was lost is adopted, not repeated.
func (w *Warehouses) Create(workspaceID, specJSON string) (WarehouseSaved, error) {
	return forPageErr(withWarehouseSpec(w, workspaceID, specJSON, workspaces.TimeoutPanel,
		func(ctx context.Context, s sql.CreateWarehouseRequest) (WarehouseSaved, error) {
			return w.svc.Create(ctx, workspaceID, s)
		}))
}

// Form is the warehouse as its create request (JSON), for the edit form.
func (w *Warehouses) Form(workspaceID, warehouseID string) (string, error) {
	ctx, cancel, err := w.call(workspaceID, workspaces.TimeoutRead)
	if err != nil {
		return "", err
	}
	defer cancel()
	spec, err := w.svc.Form(ctx, workspaceID, warehouseID)
	if err != nil {
		return "", err
	}
	raw, err := json.Marshal(spec)
	return string(raw), err
}

// PlanEdit says what saving the form would change, whether it restarts the
// warehouse, and what stops it.
func (w *Warehouses) PlanEdit(workspaceID, warehouseID, specJSON string) (WarehouseEditPlan, error) {
	return forPageErr(withWarehouseSpec(w, workspaceID, specJSON, workspaces.TimeoutOnline,
		func(ctx context.Context, s sql.CreateWarehouseRequest) (WarehouseEditPlan, error) {
			return w.svc.PlanEdit(ctx, workspaceID, warehouseID, s)
		}))
}

// Edit saves the form once its plan has no problem (this restarts the
// warehouse); a form that changes nothing sends nothing.
func (w *Warehouses) Edit(workspaceID, warehouseID, specJSON string) (WarehouseSaved, error) {
	return forPageErr(withWarehouseSpec(w, workspaceID, specJSON, workspaces.TimeoutPanel,
		func(ctx context.Context, s sql.CreateWarehouseRequest) (WarehouseSaved, error) {
			return tracked(ctx, func(ctx context.Context) (WarehouseSaved, error) { return w.svc.Edit(ctx, workspaceID, warehouseID, s) })
		}))
}

// Export returns the warehouse as API JSON, a bundle resource and Terraform.
func (w *Warehouses) Export(workspaceID, warehouseID string) (WarehouseExport, error) {
	ctx, cancel, err := w.call(workspaceID, workspaces.TimeoutRead)
	if err != nil {
		return WarehouseExport{}, err
	}
	defer cancel()
	return forPageErr(w.svc.Export(ctx, workspaceID, warehouseID))
}

// SaveExport saves the warehouse's export in format ("json", "bundle" or
// "terraform") through the desktop's save dialog.
func (w *Warehouses) SaveExport(workspaceID, warehouseID, format string) (SavedFile, error) {
	ex, err := w.Export(workspaceID, warehouseID)
	if err != nil {
		return SavedFile{}, err
	}
	name, text, ok := ex.Text(format)
	if !ok {
		return SavedFile{}, fmt.Errorf("%w: not %q", errBadWarehouseExport, format)
	}
	return saveAs(w.ctx, w.files, name, text)
}

// History is one page of the warehouse's query history, newest first,
// filtered by users (names or ids) and statuses; pageToken "" is the first
// page. While a query runs, the page says to read again soon.
func (w *Warehouses) History(workspaceID, warehouseID string, users, statuses []string, pageToken string) (WarehouseHistory, error) {
	ctx, cancel, err := w.call(workspaceID, workspaces.TimeoutRead)
	if err != nil {
		return WarehouseHistory{}, err
	}
	defer cancel()
	return forPageErr(w.svc.History(ctx, workspaceID, warehouseID,
		warehouses.HistoryQuery{Users: users, Statuses: statuses, PageToken: pageToken}))
}

// Load is the warehouse's load over the last hours (1 to 720): queries
// running and queued, and clusters, per interval.
func (w *Warehouses) Load(workspaceID, warehouseID string, hours int) (WarehouseLoad, error) {
	if hours < 1 || hours > 720 {
		return WarehouseLoad{}, fmt.Errorf("%w, not %d", errBadLoadHours, hours)
	}
	ctx, cancel, err := w.call(workspaceID, workspaces.TimeoutOnline)
	if err != nil {
		return WarehouseLoad{}, err
	}
	defer cancel()
	since := w.svc.Now().Add(-time.Duration(hours) * time.Hour)
	return forPageErr(w.svc.Load(ctx, workspaceID, warehouseID, since))
}

// Connection is how tools reach the warehouse: hostname, HTTP path, JDBC,
// ODBC, Python and dbt settings, never a secret.
func (w *Warehouses) Connection(workspaceID, warehouseID string) (WarehouseConn, error) {
	ctx, cancel, err := w.call(workspaceID, workspaces.TimeoutRead)
	if err != nil {
		return WarehouseConn{}, err
	}
	defer cancel()
	return forPageErr(w.svc.Connection(ctx, workspaceID, warehouseID))
}
