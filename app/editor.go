package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"
	"time"

	"github.com/databricks/databricks-sdk-go"

	"github.com/clusterdeck/clusterdeck/backend/apply"
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
	ErrInvalidRates      = errors.New("the DBU rate table has an invalid entry")
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

	mu       sync.Mutex
	rates    *policy.RateTable // loaded once, replaced on SaveRates
	ratesErr error             // why the user's file was not used

	apply *apply.Service // create and edit (wired in app.go)
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

// rateTable returns the user's DBU rate table merged over the defaults. A
// user file that cannot be read leaves the built-in table in use; the
// error is kept for rateNote, so it is never silently ignored.
func (e *Editor) rateTable() policy.RateTable {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.rates == nil {
		t := policy.DefaultRateTable()
		e.ratesErr = nil
		if e.ratesFile != "" {
			loaded, err := policy.LoadRateTable(e.ratesFile)
			if err == nil {
				t = loaded
			} else {
				e.ratesErr = err
			}
		}
		e.rates = &t
	}
	return *e.rates
}

// rateNote says why the user's rate table is not in use ("" when it is).
func (e *Editor) rateNote() string {
	e.rateTable()
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.ratesErr == nil {
		return ""
	}
	return "Your DBU rate table could not be read, so the built-in rates are used: " + e.ratesErr.Error()
}

// RateSettings is what the rate table dialog edits: the user's own
// entries apart from the built-in ones they override.
type RateSettings struct {
	User      policy.RateTable `json:"user"`      // saved to the user's file
	Defaults  policy.RateTable `json:"defaults"`  // built in
	Effective policy.RateTable `json:"effective"` // what estimates use now
	LoadError string           `json:"loadError"` // the user's file could not be read
}

// Rates returns the DBU rate table the estimate uses.
func (e *Editor) Rates() (policy.RateTable, error) {
	return forPage(e.rateTable()), nil
}

// RateSettings returns the user's rate entries, the built-in table and
// whether the user's file could be read.
func (e *Editor) RateSettings() (RateSettings, error) {
	out := RateSettings{Defaults: policy.DefaultRateTable(), Effective: e.rateTable(),
		User: policy.RateTable{Rates: map[string]float64{}, Families: []policy.FamilyRate{}}}
	if e.ratesFile == "" {
		return forPage(out), nil
	}
	user, err := policy.LoadUserRates(e.ratesFile)
	out.User = user
	if err != nil {
		out.LoadError = err.Error()
	}
	return forPage(out), nil
}

// SaveRates stores the user's own DBU rate entries (they override the
// built-in ones; the merged table is never written) and uses them from
// now on. It returns the merged table.
func (e *Editor) SaveRates(t policy.RateTable) (policy.RateTable, error) {
	if e.ratesFile == "" {
		return policy.RateTable{}, ErrEditorUnavailable
	}
	if err := policy.SaveRateTable(e.ratesFile, t); err != nil {
		if errors.Is(err, policy.ErrInvalidRateTable) {
			return policy.RateTable{}, fmt.Errorf("%w: %w", ErrInvalidRates, err)
		}
		return policy.RateTable{}, err // a file that cannot be written is not an entry out of range
	}
	merged, err := policy.LoadRateTable(e.ratesFile)
	if err != nil {
		return policy.RateTable{}, err
	}
	e.mu.Lock()
	e.rates, e.ratesErr = &merged, nil
	e.mu.Unlock()
	return forPage(merged), nil
}

// ResetRates removes the user's rate file: the built-in table applies again.
func (e *Editor) ResetRates() (RateSettings, error) {
	if e.ratesFile == "" {
		return RateSettings{}, ErrEditorUnavailable
	}
	if err := os.Remove(e.ratesFile); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return RateSettings{}, fmt.Errorf("remove DBU rate table: %w", err)
	}
	e.mu.Lock()
	e.rates, e.ratesErr = nil, nil
	e.mu.Unlock()
	return forPageErr(e.RateSettings())
}
