package clusterspec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// ChangeKind says whether a field appears, disappears or changes value.
type ChangeKind string

const (
	Added   ChangeKind = "added"
	Removed ChangeKind = "removed"
	Changed ChangeKind = "changed"
)

// Change is one leaf that differs between the current cluster and a draft.
// Path uses the cluster-policy convention: API field names joined by dots,
// map keys appended as they are (spark_conf.spark.sql.shuffle.partitions),
// list items by index (init_scripts.0.volumes.destination). Old and New are
// JSON values (string, json.Number, bool); nil means unset.
type Change struct {
	Path  string     `json:"path"`
	Field string     `json:"field"` // the top-level API field, e.g. spark_conf
	Kind  ChangeKind `json:"kind"`
	Old   any        `json:"old"`
	New   any        `json:"new"`
}

// sizeFields are the paths a resize call can change without an edit.
var sizeFields = map[string]bool{"num_workers": true, "autoscale": true}

// IsSize reports whether the change only touches the worker count.
func (c Change) IsSize() bool { return sizeFields[c.Field] }

// Diff compares a draft with a cluster as the API reports it. A leaf counts as
// unchanged when the draft matches either the effective value or the value
// last requested (`spec`): the server fills defaults (driver node type) and
// resolves aliases (auto:latest-lts) that a draft need not spell out.
// The request-id tag and apply_policy_default_values are never reported.
func Diff(current *compute.ClusterDetails, draft compute.ClusterSpec) ([]Change, error) {
	eff, err := FromDetails(current)
	if err != nil {
		return nil, err
	}
	effLeaves, err := Flatten(eff)
	if err != nil {
		return nil, err
	}
	draftLeaves, err := Flatten(Clean(draft))
	if err != nil {
		return nil, err
	}
	var reqLeaves map[string]any
	if req, ok := Requested(current); ok {
		if reqLeaves, err = Flatten(req); err != nil {
			return nil, err
		}
	}
	paths := map[string]bool{}
	for p := range effLeaves {
		paths[p] = true
	}
	for p := range draftLeaves {
		paths[p] = true
	}
	var out []Change
	for p := range paths {
		nv, inDraft := draftLeaves[p]
		ov, inEff := effLeaves[p]
		if inDraft == inEff && equal(nv, ov) {
			continue
		}
		if reqLeaves != nil {
			rv, inReq := reqLeaves[p]
			if inReq == inDraft && equal(rv, nv) {
				continue
			}
		}
		c := Change{Path: p, Field: topField(p), Old: ov, New: nv, Kind: Changed}
		switch {
		case !inEff:
			c.Kind = Added
		case !inDraft:
			c.Kind = Removed
		}
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// DiffSpecs compares two specs directly (e.g. two drafts).
func DiffSpecs(old, new compute.ClusterSpec) ([]Change, error) {
	raw, err := json.Marshal(old)
	if err != nil {
		return nil, fmt.Errorf("encode spec: %w", err)
	}
	var d compute.ClusterDetails
	if err := json.Unmarshal(raw, &d); err != nil {
		return nil, fmt.Errorf("decode spec: %w", err)
	}
	return Diff(&d, new)
}

// Flatten returns the leaves of a spec keyed by path (see Change). Empty
// maps and lists have no leaves; the request-id tag is left out.
func Flatten(s compute.ClusterSpec) (map[string]any, error) {
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("encode spec: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var tree map[string]any
	if err := dec.Decode(&tree); err != nil {
		return nil, fmt.Errorf("decode spec: %w", err)
	}
	delete(tree, "apply_policy_default_values")
	if tags, ok := tree["custom_tags"].(map[string]any); ok {
		for k := range tags {
			if IsRequestIDTag(k) {
				delete(tags, k)
			}
		}
	}
	out := map[string]any{}
	flatten("", tree, out)
	return out, nil
}

func flatten(prefix string, v any, out map[string]any) {
	join := func(k string) string {
		if prefix == "" {
			return k
		}
		return prefix + "." + k
	}
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			flatten(join(k), x, out)
		}
	case []any:
		for i, x := range t {
			flatten(join(strconv.Itoa(i)), x, out)
		}
	default:
		out[prefix] = v
	}
}

func topField(path string) string {
	for i := 0; i < len(path); i++ {
		if path[i] == '.' {
			return path[:i]
		}
	}
	return path
}

func equal(a, b any) bool {
	if an, ok := a.(json.Number); ok {
		if bn, ok := b.(json.Number); ok {
			af, aerr := an.Float64()
			bf, berr := bn.Float64()
			if aerr == nil && berr == nil {
				return af == bf
			}
		}
	}
	return a == b
}

// ValueText is a changed value as an edit plan shows it: strings as they
// are, anything else as JSON, nothing as "(not set)".
func ValueText(v any) string {
	if v == nil {
		return "(not set)"
	}
	if s, ok := v.(string); ok {
		return s
	}
	raw, _ := json.Marshal(v)
	return string(raw)
}
