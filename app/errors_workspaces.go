package app

import (
	"errors"
	"strings"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// workspaceRules explain the keychain, the session and every kind of
// connection failure a workspace call can classify.
func workspaceRules() []ErrorRule {
	rules := []ErrorRule{
		{session.ErrUnknownWorkspace, "UNKNOWN_WORKSPACE",
			"That workspace is not open in Clusterdeck.", "Pick a workspace from the switcher."},
		{credentials.ErrNoSecretService, "KEYCHAIN_UNAVAILABLE",
			"There is no Secret Service in this session.",
			"Start Clusterdeck from a desktop session with a keyring (GNOME Keyring, KWallet, KeePassXC). Workspaces that use the Databricks or Azure CLI keep working."},
		{credentials.ErrUnavailable, "KEYCHAIN_UNAVAILABLE",
			"The OS keychain cannot be used right now.",
			"Unlock or start your keychain (GNOME Keyring, KWallet, macOS Keychain). Workspaces that use the Databricks or Azure CLI keep working."},
	}
	kinds := []struct {
		err  error
		code string
	}{
		{workspaces.ErrBadHost, "BAD_HOST"}, {workspaces.ErrDNS, "DNS"}, {workspaces.ErrTLS, "TLS"},
		{workspaces.ErrTokenInvalid, "TOKEN_INVALID"},
		{workspaces.ErrUnauthorized, "UNAUTHORIZED"}, {workspaces.ErrForbidden, "FORBIDDEN"},
		{workspaces.ErrTimeout, "TIMEOUT"}, {workspaces.ErrUnreachable, "UNREACHABLE"},
		{workspaces.ErrNotWorkspace, "NOT_A_WORKSPACE"}, {workspaces.ErrDropped, "CONNECTION_DROPPED"},
		{workspaces.ErrGateway, "GATEWAY_FAILED"}, {workspaces.ErrMissingSecret, "MISSING_SECRET"},
		{workspaces.ErrLoginRequired, "LOGIN_REQUIRED"},
		{workspaces.ErrCLINotInstalled, "CLI_NOT_INSTALLED"}, {workspaces.ErrCLIOutdated, "CLI_OUTDATED"},
		{workspaces.ErrCLINotSignedIn, "CLI_NOT_SIGNED_IN"}, {workspaces.ErrAzureCLINotFound, "AZURE_CLI_NOT_INSTALLED"},
		{workspaces.ErrAzureCLINotSignedIn, "AZURE_CLI_NOT_SIGNED_IN"}, {workspaces.ErrUnexpected, "WORKSPACE_ERROR"},
	}
	for _, k := range kinds {
		msg := k.err.Error()
		if errors.Is(k.err, workspaces.ErrAuthHelper) {
			// "the sign-in helper ...: the Databricks CLI is not installed"
			// reads best as its specific part alone.
			msg = msg[strings.LastIndex(msg, ": ")+2:]
		}
		rules = append(rules, ErrorRule{Target: k.err, Code: k.code,
			Message: sentence(msg), Hint: workspaces.HintOf(k.err)})
	}
	return rules
}

// sentence capitalises a sentinel's text and ends it with a full stop.
func sentence(s string) string {
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
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

// keychainProblem is the banner's sentence and fix for an unusable
// keychain; the fix always says which workspaces keep working.
func keychainProblem(f *ErrorFormatter, err error) KeychainView {
	ui := f.UIError(err)
	hint := credentials.HintOf(err)
	if hint == "" {
		hint = ui.Hint
	}
	if !strings.Contains(hint, credentials.HintNoSecretAuth) {
		hint += " " + credentials.HintNoSecretAuth
	}
	return KeychainView{Message: ui.Message, Hint: hint}
}
