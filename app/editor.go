package app

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/databricks/databricks-sdk-go"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/policy"
	"github.com/clusterdeck/clusterdeck/backend/session"
)

// Editor errors the page gets as UIErrors (see errors_editor.go).
var (
	ErrEditorUnavailable = errors.New("the cluster editor is not connected to the workspaces")
	ErrSpecHasProblems   = errors.New("the cluster spec has problems")
	ErrRestartNeeded     = errors.New("saving restarts the running cluster")
	ErrNotEditable       = errors.New("the cluster cannot be edited in its current state")
	ErrUnknownPolicy     = errors.New("the policy is not in the workspace catalog")
	ErrNoServerCheck     = errors.New("the server checks policy compliance only for existing clusters")
)

// Editor is the facade of the cluster create/edit form: the catalog the form
// offers, offline evaluation against policy and API rules, and the calls
// that create or change a cluster.
type Editor struct {
	session   *session.Session
	clients   catalog.ClientFunc
	catalog   *catalog.Refresher
	ratesFile string
	errors    *ErrorFormatter
	ctx       context.Context
	now       func() time.Time

	mu    sync.Mutex
	rates *policy.RateTable // loaded once, replaced on SaveRates
}

func newEditor(d Deps, errs *ErrorFormatter) *Editor {
	return &Editor{session: d.Session, clients: d.Clients.Client, catalog: d.Catalog, ratesFile: d.RatesFile,
		errors: errs, ctx: context.Background(), now: time.Now}
}

func (e *Editor) ready() error {
	if e.session == nil || e.clients == nil || e.catalog == nil {
		return ErrEditorUnavailable
	}
	return nil
}

// client returns the SDK client of a workspace that is open in the session.
func (e *Editor) client(ctx context.Context, workspaceID string) (*databricks.WorkspaceClient, error) {
	if err := e.ready(); err != nil {
		return nil, err
	}
	if _, err := e.session.Status(workspaceID); err != nil {
		return nil, err
	}
	return e.clients(ctx, workspaceID)
}

// snapshot returns the cached catalog, fetching it first when nothing is
// cached yet (a fresh install, or a cache that was cleared).
func (e *Editor) snapshot(ctx context.Context, workspaceID string) (catalog.Snapshot, error) {
	if err := e.ready(); err != nil {
		return catalog.Snapshot{}, err
	}
	if _, err := e.session.Status(workspaceID); err != nil {
		return catalog.Snapshot{}, err
	}
	snap, err := e.catalog.Cache().Load(workspaceID)
	if err == nil {
		return snap, nil
	}
	if !errors.Is(err, catalog.ErrNotCached) {
		return catalog.Snapshot{}, fmt.Errorf("read catalog cache: %w", err)
	}
	snap, err = e.catalog.RefreshNow(ctx, workspaceID)
	if errors.Is(err, catalog.ErrBusy) {
		// Another refresh is filling the cache: give it a moment.
		for i := 0; i < 50; i++ {
			time.Sleep(100 * time.Millisecond)
			if s, lerr := e.catalog.Cache().Load(workspaceID); lerr == nil {
				return s, nil
			}
		}
	}
	if snap.WorkspaceID == "" && err != nil {
		return catalog.Snapshot{}, err
	}
	return snap, nil // a partial refresh still gives the sections that worked
}

// rateTable returns the user's DBU rate table merged over the defaults.
func (e *Editor) rateTable() policy.RateTable {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.rates == nil {
		t := policy.DefaultRateTable()
		if e.ratesFile != "" {
			if loaded, err := policy.LoadRateTable(e.ratesFile); err == nil {
				t = loaded
			}
		}
		e.rates = &t
	}
	return *e.rates
}

// Rates returns the DBU rate table the estimate uses.
func (e *Editor) Rates() (policy.RateTable, error) {
	return e.rateTable(), nil
}

// SaveRates stores the user's DBU rate table (entries override the
// built-in ones) and uses it from now on.
func (e *Editor) SaveRates(t policy.RateTable) (policy.RateTable, error) {
	if e.ratesFile == "" {
		return policy.RateTable{}, ErrEditorUnavailable
	}
	if err := policy.SaveRateTable(e.ratesFile, t); err != nil {
		return policy.RateTable{}, err
	}
	merged, err := policy.LoadRateTable(e.ratesFile)
	if err != nil {
		return policy.RateTable{}, err
	}
	e.mu.Lock()
	e.rates = &merged
	e.mu.Unlock()
	return merged, nil
}
