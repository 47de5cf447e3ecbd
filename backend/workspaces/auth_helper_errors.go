package workspaces

import (
	"errors"
	"fmt"
	"os/exec"
	"strings"

	"github.com/databricks/databricks-sdk-go/config"
)

// Auth-helper error kinds: the databricks-cli and azure-cli auth types ask
// an installed CLI for a token, and that CLI can be missing, too old or not
// logged in. Each kind also matches ErrAuthHelper.
var (
	ErrAuthHelper          = errors.New("the sign-in helper (Databricks or Azure CLI) could not provide a token")
	ErrCLINotInstalled     = fmt.Errorf("%w: the Databricks CLI is not installed", ErrAuthHelper)
	ErrCLIOutdated         = fmt.Errorf("%w: the Databricks CLI on this computer is the old (legacy) version", ErrAuthHelper)
	ErrCLINotSignedIn      = fmt.Errorf("%w: the Databricks CLI is not logged in to this workspace", ErrAuthHelper)
	ErrAzureCLINotFound    = fmt.Errorf("%w: the Azure CLI (az) is not installed", ErrAuthHelper)
	ErrAzureCLINotSignedIn = fmt.Errorf("%w: the Azure CLI is not logged in", ErrAuthHelper)
	// ErrAzureCLIHost is a save-time check: azure-cli only signs in to
	// Azure Databricks (the SDK answers "azure-cli auth: not configured").
	ErrAzureCLIHost = fmt.Errorf("%w: Azure CLI sign-in needs an Azure Databricks workspace (*.azuredatabricks.net)", ErrBadHost)
)

var authHelperKinds = []error{ErrCLINotInstalled, ErrCLIOutdated, ErrCLINotSignedIn, ErrAzureCLINotFound, ErrAzureCLINotSignedIn}

const hostPlaceholder = "<workspace URL>"

// authHelperHint says what to do for an auth-helper kind; host is the
// workspace URL to put in the command.
func authHelperHint(kind error, host, tenant string) string {
	if host == "" {
		host = hostPlaceholder
	}
	login := "`databricks auth login --host " + host + "`"
	azLogin := "`az login`"
	if tenant != "" {
		azLogin = "`az login --tenant " + tenant + "`"
	}
	switch kind {
	case ErrCLINotInstalled:
		return "Install the Databricks CLI (v0.200 or newer) and run " + login + " in a terminal."
	case ErrCLIOutdated:
		return "Install the Databricks CLI v0.200 or newer (the old pip package `databricks-cli` cannot sign in), make it first on PATH, and run " + login + "."
	case ErrCLINotSignedIn:
		return "Run " + login + " in a terminal, then test again."
	case ErrAzureCLINotFound:
		return "Install the Azure CLI, run " + azLogin + " in a terminal, then test again."
	case ErrAzureCLINotSignedIn:
		return "Run " + azLogin + " in a terminal with an account that can use this workspace, then test again."
	}
	return "Check that the Databricks or Azure CLI is installed and logged in, then test again."
}

// authHelperKind recognises the SDK's CLI auth failures. auth is the
// profile's auth type when known ("" otherwise): with an explicit auth type
// the SDK prefixes its errors "default auth:", not with the helper's name.
func authHelperKind(err error, auth AuthType) error {
	msg := err.Error()
	switch {
	case errors.Is(err, config.ErrCliNotFound):
		return ErrCLINotInstalled
	case errors.Is(err, config.ErrLegacyCliDetected):
		return ErrCLIOutdated
	case strings.Contains(msg, "databricks-cli auth:"),
		auth == AuthDatabricksCLI && strings.Contains(msg, "cannot get access token"):
		return ErrCLINotSignedIn
	case strings.Contains(msg, "azure-cli auth:"),
		auth == AuthAzureCLI && (strings.Contains(msg, "cannot get access token") ||
			strings.Contains(msg, "cannot get account info")):
		// The SDK reports a missing `az` and a missing login alike as
		// "not configured": look for the executable to tell them apart.
		if _, lookErr := exec.LookPath("az"); lookErr != nil {
			return ErrAzureCLINotFound
		}
		return ErrAzureCLINotSignedIn
	}
	return nil
}

// classifyFor is ClassifyError with the profile at hand, so auth-helper
// hints name the exact command to run.
func classifyFor(p Profile, err error) error {
	if err == nil {
		return nil
	}
	if kind := authHelperKind(err, p.AuthType); kind != nil {
		return &ConnectionError{Kind: kind, Hint: authHelperHint(kind, p.Host, p.AzureTenant), Cause: err}
	}
	return ClassifyError(err)
}

// checkAzureCLIHost rejects azure-cli for a host that is not Azure
// Databricks. Loopback passes: a local proxy or test server stands in.
func checkAzureCLIHost(auth AuthType, cloud Cloud) error {
	if auth == AuthAzureCLI && cloud != CloudAzure && cloud != CloudDemo {
		return ErrAzureCLIHost
	}
	return nil
}
