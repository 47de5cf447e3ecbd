package policyeval

import (
	"fmt"
	"regexp"
)

// RuleProblem is what makes one rule unusable: the rule field it concerns
// ("type", "pattern", "minValue", …) and a sentence.
type RuleProblem struct {
	Field   string
	Message string
}

// ruleProblems lists why a decoded rule cannot be used, compiling its
// pattern on the way. It is the one place for these rules: ParseDefinition
// refuses the first, CheckDefinition reports them all.
func ruleProblems(r *Rule) []RuleProblem {
	var out []RuleProblem
	add := func(field, format string, args ...any) {
		out = append(out, RuleProblem{Field: field, Message: fmt.Sprintf(format, args...)})
	}
	switch r.Type {
	case Fixed:
		if r.Value == nil {
			add("type", "a fixed rule needs a value")
		}
	case Allowlist, Blocklist:
		if len(r.Values) == 0 {
			add("type", "an %s rule needs values", r.Type)
		}
	case Regex:
		re, err := regexp.Compile(`^(?:` + r.Pattern + `)$`)
		if err != nil {
			add("pattern", "bad pattern: %v", err)
		} else {
			r.re = re
		}
	case Range:
		if r.MinValue != nil && r.MaxValue != nil && *r.MinValue > *r.MaxValue {
			add("minValue", "minValue %s is above maxValue %s", formatNumber(*r.MinValue), formatNumber(*r.MaxValue))
		}
	case Forbidden, Unlimited:
	case "":
		add("type", "the rule has no type")
	default:
		add("type", "unknown rule type %q", string(r.Type))
	}
	for _, v := range append([]any{r.Value, r.DefaultValue}, r.Values...) {
		if !isScalar(v) {
			add("value", "values must be strings, numbers or booleans")
			break
		}
	}
	return out
}
