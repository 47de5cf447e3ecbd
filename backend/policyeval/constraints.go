package policyeval

import (
	"fmt"
	"strings"
)

// FieldConstraint is what a form needs to render one attribute under a
// policy: whether it is locked to a value, hidden, limited to a list, a
// range or a pattern, its default, and whether it must be filled.
type FieldConstraint struct {
	Path      string   `json:"path"` // definition path; may hold an index or *
	Type      RuleType `json:"type"`
	Locked    bool     `json:"locked"`          // fixed: show Value read-only
	Value     any      `json:"value,omitempty"` // the fixed value
	Forbidden bool     `json:"forbidden"`       // must stay empty: hide or disable the control
	Hidden    bool     `json:"hidden"`          // the policy asks to hide the control
	Allowed   []any    `json:"allowed,omitempty"`
	Blocked   []any    `json:"blocked,omitempty"`
	Min       *float64 `json:"min,omitempty"`
	Max       *float64 `json:"max,omitempty"`
	Pattern   string   `json:"pattern,omitempty"` // matched against the whole value
	Default   any      `json:"default,omitempty"`
	Required  bool     `json:"required"`
	Virtual   bool     `json:"virtual"`  // cluster_type, dbus_per_hour, cluster_log_conf.path/type
	Wildcard  bool     `json:"wildcard"` // applies to every element of an array
	Hint      string   `json:"hint"`     // one plain line for the form, e.g. "Between 10 and 120"
}

// Constraints lists one constraint per rule, in path order.
func (d *Definition) Constraints() []FieldConstraint {
	out := make([]FieldConstraint, 0, len(d.paths))
	for _, p := range d.paths {
		out = append(out, constraintOf(p, d.rules[p]))
	}
	return out
}

// ConstraintsUnder lists the constraints on prefix and below it, e.g.
// "custom_tags" for the tag editor (fixed, required or limited tag keys),
// "spark_conf" or "init_scripts".
func (d *Definition) ConstraintsUnder(prefix string) []FieldConstraint {
	out := []FieldConstraint{}
	for _, p := range d.paths {
		if p == prefix || strings.HasPrefix(p, prefix+".") {
			out = append(out, constraintOf(p, d.rules[p]))
		}
	}
	return out
}

// ConstraintFor returns the constraint that governs a concrete attribute
// path (indexes, no wildcard): the rule written for it, else a wildcard
// rule covering it.
func (d *Definition) ConstraintFor(path string) (FieldConstraint, bool) {
	if r, ok := d.rules[path]; ok {
		return constraintOf(path, r), true
	}
	for _, p := range d.paths {
		if HasWildcard(p) && MatchPath(p, path) {
			return constraintOf(p, d.rules[p]), true
		}
	}
	return FieldConstraint{}, false
}

func constraintOf(path string, r *Rule) FieldConstraint {
	c := FieldConstraint{
		Path: path, Type: r.Type, Hidden: r.Hidden, Default: r.DefaultValue,
		Required: r.Required(), Virtual: isVirtual(path), Wildcard: HasWildcard(path),
	}
	switch r.Type {
	case Fixed:
		c.Locked, c.Value = true, r.Value
		c.Hint = fmt.Sprintf("Fixed by the policy: %s", Text(r.Value))
	case Forbidden:
		c.Forbidden = true
		c.Hint = "Not allowed by the policy"
	case Allowlist:
		c.Allowed = r.Values
		c.Hint = "One of: " + joinValues(r.Values)
	case Blocklist:
		c.Blocked = r.Values
		c.Hint = "Any value except: " + joinValues(r.Values)
	case Regex:
		c.Pattern = r.Pattern
		c.Hint = "Must match " + r.Pattern
	case Range:
		c.Min, c.Max = r.MinValue, r.MaxValue
		c.Hint = rangeHint(r.MinValue, r.MaxValue)
	case Unlimited:
		if c.Required {
			c.Hint = "Required by the policy"
		}
	}
	if path == PathDBUsPerHour && c.Hint != "" {
		c.Hint += " DBUs per hour (checked against an estimate)"
	}
	return c
}

func joinValues(vals []any) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = Text(v)
	}
	return strings.Join(parts, ", ")
}

func rangeHint(lo, hi *float64) string {
	switch {
	case lo != nil && hi != nil:
		return fmt.Sprintf("Between %s and %s", formatNumber(*lo), formatNumber(*hi))
	case lo != nil:
		return fmt.Sprintf("At least %s", formatNumber(*lo))
	case hi != nil:
		return fmt.Sprintf("At most %s", formatNumber(*hi))
	}
	return "A number"
}
