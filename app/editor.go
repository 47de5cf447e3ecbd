package app

import (
	"context"
	"errors"
	"time"

	"github.com/databricks/databricks-sdk-go"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/check"
	"github.com/clusterdeck/clusterdeck/backend/policy"
	"github.com/clusterdeck/clusterdeck/backend/rates"
	"github.com/clusterdeck/clusterdeck/backend/session"
)

// Editor errors the page gets as UIErrors (see errors_editor.go).
var (
	ErrEditorUnavailable = errors.New("the cluster editor is not connected to the workspaces")
	ErrUnknownPolicy     = check.ErrUnknownPolicy
	ErrNoServerCheck     = check.ErrNoServerCheck
	// ErrInvalidRates: a rate table entry out of range (not a file that cannot be written).
	ErrInvalidRates = policy.ErrInvalidRateTable
)

// Editor is the facade of the cluster create/edit form: the catalog the form
// offers, offline evaluation against policy and API rules, and the calls
// that create or change a cluster.
type Editor struct {
	session *session.Session
	clients catalog.ClientFunc
	catalog *catalog.Refresher
	rates   *rates.Store
	checker *check.Checker // catalog from snapshot: fetched when nothing is cached yet
	errors  *ErrorFormatter
	ctx     context.Context
	now     func() time.Time

	apply *apply.Service // create and edit (wired in app.go)
}

func newEditor(d Deps, errs *ErrorFormatter) *Editor {
	e := &Editor{session: d.Session, clients: d.Clients.Client, catalog: d.Catalog, rates: d.Rates,
		errors: errs, ctx: context.Background(), now: time.Now}
	e.checker = check.New(e.snapshot, d.Rates)
	return e
}

func (e *Editor) ready() error {
	if e.session == nil || e.clients == nil || e.catalog == nil {
		return ErrEditorUnavailable
	}
	return nil
}

// open checks that the workspace is open in the session.
func (e *Editor) open(workspaceID string) error {
	if err := e.ready(); err != nil {
		return err
	}
	_, err := e.session.Status(workspaceID)
	return err
}

// client returns the SDK client of a workspace that is open in the session.
func (e *Editor) client(ctx context.Context, workspaceID string) (*databricks.WorkspaceClient, error) {
	if err := e.open(workspaceID); err != nil {
		return nil, err
	}
	return e.clients(ctx, workspaceID)
}

// snapshot returns the cached catalog of an open workspace, fetched first
// when nothing is cached (catalog.Refresher.Ensure).
func (e *Editor) snapshot(ctx context.Context, workspaceID string) (catalog.Snapshot, error) {
	if err := e.open(workspaceID); err != nil {
		return catalog.Snapshot{}, err
	}
	return e.catalog.Ensure(ctx, workspaceID)
}

// RateSettings is what the rate table dialog edits (rates.Settings, as
// the page's bound type).
type RateSettings struct {
	User      policy.RateTable `json:"user"`      // saved to the user's file
	Defaults  policy.RateTable `json:"defaults"`  // built in
	Effective policy.RateTable `json:"effective"` // what estimates use now
	LoadError string           `json:"loadError"` // the user's file could not be read
}

// Rates returns the DBU rate table the estimate uses.
func (e *Editor) Rates() (policy.RateTable, error) { return forPage(e.rates.Table()), nil }

// RateSettings returns the user's rate entries, the built-in table and
// whether the user's file could be read.
func (e *Editor) RateSettings() (RateSettings, error) {
	return forPage(RateSettings(e.rates.Settings())), nil
}

// SaveRates stores the user's own DBU rate entries (they override the
// built-in ones) and uses them from now on. It returns the merged table.
func (e *Editor) SaveRates(t policy.RateTable) (policy.RateTable, error) {
	return forPageErr(e.rates.Save(t))
}

// ResetRates removes the user's rate file: the built-in table applies again.
func (e *Editor) ResetRates() (RateSettings, error) {
	s, err := e.rates.Reset()
	return forPage(RateSettings(s)), err
}
