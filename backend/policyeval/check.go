package policyeval

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/clusterdeck/clusterdeck/backend/sparkversion"
)

// Severity of a definition problem: errors make the definition wrong (the
// service refuses it, or it cannot be met); warnings are ignored parts.
type Severity string

// Severities.
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
)

// DefinitionProblem is one problem of a definition document, where it was
// written: line and column (1-based, columns in UTF-16 units), the rule's
// path and the rule field it concerns ("" for the path itself).
type DefinitionProblem struct {
	Line       int      `json:"line"`
	Column     int      `json:"column"`
	Path       string   `json:"path"`
	Field      string   `json:"field"`
	Severity   Severity `json:"severity"`
	Message    string   `json:"message"`
	Suggestion string   `json:"suggestion,omitempty"` // a replacement for the path or field
}

// ruleFields are the fields a rule object may have.
var ruleFields = []string{"type", "value", "values", "pattern", "minValue", "maxValue", "defaultValue", "isOptional", "hidden"}

// usedBy says which rule types read a field; the others ignore it.
var usedBy = map[string][]RuleType{
	"value":        {Fixed},
	"values":       {Allowlist, Blocklist},
	"pattern":      {Regex},
	"minValue":     {Range},
	"maxValue":     {Range},
	"defaultValue": {Allowlist, Blocklist, Regex, Range, Unlimited},
	"isOptional":   {Allowlist, Blocklist, Regex, Range, Unlimited},
}

// CheckDefinition reports every problem of a definition document (a policy's
// definition or a family policy's overrides), each where it was written. An
// empty document has none. It is the one checker: the editor shows its
// problems as the user types and the service refuses to send errors.
func CheckDefinition(doc string) []DefinitionProblem {
	out := []DefinitionProblem{}
	if strings.TrimSpace(doc) == "" {
		return out
	}
	at := func(offset int, path, field string, sev Severity, msg string) *DefinitionProblem {
		line, col := lineColumn(doc, offset)
		out = append(out, DefinitionProblem{Line: line, Column: col, Path: path, Field: field, Severity: sev, Message: msg})
		return &out[len(out)-1]
	}
	rules, err := scanDefinition(doc)
	if err != nil {
		// A whole-document decode places a syntax error exactly (the
		// streaming decoder counts from the value it was reading).
		var v any
		if full := json.Unmarshal([]byte(doc), &v); full != nil {
			err = full
		}
		var shape *offsetError
		msg := "The definition is not valid JSON: " + err.Error()
		if errors.As(err, &shape) {
			msg = upperFirst(shape.msg) + "."
		}
		at(errorOffset(err, len(doc)), "", "", SeverityError, msg)
		return out
	}
	seen := map[string]bool{}
	for _, r := range rules {
		if seen[r.name] {
			at(r.offset, r.name, "", SeverityWarning, fmt.Sprintf("%s is written twice: only the last rule counts.", r.name))
		}
		seen[r.name] = true
		checkRuleAt(r, at)
	}
	return out
}

type report func(offset int, path, field string, sev Severity, msg string) *DefinitionProblem

