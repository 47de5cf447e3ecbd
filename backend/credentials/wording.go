package credentials

import (
	"strings"

	"github.com/clusterdeck/clusterdeck/backend/wording"
)

// ErrorWording explains why the OS keychain cannot be used; app puts them in
// its one ordered table (see backend/wording).
func ErrorWording() []wording.Rule {
	return []wording.Rule{
		{Target: ErrNoSecretService, Code: "KEYCHAIN_UNAVAILABLE",
			Message: "There is no Secret Service in this session.",
			Hint:    "Start Clusterdeck from a desktop session with a keyring (GNOME Keyring, KWallet, KeePassXC). Workspaces that use the Databricks or Azure CLI keep working."},
		{Target: ErrUnavailable, Code: "KEYCHAIN_UNAVAILABLE",
			Message: "The OS keychain cannot be used right now.",
			Hint:    "Unlock or start your keychain (GNOME Keyring, KWallet, macOS Keychain). Workspaces that use the Databricks or Azure CLI keep working."},
	}
}

// Fix is the keychain banner's fix for err: its own hint, else fallback (the
// error's general wording), and it always says which workspaces keep working.
func Fix(err error, fallback string) string {
	hint := HintOf(err)
	if hint == "" {
		hint = fallback
	}
	if !strings.Contains(hint, HintNoSecretAuth) {
		hint += " " + HintNoSecretAuth
	}
	return hint
}
