package credentials

import "strings"

// knownPrefixes are the non-secret type prefixes of Databricks credentials
// (personal access tokens, OAuth secrets, ...). Showing them helps the user
// recognise which credential is stored without revealing any of it.
var knownPrefixes = []string{"dapi", "dose", "dkea"}

// Mask returns a display form of secret that reveals at most its last four
// characters, e.g. "dapi…1234". Short secrets are fully hidden.
func Mask(secret string) string {
	if secret == "" {
		return ""
	}
	const hidden = "••••"
	if len(secret) < 16 {
		return hidden
	}
	prefix := ""
	for _, p := range knownPrefixes {
		if strings.HasPrefix(secret, p) {
			prefix = p
			break
		}
	}
	if prefix == "" {
		prefix = hidden
	}
	return prefix + "…" + secret[len(secret)-4:]
}
