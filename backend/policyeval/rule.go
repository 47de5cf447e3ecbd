// Package policy evaluates Databricks cluster policies offline: a policy
// definition and a cluster spec give the violations by attribute path (in the
// service's own wording), the effective spec with fixed and default values
// applied, and per-field constraints a form can render. It is independent of
// the demo server's enforcement, so the two can be compared.
package policyeval

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// RuleType is a policy limitation type.
type RuleType string

// The limitation types of the policy definition language.
const (
	Fixed     RuleType = "fixed"
	Forbidden RuleType = "forbidden"
	Allowlist RuleType = "allowlist"
	Blocklist RuleType = "blocklist"
	Regex     RuleType = "regex"
	Range     RuleType = "range"
	Unlimited RuleType = "unlimited"
)

// RuleTypes lists every rule type.
var RuleTypes = []RuleType{Fixed, Forbidden, Allowlist, Blocklist, Regex, Range, Unlimited}

// ErrInvalidDefinition is wrapped by every definition parse error.
var ErrInvalidDefinition = errors.New("invalid policy definition")

// Rule is one attribute's limitation. Values are JSON values: string, bool,
// json.Number or nil.
type Rule struct {
	Type         RuleType `json:"type"`
	Value        any      `json:"value,omitempty"`
	Values       []any    `json:"values,omitempty"`
	Pattern      string   `json:"pattern,omitempty"`
	MinValue     *float64 `json:"minValue,omitempty"`
	MaxValue     *float64 `json:"maxValue,omitempty"`
	DefaultValue any      `json:"defaultValue,omitempty"`
	IsOptional   bool     `json:"isOptional,omitempty"`
	Hidden       bool     `json:"hidden,omitempty"`

	re *regexp.Regexp // Pattern anchored to the whole value
}

// Required reports whether the attribute must be present. Every limited
// attribute is required unless isOptional (unlimited too: that is how a
// policy makes a free attribute mandatory); fixed values are filled in by
// the service and forbidden ones must be absent, so neither is "required".
func (r Rule) Required() bool {
	return r.Type != Fixed && r.Type != Forbidden && !r.IsOptional
}

// Definition is a parsed policy definition.
type Definition struct {
	rules map[string]*Rule
	paths []string // rule paths in evaluation order
}

// ParseDefinition reads a definition document (the JSON string a policy's
// definition field holds). An empty document is an empty definition.
func ParseDefinition(doc string) (*Definition, error) {
	raw := map[string]json.RawMessage{}
	if strings.TrimSpace(doc) != "" {
		dec := json.NewDecoder(strings.NewReader(doc))
		dec.UseNumber()
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("%w: not a JSON object: %w", ErrInvalidDefinition, err)
		}
		if dec.More() {
			return nil, fmt.Errorf("%w: trailing data after the JSON object", ErrInvalidDefinition)
		}
	}
	d := &Definition{rules: make(map[string]*Rule, len(raw))}
	for path, msg := range raw {
		r, err := parseRule(path, msg)
		if err != nil {
			return nil, err
		}
		d.rules[path] = r
	}
	d.sortPaths()
	return d, nil
}

func parseRule(path string, msg json.RawMessage) (*Rule, error) {
	if err := checkPath(path); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidDefinition, err)
	}
	var r Rule
	dec := json.NewDecoder(bytes.NewReader(msg))
	dec.UseNumber()
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("%w: attribute %s: %w", ErrInvalidDefinition, path, err)
	}
	if probs := ruleProblems(&r); len(probs) > 0 {
		return nil, fmt.Errorf("%w: attribute %s: %s", ErrInvalidDefinition, path, probs[0].Message)
	}
	return &r, nil
}

func (d *Definition) sortPaths() {
	d.paths = d.paths[:0]
	for p := range d.rules {
		d.paths = append(d.paths, p)
	}
	sort.Slice(d.paths, func(i, j int) bool { return lessPath(d.paths[i], d.paths[j]) })
}

// Paths returns the rule paths in evaluation order.
func (d *Definition) Paths() []string { return append([]string(nil), d.paths...) }

// Rule returns the rule written for exactly path.
func (d *Definition) Rule(path string) (Rule, bool) {
	r, ok := d.rules[path]
	if !ok {
		return Rule{}, false
	}
	return *r, true
}

// Len is the number of rules.
func (d *Definition) Len() int { return len(d.rules) }

// Merge returns base with every rule of overrides replacing base's rule for
// the same path: how a policy family's definition combines with a policy's
// policy_family_definition_overrides.
func Merge(base, overrides *Definition) *Definition {
	out := &Definition{rules: make(map[string]*Rule, len(base.rules)+len(overrides.rules))}
	for p, r := range base.rules {
		out.rules[p] = r
	}
	for p, r := range overrides.rules {
		out.rules[p] = r
	}
	out.sortPaths()
	return out
}

// MarshalJSON writes the definition document back.
func (d *Definition) MarshalJSON() ([]byte, error) {
	out := make(map[string]*Rule, len(d.rules))
	for p, r := range d.rules {
		out[p] = r
	}
	return json.Marshal(out)
}

// String is the definition document.
func (d *Definition) String() string {
	b, err := d.MarshalJSON()
	if err != nil {
		return "{}"
	}
	return string(b)
}
