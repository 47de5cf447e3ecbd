package workspaces

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/databricks/databricks-sdk-go/apierr"

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

// RateLimitedWording explains any HTTP 429. The SDK files both RESOURCE_EXHAUSTED
// ("per-user rate limiting") and REQUEST_LIMIT_EXCEEDED under 429, and a
// workspace answers too many calls with either code: advice about quota or
// about terminating compute would send the user the wrong way.
func RateLimitedWording() wording.Rule {
	return wording.Rule{Code: "TOO_MANY_REQUESTS",
		Message: "The workspace is rate-limiting requests from Clusterdeck.",
		Hint:    "Nothing to fix: Clusterdeck slows down and retries by itself. If you were acting, try again in a minute."}
}

// APIWording explains the SDK's API error classes (apierr) and a call's own
// timeout or cancel; app's ErrorFormatter tries it after every package's own
// rules. More specific classes come first because several inherit from a
// general one (ErrResourceExhausted is ErrTooManyRequests).
func APIWording() []wording.Rule {
	return []wording.Rule{
		{Target: apierr.ErrResourceExhausted, Code: "RESOURCE_EXHAUSTED",
			Message: "The workspace ran out of quota or capacity for this request.",
			Hint:    "Request more quota from your cloud or workspace admin, or pick another node family or a smaller size."},
		{Target: apierr.ErrRequestLimitExceeded, Code: "REQUEST_LIMIT_EXCEEDED",
			Message: "This would exceed a limit set for the workspace.",
			Hint:    "Terminate or delete compute you no longer need, or ask an admin to raise the limit."},
		{Target: apierr.ErrTooManyRequests, Code: "TOO_MANY_REQUESTS",
			Message: "Databricks is rate-limiting requests from this workspace.",
			Hint:    "Wait a minute and try again; Clusterdeck slows its polling by itself."},
		{Target: apierr.ErrInvalidState, Code: "INVALID_STATE",
			Message: "The resource is not in a state that allows this action.",
			Hint:    "Wait for the current transition to finish, refresh, then try again."},
		{Target: apierr.ErrInvalidParameterValue, Code: "INVALID_PARAMETER_VALUE",
			Message: "Databricks rejected a value in the request.",
			Hint:    "Correct the value named in the details and try again."},
		{Target: apierr.ErrResourceDoesNotExist, Code: "RESOURCE_DOES_NOT_EXIST",
			Message: "It no longer exists in this workspace.",
			Hint:    "Refresh the list; someone may have deleted it."},
		{Target: apierr.ErrNotFound, Code: "NOT_FOUND",
			Message: "Databricks could not find what was asked for.",
			Hint:    "Refresh and check that the workspace URL is right."},
		{Target: apierr.ErrPermissionDenied, Code: "PERMISSION_DENIED",
			Message: "You do not have permission to do this in this workspace.",
			Hint:    "Ask a workspace admin for the needed permission (Can Manage for edits, Can Restart for start and stop)."},
		{Target: apierr.ErrUnauthenticated, Code: "UNAUTHENTICATED",
			Message: "The workspace did not accept your credentials.",
			Hint:    "Sign in again or replace the access token in Workspaces."},
		{Target: apierr.ErrResourceConflict, Code: "RESOURCE_CONFLICT",
			Message: "Someone else changed this at the same time.",
			Hint:    "Refresh to see the latest version, then try again."},
		{Target: apierr.ErrBadRequest, Code: "BAD_REQUEST",
			Message: "Databricks rejected the request.",
			Hint:    "Check the details below, correct the request and try again."},
		{Target: apierr.ErrTemporarilyUnavailable, Code: "TEMPORARILY_UNAVAILABLE",
			Message: "The workspace is temporarily unavailable.",
			Hint:    "Try again in a few minutes; check the Databricks status page if it lasts."},
		{Target: apierr.ErrDeadlineExceeded, Code: "DEADLINE_EXCEEDED",
			Message: "The workspace took too long to answer.",
			Hint:    "Try again; check your network or VPN if it keeps happening."},
		{Target: apierr.ErrNotImplemented, Code: "NOT_IMPLEMENTED",
			Message: "This workspace does not support that operation.",
			Hint:    "Check that the feature is enabled for your workspace or cloud."},
		{Target: apierr.ErrInternalError, Code: "INTERNAL_ERROR",
			Message: "Databricks reported an internal error.",
			Hint:    "Try again; if it persists, contact Databricks support with the details below."},
		{Target: context.DeadlineExceeded, Code: "TIMEOUT",
			Message: "The request timed out.",
			Hint:    "Check your network or VPN and try again."},
		{Target: context.Canceled, Code: "CANCELLED",
			Message: "The request was cancelled.",
			Hint:    "Run it again when you are ready."},
	}
}

// Wording says what is wrong with the profile and what to change in the
// file at cfgPath, instead of a generic "try again".
func (e *ProfileNotImportableError) Wording(cfgPath string) (message, hint string) {
	return fmt.Sprintf("Profile %q cannot be imported: %s.", e.Profile, e.Problem),
		fmt.Sprintf("In %s, %s; then import again. Or add the workspace with Add workspace.", cfgPath, e.Fix)
}
