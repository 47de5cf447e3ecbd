package workspaces

import (
	"errors"
	"strings"

	"github.com/clusterdeck/clusterdeck/backend/wording"
)

// The wording of this package's errors. app's ErrorFormatter places each
// group in its one ordered table, where the first match wins: lost writes
// first (they wrap the network error behind them), then the form's field
// problems, then the connection kinds (which would only say "invalid host"
// where the form names the exact field).

// LostWriteWording says what a write whose answer was lost left behind
// (LostWrite): nothing sent, or not known.
func LostWriteWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrNotSent, Code: "NOT_SENT",
			Message: "Not done: the workspace could not be reached, so nothing was sent.",
			Hint:    "Check your network or VPN, then try again."},
		{Target: ErrAnswerLost, Code: "OUTCOME_UNKNOWN",
			Message: "Not known whether it was done: the request may have reached the workspace, but its answer was lost.",
			Hint:    "The list shows what happened once the workspace answers; refresh to see it before trying again."},
	}
}

// FormWording names what is wrong with the add/edit dialog, one code per
// field problem, so the page can show the message next to the field (see
// frontend/src/components/workspaces/fieldErrors.ts), and what is wrong
// with the saved workspaces or the Databricks config file.
func FormWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrEmptyHost, Code: "BAD_HOST",
			Message: "Enter the workspace URL.",
			Hint:    "Copy it from your browser's address bar while you are in the workspace."},
		{Target: ErrInsecureHost, Code: "BAD_HOST",
			Message: "The URL must use https://.",
			Hint:    "Plain http:// is only accepted for this computer (127.0.0.1 or localhost)."},
		{Target: ErrHostScheme, Code: "BAD_HOST",
			Message: "The URL must start with https://.",
			Hint:    "Use the workspace's address, e.g. https://dbc-1234.cloud.databricks.com."},
		{Target: ErrAzureCLIHost, Code: "BAD_HOST",
			Message: "Azure CLI sign-in only works with Azure Databricks workspaces.",
			Hint:    "Use the workspace's azuredatabricks.net address, or pick another sign-in method for this host."},
		{Target: ErrHostUserInfo, Code: "BAD_HOST",
			Message: "The URL must not contain a user name or password.",
			Hint:    "Remove the part before @; credentials go in the token field."},
		{Target: ErrHostChangedSecret, Code: "MISSING_SECRET",
			Message: "The host changed: enter the token or client secret again, so the stored one is not sent to the new host.",
			Hint:    "The secret saved for the old host is deleted when you save."},
		{Target: ErrAuthChangedSecret, Code: "MISSING_SECRET",
			Message: "The sign-in method changed: enter its secret again.",
			Hint:    "The secret saved for the old sign-in method is deleted when you save."},
		{Target: ErrBadCAFile, Code: "BAD_CA_FILE",
			Message: "This CA certificate file cannot be used.",
			Hint:    "Choose the PEM file your IT department gives for its proxy (it starts with -----BEGIN CERTIFICATE-----), a regular file of at most 1 MiB; the details say what is wrong."},
		{Target: ErrNameRequired, Code: "NAME_REQUIRED",
			Message: "Enter a display name.",
			Hint:    "It is how the workspace appears in the switcher, e.g. \"Analytics prod\"."},
		{Target: ErrDuplicateName, Code: "DUPLICATE_NAME",
			Message: "Another workspace already has this name.",
			Hint:    "Pick a name that tells the two apart."},
		{Target: ErrClientIDRequired, Code: "CLIENT_ID_REQUIRED",
			Message: "Enter the service principal's client id.",
			Hint:    "Find it under Settings → Identity and access → Service principals in the workspace."},
		{Target: ErrUnknownAuthType, Code: "UNKNOWN_AUTH_TYPE",
			Message: "Choose how to sign in.",
			Hint:    "Pick one of the sign-in methods in the list."},
		{Target: ErrDemoReadOnly, Code: "DEMO_READ_ONLY",
			Message: "The Demo workspace cannot be changed or removed.",
			Hint:    "Use \"Reset demo\" to put it back to its starting state."},
		{Target: ErrNotFound, Code: "WORKSPACE_NOT_FOUND",
			Message: "That workspace no longer exists.",
			Hint:    "Reload the list of workspaces."},
		{Target: ErrSecretLeftBehind, Code: "SECRET_LEFT_BEHIND",
			Message: "The workspace was removed, but its keychain entry could not be deleted.",
			Hint:    "Unlock your keychain and remove the \"clusterdeck\" entry by hand, or leave it: it is unused."},
		{Target: ErrCfgNotAFile, Code: "CFG_NOT_A_FILE",
			Message: "The Databricks config file is not a regular config file.",
			Hint:    "The details say what it is (a device, a pipe, a folder, or a file far too large). Point DATABRICKS_CONFIG_FILE, or ~/.databrickscfg, at your real config file."},
		{Target: ErrCfgAccess, Code: "CFG_UNREADABLE",
			Message: "The Databricks config file cannot be opened.",
			Hint:    "Check that it is a file you can read (chmod 600), or point DATABRICKS_CONFIG_FILE at the right file."},
		{Target: ErrCfgUnreadable, Code: "CFG_UNREADABLE",
			Message: "The Databricks config file cannot be read.",
			Hint:    "Fix the file (it is an INI file: [profile] lines, then key = value lines) and try again."},
		{Target: ErrCorruptFile, Code: "PROFILES_UNREADABLE",
			Message: "Clusterdeck's workspaces file cannot be read.",
			Hint:    "Nothing was changed. Restore the file from a backup, or move it away to start fresh."},
		{Target: ErrNewerSchema, Code: "PROFILES_NEWER",
			Message: "The workspaces file was written by a newer Clusterdeck.",
			Hint:    "Update Clusterdeck. Until then your workspaces are read-only."},
		{Target: ErrStoreBlocked, Code: "PROFILES_READ_ONLY",
			Message: "Changes cannot be saved: the workspaces file could not be loaded.",
			Hint:    "Restore the file or move it away, then restart Clusterdeck."},
	}
}

