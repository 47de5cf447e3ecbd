package demo

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// policyRule is one attribute's rule in a policy definition.
type policyRule struct {
	Type         string   `json:"type"`
	Value        any      `json:"value,omitempty"`
	Values       []any    `json:"values,omitempty"`
	Pattern      string   `json:"pattern,omitempty"`
	MinValue     *float64 `json:"minValue,omitempty"`
	MaxValue     *float64 `json:"maxValue,omitempty"`
	DefaultValue any      `json:"defaultValue,omitempty"`
	IsOptional   bool     `json:"isOptional,omitempty"`
	Hidden       bool     `json:"hidden,omitempty"`
}

// parseDefinition reads a definition (a JSON string mapping paths to rules).
func parseDefinition(def string) (map[string]policyRule, error) {
	out := map[string]policyRule{}
	if strings.TrimSpace(def) == "" {
		return out, nil
	}
	dec := json.NewDecoder(strings.NewReader(def))
	dec.UseNumber()
	if err := dec.Decode(&out); err != nil {
		return nil, errInvalidParam("Policy definition is not valid JSON: %v", err)
	}
	for path, r := range out {
		switch r.Type {
		case "fixed", "forbidden", "allowlist", "blocklist", "regex", "range", "unlimited":
		default:
			return nil, errInvalidParam("Invalid policy definition: attribute %s has unknown rule type %q", path, r.Type)
		}
		if r.Type == "regex" {
			if _, err := regexp.Compile(r.Pattern); err != nil {
				return nil, errInvalidParam("Invalid policy definition: attribute %s has a bad pattern: %v", path, err)
			}
		}
	}
	return out, nil
}

// mapFields are spec attributes whose keys are free-form: the rest of a path
// after them is one key, dots included.
var mapFields = map[string]bool{"spark_conf": true, "spark_env_vars": true, "custom_tags": true}

// specDoc is a cluster spec as a JSON tree that rules can read and write.
type specDoc map[string]any

