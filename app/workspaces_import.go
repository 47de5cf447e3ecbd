package app

import (
	"errors"
	"fmt"
	"strings"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

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
	Imported []WorkspaceView `json:"imported"`
	Failed   []ImportFailure `json:"failed"`
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
	ui := w.errors.UIError(err)
	hint := credentials.HintOf(err)
	if hint == "" {
		hint = ui.Hint
	}
	if !strings.Contains(hint, credentials.HintNoSecretAuth) {
		hint += " " + credentials.HintNoSecretAuth
	}
	return KeychainView{Message: ui.Message, Hint: hint}, nil
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
	out := ImportResult{Imported: []WorkspaceView{}, Failed: []ImportFailure{}}
	for _, o := range w.manager.ImportEach(w.ctx, names) {
		for _, p := range o.Imported {
			out.Imported = append(out.Imported, toWorkspaceView(p, false))
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
	w.freshen(workspaces.DemoID)
	return nil
}

// importFailure says what is wrong with a profile that cannot be imported
// and what to change in the file, instead of a generic "try again".
func importFailure(f *ErrorFormatter, cfgPath string, err error) UIError {
	var np *workspaces.ProfileNotImportableError
	if !errors.As(err, &np) {
		return f.UIError(err)
	}
	return UIError{Code: "PROFILE_NOT_IMPORTABLE",
		Message: fmt.Sprintf("Profile %q cannot be imported: %s.", np.Profile, np.Problem),
		Hint:    fmt.Sprintf("In %s, %s; then import again. Or add the workspace with Add workspace.", cfgPath, np.Fix),
		Detail:  err.Error()}
}
