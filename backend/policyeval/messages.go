package policyeval

import "fmt"

// Reason says which way a value broke its rule.
type Reason string

// Reasons, one per kind of failure.
const (
	ReasonMissing    Reason = "missing"      // a required attribute is absent
	ReasonForbidden  Reason = "forbidden"    // a forbidden attribute is present
	ReasonNotFixed   Reason = "not_fixed"    // differs from the fixed value
	ReasonNotAllowed Reason = "not_allowed"  // not in the allowlist
	ReasonBlocked    Reason = "blocked"      // in the blocklist
	ReasonNoMatch    Reason = "no_match"     // does not match the pattern
	ReasonNotANumber Reason = "not_a_number" // a range attribute that is not numeric
	ReasonBelowMin   Reason = "below_min"
	ReasonAboveMax   Reason = "above_max"
	ReasonNotOffered Reason = "not_offered" // the policy is not for this cluster type
)

// Messages follow the service's wording: "Validation failed for PATH, the
// value must be ... (is "VALUE")", so a check made here reads like the error
// the server would answer. Which of them are quoted in public and which are
// guesses: backend/demo/messages_sources_test.go.
//
// A missing key of a map attribute names the map, then the key
// ("Validation failed for custom_tags, team must be present"), as
// terraform-provider-databricks#403 quotes the service.
func msgMissing(path string) string {
	if segs := Segments(path); len(segs) == 2 && mapFields[segs[0]] {
		return fmt.Sprintf("Validation failed for %s, %s must be present", segs[0], segs[1])
	}
	return fmt.Sprintf("Validation failed for %s, the value must be present", path)
}

func msgForbidden(path string) string {
	return fmt.Sprintf("Validation failed for %s, the value must not be present", path)
}

func msgFixed(path string, want, got any) string {
	return fmt.Sprintf("Validation failed for %s, the value must be %s (is %q)", path, Text(want), Text(got))
}

func msgAllow(path string, values []any, got any) string {
	return fmt.Sprintf("Validation failed for %s, the value must be one of %s (is %q)", path, listText(values), Text(got))
}

func msgBlock(path string, values []any, got any) string {
	return fmt.Sprintf("Validation failed for %s, the value must not be one of %s (is %q)", path, listText(values), Text(got))
}

func msgRegex(path, pattern string, got any) string {
	return fmt.Sprintf("Validation failed for %s, the value must match the regular expression %s (is %q)", path, pattern, Text(got))
}

func msgNotNumber(path string, got any) string {
	return fmt.Sprintf("Validation failed for %s, the value must be a number (is %q)", path, Text(got))
}

func msgMin(path string, min, got float64) string {
	return fmt.Sprintf("Validation failed for %s, the value must be at least %s (is %s)", path, formatNumber(min), formatNumber(got))
}

func msgMax(path string, max, got float64) string {
	return fmt.Sprintf("Validation failed for %s, the value must be at most %s (is %s)", path, formatNumber(max), formatNumber(got))
}
