package app

import (
	"errors"
	"fmt"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// workspaceFormRules name what is wrong with the add/edit dialog, one code
// per field problem, so the page can show the message next to the field
// (see frontend/src/components/workspaces/fieldErrors.ts).
func workspaceFormRules() []ErrorRule {
	return []ErrorRule{
		{workspaces.ErrEmptyHost, "BAD_HOST", "Enter the workspace URL.",
			"Copy it from your browser's address bar while you are in the workspace."},
		{workspaces.ErrInsecureHost, "BAD_HOST", "The URL must use https://.",
			"Plain http:// is only accepted for this computer (127.0.0.1 or localhost)."},
		{workspaces.ErrHostScheme, "BAD_HOST", "The URL must start with https://.",
			"Use the workspace's address, e.g. https://dbc-1234.cloud.databricks.com."},
		{workspaces.ErrAzureCLIHost, "BAD_HOST", "Azure CLI sign-in only works with Azure Databricks workspaces.",
			"Use the workspace's azuredatabricks.net address, or pick another sign-in method for this host."},
		{workspaces.ErrHostUserInfo, "BAD_HOST", "The URL must not contain a user name or password.",
			"Remove the part before @; credentials go in the token field."},
		{workspaces.ErrHostChangedSecret, "MISSING_SECRET",
			"The host changed: enter the token or client secret again, so the stored one is not sent to the new host.",
			"The secret saved for the old host is deleted when you save."},
		{workspaces.ErrAuthChangedSecret, "MISSING_SECRET",
			"The sign-in method changed: enter its secret again.",
			"The secret saved for the old sign-in method is deleted when you save."},
		{workspaces.ErrBadCAFile, "BAD_CA_FILE", "This CA certificate file cannot be used.",
			"Choose the PEM file your IT department gives for its proxy (it starts with -----BEGIN CERTIFICATE-----), a regular file of at most 1 MiB; the details say what is wrong."},
		{workspaces.ErrNameRequired, "NAME_REQUIRED", "Enter a display name.",
			"It is how the workspace appears in the switcher, e.g. \"Analytics prod\"."},
		{workspaces.ErrDuplicateName, "DUPLICATE_NAME", "Another workspace already has this name.",
			"Pick a name that tells the two apart."},
		{workspaces.ErrClientIDRequired, "CLIENT_ID_REQUIRED", "Enter the service principal's client id.",
			"Find it under Settings → Identity and access → Service principals in the workspace."},
		{workspaces.ErrUnknownAuthType, "UNKNOWN_AUTH_TYPE", "Choose how to sign in.",
			"Pick one of the sign-in methods in the list."},
		{workspaces.ErrDemoReadOnly, "DEMO_READ_ONLY", "The Demo workspace cannot be changed or removed.",
			"Use \"Reset demo\" to put it back to its starting state."},
		{workspaces.ErrNotFound, "WORKSPACE_NOT_FOUND", "That workspace no longer exists.",
			"Reload the list of workspaces."},
		{workspaces.ErrSecretLeftBehind, "SECRET_LEFT_BEHIND",
			"The workspace was removed, but its keychain entry could not be deleted.",
			"Unlock your keychain and remove the \"clusterdeck\" entry by hand, or leave it: it is unused."},
		{workspaces.ErrCfgNotAFile, "CFG_NOT_A_FILE", "The Databricks config file is not a regular config file.",
			"The details say what it is (a device, a pipe, a folder, or a file far too large). Point DATABRICKS_CONFIG_FILE, or ~/.databrickscfg, at your real config file."},
		{workspaces.ErrCfgAccess, "CFG_UNREADABLE", "The Databricks config file cannot be opened.",
			"Check that it is a file you can read (chmod 600), or point DATABRICKS_CONFIG_FILE at the right file."},
		{workspaces.ErrCfgUnreadable, "CFG_UNREADABLE", "The Databricks config file cannot be read.",
			"Fix the file (it is an INI file: [profile] lines, then key = value lines) and try again."},
		{workspaces.ErrCorruptFile, "PROFILES_UNREADABLE", "Clusterdeck's workspaces file cannot be read.",
			"Nothing was changed. Restore the file from a backup, or move it away to start fresh."},
		{workspaces.ErrNewerSchema, "PROFILES_NEWER", "The workspaces file was written by a newer Clusterdeck.",
			"Update Clusterdeck. Until then your workspaces are read-only."},
		{workspaces.ErrStoreBlocked, "PROFILES_READ_ONLY", "Changes cannot be saved: the workspaces file could not be loaded.",
			"Restore the file or move it away, then restart Clusterdeck."},
		{catalog.ErrBusy, "BUSY", "A refresh of this workspace is already running.",
			"Wait a moment; the page updates when it finishes."},
		{errNoDemo, "NO_DEMO", "The demo workspace is not running.", "Restart Clusterdeck."},
		{errNotWired, "NOT_AVAILABLE", "This is not available in this build.", "Restart Clusterdeck."},
	}
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