func checkRuleAt(r ruleAt, at report) {
	path := r.name
	if err := checkPath(path); err != nil {
		at(r.offset, path, "", SeverityError, upperFirst(err.Error())+".")
		return
	}
	switch Attribute(path) {
	case UnknownAttribute:
		p := at(r.offset, path, "", SeverityError, fmt.Sprintf("%s is not an attribute of the Clusters API.", path))
		if s := SuggestAttribute(path); s != "" {
			p.Message += fmt.Sprintf(" Did you mean %s?", s)
			p.Suggestion = s
		}
	case ObjectAttribute:
		p := at(r.offset, path, "", SeverityError, fmt.Sprintf("%s is an object: a rule limits one of its fields", path))
		if f := AttributeFields(path); len(f) > 0 {
			p.Message += " (" + strings.Join(f[:min(len(f), 3)], ", ") + ")"
		}
		p.Message += "."
	}
	if r.fields == nil {
		at(r.offset, path, "", SeverityError, fmt.Sprintf("The rule of %s must be an object such as {\"type\": \"fixed\", \"value\": …}.", path))
		return
	}
	fieldAt := func(name string) int {
		for _, f := range r.fields {
			if f.name == name {
				return f.offset
			}
		}
		return r.offset
	}
	for _, f := range r.fields {
		if slices.Contains(ruleFields, f.name) {
			continue
		}
		p := at(f.offset, path, f.name, SeverityWarning, fmt.Sprintf("%s is not a rule field; the service ignores it.", f.name))
		if s := nearest(f.name, ruleFields); s != "" {
			p.Message += fmt.Sprintf(" Did you mean %s?", s)
			p.Suggestion = s
		}
	}
	var rule Rule
	dec := json.NewDecoder(bytes.NewReader(r.raw))
	dec.UseNumber()
	if err := dec.Decode(&rule); err != nil {
		field := ""
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) {
			field = typ.Field
		}
		at(fieldAt(field), path, field, SeverityError, fmt.Sprintf("%s: %s has the wrong type (%v).", path, field, err))
		return
	}
	problems := ruleProblems(&rule)
	for _, p := range problems {
		at(fieldAt(p.Field), path, p.Field, SeverityError, upperFirst(p.Message)+".")
	}
	if len(problems) > 0 {
		return
	}
	for _, p := range flagProblems(path, &rule) {
		at(fieldAt(p.Field), path, p.Field, p.severity, p.Message)
	}
}

type flagProblem struct {
	RuleProblem
	severity Severity
}

// flagProblems finds rules that cannot work as written: a default its own
// rule refuses, a hidden attribute nobody can fill in, fields the type ignores.
func flagProblems(path string, r *Rule) []flagProblem {
	var out []flagProblem
	add := func(sev Severity, field, format string, args ...any) {
		out = append(out, flagProblem{RuleProblem{Field: field, Message: fmt.Sprintf(format, args...)}, sev})
	}
	present := map[string]bool{"value": r.Value != nil, "values": len(r.Values) > 0, "pattern": r.Pattern != "",
		"minValue": r.MinValue != nil, "maxValue": r.MaxValue != nil, "defaultValue": r.DefaultValue != nil, "isOptional": r.IsOptional}
	for _, f := range ruleFields {
		if present[f] && !slices.Contains(usedBy[f], r.Type) {
			add(SeverityWarning, f, "A %s rule ignores %s.", r.Type, f)
		}
	}
	if r.DefaultValue != nil && slices.Contains(usedBy["defaultValue"], r.Type) {
		e := &evaluation{def: &Definition{}}
		alias := path == "spark_version" && sparkversion.IsAlias(Text(r.DefaultValue))
		if reason, msg := e.checkValue(path, r, r.DefaultValue); reason != "" && !alias {
			add(SeverityError, "defaultValue", "The defaultValue breaks its own rule: %s", msg)
		}
	}
	if r.Hidden && r.Required() && r.DefaultValue == nil {
		add(SeverityError, "hidden", "%s is hidden and required but has no defaultValue: nobody can fill it in. Add a defaultValue or \"isOptional\": true.", path)
	}
	if path == PathClusterType {
		for _, v := range append([]any{r.Value, r.DefaultValue}, r.Values...) {
			if v != nil && !slices.Contains(ClusterTypes, ClusterType(Text(v))) {
				add(SeverityError, "value", "cluster_type is one of all-purpose, job or dlt, not %q.", Text(v))
			}
		}
	}
	return out
}

// nearest is the candidate closest to s (case aside), if close enough.
func nearest(s string, candidates []string) string {
	best, bestD := "", len(s)/3+2
	for _, c := range candidates {
		if d := editDistance(strings.ToLower(s), strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// upperFirst starts a sentence, unless it starts with a field's name.
func upperFirst(s string) string {
	first, _, _ := strings.Cut(s, " ")
	if s == "" || slices.Contains(ruleFields, first) {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