func docOf(d *compute.ClusterDetails) (specDoc, error) {
	raw, err := json.Marshal(d)
	if err != nil {
		return nil, fmt.Errorf("encoding spec: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	doc := specDoc{}
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("decoding spec: %w", err)
	}
	return doc, nil
}

func splitPath(path string) []string {
	parts := strings.SplitN(path, ".", 2)
	if len(parts) == 2 && mapFields[parts[0]] {
		return parts
	}
	return strings.Split(path, ".")
}

func (doc specDoc) get(path string) (any, bool) {
	var cur any = map[string]any(doc)
	for _, p := range splitPath(path) {
		switch c := cur.(type) {
		case map[string]any:
			v, ok := c[p]
			if !ok {
				return nil, false
			}
			cur = v
		case []any:
			i, err := strconv.Atoi(p)
			if err != nil || i < 0 || i >= len(c) {
				return nil, false
			}
			cur = c[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

func (doc specDoc) set(path string, v any) {
	parts := splitPath(path)
	cur := map[string]any(doc)
	for _, p := range parts[:len(parts)-1] {
		next, ok := cur[p].(map[string]any)
		if !ok {
			next = map[string]any{}
			cur[p] = next
		}
		cur = next
	}
	if v == nil {
		delete(cur, parts[len(parts)-1])
		return
	}
	cur[parts[len(parts)-1]] = v
}

func (doc specDoc) apply(d *compute.ClusterDetails) error {
	raw, err := json.Marshal(map[string]any(doc))
	if err != nil {
		return fmt.Errorf("encoding spec: %w", err)
	}
	var out compute.ClusterDetails
	if err := json.Unmarshal(raw, &out); err != nil {
		return fmt.Errorf("decoding spec: %w", err)
	}
	*d = out
	return nil
}

func valueString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case nil:
		return ""
	default:
		return fmt.Sprint(x)
	}
}

func valueNumber(v any) (float64, bool) {
	f, err := strconv.ParseFloat(valueString(v), 64)
	return f, err == nil
}

// Virtual attributes are not spec fields; rules on them are checked but
// never filled in or repaired.
const (
	pathClusterType = "cluster_type"
	pathDBUsPerHour = "dbus_per_hour"
)

// virtualValue reads a virtual attribute from the spec as it stands (after
// fixed values and defaults). The last result says whether path is virtual.
func (ws *workspace) virtualValue(path string, doc specDoc, clusterType string) (any, bool, bool) {
	switch path {
	case pathClusterType:
		return clusterType, true, true
	case pathDBUsPerHour:
		// Without a known node type there is no rate; validation names the
		// missing or unknown node type instead.
		dbus, ok := ws.dbusPerHour(doc)
		if !ok {
			return nil, false, true
		}
		return dbus, true, true
	}
	return nil, false, false
}

// violation describes one failed rule in the server's words.
type violation struct{ path, msg string }

// evaluate checks (and, when fix is set, repairs) a spec against rules.
// Fixed values are always filled in; defaults only when applyDefaults.
func (ws *workspace) evaluate(rules map[string]policyRule, d *compute.ClusterDetails, clusterType string, applyDefaults, fix bool) ([]violation, []compute.ClusterSettingsChange, error) {
	doc, err := docOf(d)
	if err != nil {
		return nil, nil, err
	}
	paths := make([]string, 0, len(rules))
	for p := range rules {
		paths = append(paths, p)
	}
	// dbus_per_hour depends on node types and sizes: check it on the
	// finished spec, after every other rule has filled in its values.
	sort.Slice(paths, func(i, j int) bool {
		if a, b := paths[i] == pathDBUsPerHour, paths[j] == pathDBUsPerHour; a != b {
			return b
		}
		return paths[i] < paths[j]
	})
	var vs []violation
	var changes []compute.ClusterSettingsChange
	change := func(path string, prev any, had bool, next any) {
		doc.set(path, next)
		c := compute.ClusterSettingsChange{Field: path, NewValue: valueString(next)}
		if had {
			c.PreviousValue = valueString(prev)
		}
		changes = append(changes, c)
	}
	for _, path := range paths {
		r := rules[path]
		v, present, virtual := ws.virtualValue(path, doc, clusterType)
		if !virtual {
			v, present = doc.get(path)
		}
		switch {
		case r.Type == "fixed":
			if !present {
				if !virtual {
					change(path, nil, false, r.Value)
				}
				continue
			}
			if valueString(v) != valueString(r.Value) {
				if fix && !virtual {
					change(path, v, true, r.Value)
					continue
				}
				vs = append(vs, violation{path, fmt.Sprintf("Validation failed for %s, the value must be %s (is %q)", path, valueString(r.Value), valueString(v))})
			}
			continue
		case r.Type == "forbidden":
			if present && !virtual {
				if fix {
					change(path, v, true, nil)
					continue
				}
				vs = append(vs, violation{path, fmt.Sprintf("Validation failed for %s, the value must not be present", path)})
			}
			continue
		}
		if !present && virtual {
			continue
		}
		if !present {
			if r.DefaultValue != nil && (applyDefaults || fix) {
				change(path, nil, false, r.DefaultValue)
				continue
			}
			if !r.IsOptional && r.Type != "unlimited" || (r.Type == "unlimited" && !r.IsOptional && r.DefaultValue != nil) {
				vs = append(vs, violation{path, missingMessage(path)})
			}
			continue
		}
		if msg := checkValue(path, r, v); msg != "" {
			if fix && !virtual {
				if next, ok := repairValue(r, v); ok {
					change(path, v, true, next)
					continue
				}
			}
			vs = append(vs, violation{path, msg})
		}
	}
	if err := doc.apply(d); err != nil {
		return nil, nil, err
	}
	return vs, changes, nil
}

// missingMessage words a required value that is absent. A map attribute's
// key is named after the map, as the service does
// (terraform-provider-databricks#403: "Validation failed for custom_tags,
// environment must be present"); see messages_policies_test.go.
func missingMessage(path string) string {
	if parts := splitPath(path); len(parts) == 2 && mapFields[parts[0]] {
		return fmt.Sprintf("Validation failed for %s, %s must be present", parts[0], parts[1])
	}
	return fmt.Sprintf("Validation failed for %s, the value must be present", path)
}

func checkValue(path string, r policyRule, v any) string {
	s := valueString(v)
	switch r.Type {
	case "allowlist":
		for _, a := range r.Values {
			if valueString(a) == s {
				return ""
			}
		}
		return fmt.Sprintf("Validation failed for %s, the value must be one of %s (is %q)", path, listString(r.Values), s)
	case "blocklist":
		for _, a := range r.Values {
			if valueString(a) == s {
				return fmt.Sprintf("Validation failed for %s, the value must not be one of %s (is %q)", path, listString(r.Values), s)
			}
		}
	case "regex":
		if !regexp.MustCompile("^(?:" + r.Pattern + ")$").MatchString(s) {
			return fmt.Sprintf("Validation failed for %s, the value must match the regular expression %s (is %q)", path, r.Pattern, s)
		}
	case "range":
		n, ok := valueNumber(v)
		switch {
		case !ok:
			return fmt.Sprintf("Validation failed for %s, the value must be a number (is %q)", path, s)
		case r.MinValue != nil && n < *r.MinValue:
			return fmt.Sprintf("Validation failed for %s, the value must be at least %g (is %g)", path, *r.MinValue, n)
		case r.MaxValue != nil && n > *r.MaxValue:
			return fmt.Sprintf("Validation failed for %s, the value must be at most %g (is %g)", path, *r.MaxValue, n)
		}
	}
	return ""
}

// repairValue is what enforce-compliance changes a bad value to.
func repairValue(r policyRule, v any) (any, bool) {
	switch r.Type {
	case "allowlist":
		if r.DefaultValue != nil {
			return r.DefaultValue, true
		}
		if len(r.Values) > 0 {
			return r.Values[0], true
		}
	case "range":
		n, _ := valueNumber(v)
		if r.MinValue != nil && n < *r.MinValue {
			return json.Number(strconv.FormatFloat(*r.MinValue, 'f', -1, 64)), true
		}
		if r.MaxValue != nil && n > *r.MaxValue {
			return json.Number(strconv.FormatFloat(*r.MaxValue, 'f', -1, 64)), true
		}
	case "regex", "blocklist":
		if r.DefaultValue != nil {
			return r.DefaultValue, true
		}
	}
	return nil, false
}

func listString(vals []any) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = valueString(v)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func violationsError(vs []violation) error {
	msgs := make([]string, len(vs))
	for i, v := range vs {
		msgs[i] = v.msg
	}
	return errInvalidParam("%s", strings.Join(msgs, "; "))
}