// ConnectionWording explains every kind of connection failure ClassifyError
// gives: the kind's own text as the sentence, its hint as the fix.
func ConnectionWording() []wording.Rule {
	kinds := []struct {
		err  error
		code string
	}{
		{ErrBadHost, "BAD_HOST"}, {ErrDNS, "DNS"}, {ErrTLS, "TLS"}, {ErrTokenInvalid, "TOKEN_INVALID"},
		{ErrUnauthorized, "UNAUTHORIZED"}, {ErrForbidden, "FORBIDDEN"},
		{ErrTimeout, "TIMEOUT"}, {ErrUnreachable, "UNREACHABLE"},
		{ErrNotWorkspace, "NOT_A_WORKSPACE"}, {ErrDropped, "CONNECTION_DROPPED"},
		{ErrGateway, "GATEWAY_FAILED"}, {ErrMissingSecret, "MISSING_SECRET"},
		{ErrLoginRequired, "LOGIN_REQUIRED"},
		{ErrCLINotInstalled, "CLI_NOT_INSTALLED"}, {ErrCLIOutdated, "CLI_OUTDATED"},
		{ErrCLINotSignedIn, "CLI_NOT_SIGNED_IN"}, {ErrAzureCLINotFound, "AZURE_CLI_NOT_INSTALLED"},
		{ErrAzureCLINotSignedIn, "AZURE_CLI_NOT_SIGNED_IN"}, {ErrUnexpected, "WORKSPACE_ERROR"},
	}
	var rules []wording.Rule
	for _, k := range kinds {
		msg := k.err.Error()
		if errors.Is(k.err, ErrAuthHelper) {
			// "the sign-in helper ...: the Databricks CLI is not installed"
			// reads best as its specific part alone.
			msg = msg[strings.LastIndex(msg, ": ")+2:]
		}
		rules = append(rules, wording.Rule{Target: k.err, Code: k.code, Message: wording.Sentence(msg), Hint: HintOf(k.err)})
	}
	return rules
}
