package app

import (
	"errors"
	"slices"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// workspaceRules explain the workspace form, the session, the keychain and
// every kind of connection failure a workspace call can classify (the
// backends' wording.go), then the facade's own. The form's rules come first:
// they name the exact field problem, where a connection kind would only say
// "invalid host".
func workspaceRules() []ErrorRule {
	return slices.Concat(workspaces.FormWording(), catalog.ErrorWording(), session.ErrorWording(),
		credentials.ErrorWording(), workspaces.ConnectionWording(), []ErrorRule{
			{Target: errNotWired, Code: "NOT_AVAILABLE",
				Message: "This is not available in this build.",
				Hint:    "Restart Clusterdeck."},
		})
}

// uiError is ErrorFormatter.UIError, with the hint of an auth-helper error
// naming this workspace's URL ("run `databricks auth login --host …`").
func (w *Workspaces) uiError(err error) UIError {
	ui := w.errors.UIError(err)
	if h := workspaces.SpecificHint(err); h != "" {
		ui.Hint = h
	}
	return ui
}

// importFailure says what is wrong with a profile that cannot be imported
// and what to change in the file, instead of a generic "try again".
func importFailure(f *ErrorFormatter, cfgPath string, err error) UIError {
	var np *workspaces.ProfileNotImportableError
	if !errors.As(err, &np) {
		return f.UIError(err)
	}
	msg, hint := np.Wording(cfgPath)
	return UIError{Code: "PROFILE_NOT_IMPORTABLE", Message: msg, Hint: hint, Detail: err.Error()}
}
