package app

import (
	"context"
	"errors"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

func (w *Workspaces) ready() error {
	if w.manager == nil || w.session == nil || w.changes == nil {
		return errNotWired
	}
	return nil
}

// Get returns one workspace for the edit dialog, secrets masked.
func (w *Workspaces) Get(id string) (workspaces.Detail, error) {
	if err := w.ready(); err != nil {
		return workspaces.Detail{}, err
	}
	p, err := w.manager.Get(id)
	if err != nil {
		return workspaces.Detail{}, err
	}
	st, err := w.manager.SecretStatus(w.ctx, id)
	if err != nil {
		return workspaces.Detail{}, err
	}
	return workspaces.DetailOf(p, st, w.session.IsActive(p.ID)), nil
}

// Create saves a new workspace; its secrets go to the keychain only.
func (w *Workspaces) Create(form workspaces.Form) (workspaces.View, error) {
	if err := w.ready(); err != nil {
		return workspaces.View{}, err
	}
	p, in := form.Profile("")
	saved, err := w.manager.Create(w.ctx, p, in)
	if err != nil {
		return workspaces.View{}, err
	}
	w.emit.Emit(EventWorkspacesChanged)
	return workspaces.ViewOf(saved, false), nil
}

// Update changes a saved workspace. Empty secret fields keep the stored ones.
func (w *Workspaces) Update(id string, form workspaces.Form) (workspaces.View, error) {
	if err := w.ready(); err != nil {
		return workspaces.View{}, err
	}
	p, in := form.Profile(id)
	saved, err := w.changes.Update(w.ctx, p, in)
	if saved.ID == "" {
		return workspaces.View{}, err
	}
	w.emit.Emit(EventWorkspacesChanged)
	return workspaces.ViewOf(saved, w.session.IsActive(saved.ID)), err
}

// Delete removes a workspace, its keychain entry and its cached catalog.
func (w *Workspaces) Delete(id string) error {
	if err := w.ready(); err != nil {
		return err
	}
	err := w.changes.Delete(w.ctx, id)
	if err != nil && !errors.Is(err, workspaces.ErrSecretLeftBehind) {
		return err
	}
	w.emit.Emit(EventWorkspacesChanged)
	return err
}

// TestDraft tests the dialog's settings before they are saved. When editing,
// id names the saved workspace so empty secret fields use the stored ones.
func (w *Workspaces) TestDraft(id string, form workspaces.Form) (workspaces.TestResult, error) {
	if err := w.ready(); err != nil {
		return workspaces.TestResult{}, err
	}
	p, in := form.Profile(id)
	res, err := w.manager.TestDraft(w.ctx, p, in)
	if err != nil {
		if workspaces.SpecificHint(err) != "" {
			return workspaces.TestResult{}, w.uiError(err)
		}
		return workspaces.TestResult{}, err
	}
	return workspaces.TestResultOf(res), nil
}

// SignIn runs the OAuth browser sign-in of an oauth-u2m workspace, then
// checks the connection with the new tokens.
func (w *Workspaces) SignIn(id string) (ConnectionView, error) {
	if err := w.ready(); err != nil {
		return ConnectionView{}, err
	}
	ctx, cancel := context.WithTimeout(w.ctx, workspaces.TimeoutSignIn)
	defer cancel()
	if err := w.manager.Login(ctx, id); err != nil {
		return ConnectionView{}, err
	}
	return w.Check(id)
}

// SignOut forgets the OAuth tokens of an oauth-u2m workspace.
func (w *Workspaces) SignOut(id string) error {
	if err := w.ready(); err != nil {
		return err
	}
	if err := w.manager.Logout(w.ctx, id); err != nil {
		return err
	}
	w.session.Forget(id)
	w.emit.Emit(EventWorkspacesChanged)
	return nil
}

// KeychainView tells the page whether secrets can be stored right now.
type KeychainView struct {
	Available bool   `json:"available"`
	Message   string `json:"message"`
	Hint      string `json:"hint"` // what to do, and which workspaces keep working
}

// ImportFailure is one .databrickscfg profile that was not imported.
type ImportFailure struct {
	Profile string  `json:"profile"`
	Error   UIError `json:"error"`
}

// ImportResult is what an import did, profile by profile.
type ImportResult struct {
	Imported []workspaces.View `json:"imported"`
	Failed   []ImportFailure   `json:"failed"`
}

// Keychain reports whether the OS keychain can be used. An unavailable
// keychain is an answer, not an error: the page shows a banner.
func (w *Workspaces) Keychain() (KeychainView, error) {
	if err := w.ready(); err != nil {
		return KeychainView{}, err
	}
	err := w.manager.CheckKeychain(w.ctx)
	if err == nil {
		return KeychainView{Available: true}, nil
	}
	ui := w.errors.UIError(err) // the fix always says which workspaces keep working
	return KeychainView{Message: ui.Message, Hint: credentials.Fix(err, ui.Hint)}, nil
}

// ImportCandidates lists the profiles of ~/.databrickscfg (or
// DATABRICKS_CONFIG_FILE) with host, auth type and the environment
// variables that would override them. Secret values are never read out.
func (w *Workspaces) ImportCandidates() (workspaces.CfgFile, error) {
	if err := w.ready(); err != nil {
		return workspaces.CfgFile{}, err
	}
	return forPageErr(w.manager.ListDatabricksCfg())
}

// Import imports the chosen profiles one by one; their tokens and client
// secrets move into the keychain. A profile that fails does not stop the rest.
func (w *Workspaces) Import(names []string) (ImportResult, error) {
	if err := w.ready(); err != nil {
		return ImportResult{}, err
	}
	out := ImportResult{Imported: []workspaces.View{}, Failed: []ImportFailure{}}
	for _, o := range w.manager.ImportEach(w.ctx, names) {
		for _, p := range o.Imported {
			out.Imported = append(out.Imported, workspaces.ViewOf(p, false))
		}
		if o.Err != nil {
			out.Failed = append(out.Failed, ImportFailure{Profile: o.Name, Error: importFailure(w.errors, w.manager.DatabricksCfgPath(), o.Err)})
		}
	}
	if len(out.Imported) > 0 {
		w.emit.Emit(EventWorkspacesChanged)
	}
	return forPage(out), nil
}

// errNoDemo is matched by the error formatter.
var errNoDemo = session.ErrNoDemo

// ResetDemo puts the Demo workspace back to its seed state and drops its
// cached catalog; the next check and refresh repopulate it.
func (w *Workspaces) ResetDemo() error {
	if err := w.ready(); err != nil {
		return err
	}
	if err := w.changes.ResetDemo(); err != nil {
		return err
	}
	w.emit.Emit(EventWorkspacesChanged)
	w.loop.Freshen(workspaces.DemoID)
	return nil
}
