package policyeval

import (
	"fmt"
	"strconv"
	"strings"
)

// mapFields are spec attributes whose keys are free-form: what follows them
// in a path is one key, dots included (spark_conf.spark.databricks.io.cache.enabled).
var mapFields = map[string]bool{"spark_conf": true, "spark_env_vars": true, "custom_tags": true}

// Wildcard is the path segment that stands for every element of an array.
const Wildcard = "*"

// Segments splits a policy path into its steps: names, array indexes ("0")
// or Wildcard; a map field's key stays one segment.
func Segments(path string) []string {
	head, rest, found := strings.Cut(path, ".")
	if found && mapFields[head] {
		return []string{head, rest}
	}
	return strings.Split(path, ".")
}

// JoinSegments is the inverse of Segments.
func JoinSegments(segs []string) string { return strings.Join(segs, ".") }

func checkPath(path string) error {
	if path == "" {
		return fmt.Errorf("an attribute path is empty")
	}
	for _, s := range Segments(path) {
		if s == "" {
			return fmt.Errorf("attribute path %q has an empty part", path)
		}
	}
	return nil
}

// HasWildcard reports whether path applies to every element of an array.
func HasWildcard(path string) bool {
	for _, s := range Segments(path) {
		if s == Wildcard {
			return true
		}
	}
	return false
}

// maxIndex bounds array indexes in paths: no spec has more elements, and
// a fixed value at a huge index would otherwise allocate a huge array.
const maxIndex = 1000

func isIndex(s string) (int, bool) {
	if s == "" || len(s) > 4 || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 0 && n <= maxIndex
}

// lessPath orders paths segment by segment, indexes numerically, so
// init_scripts.2 comes before init_scripts.10 and fixed values fill lower
// indexes first.
func lessPath(a, b string) bool {
	as, bs := Segments(a), Segments(b)
	for i := 0; i < len(as) && i < len(bs); i++ {
		if as[i] == bs[i] {
			continue
		}
		ai, aok := isIndex(as[i])
		bi, bok := isIndex(bs[i])
		if aok && bok {
			return ai < bi
		}
		return as[i] < bs[i]
	}
	return len(as) < len(bs)
}

// MatchPath reports whether a concrete path (indexes only) is covered by a
// rule path that may hold wildcards.
func MatchPath(rulePath, concrete string) bool {
	rs, cs := Segments(rulePath), Segments(concrete)
	if len(rs) != len(cs) {
		return false
	}
	for i := range rs {
		if rs[i] == cs[i] {
			continue
		}
		if _, ok := isIndex(cs[i]); rs[i] == Wildcard && ok {
			continue
		}
		return false
	}
	return true
}

// tree is a cluster spec as decoded JSON: map[string]any, []any, string,
// bool, json.Number.
type tree = map[string]any

func lookup(root tree, segs []string) (any, bool) {
	var cur any = root
	for _, s := range segs {
		switch c := cur.(type) {
		case map[string]any:
			v, ok := c[s]
			if !ok {
				return nil, false
			}
			cur = v
		case []any:
			i, ok := isIndex(s)
			if !ok || i >= len(c) {
				return nil, false
			}
			cur = c[i]
		default:
			return nil, false
		}
	}
	// A JSON null is an absent value.
	return cur, cur != nil
}

// assign sets segs to v under root, creating objects and arrays on the way
// (an index creates an array, padded with empty objects or nulls).
func assign(root tree, segs []string, v any) {
	root[segs[0]] = assignIn(root[segs[0]], segs[1:], v)
}

func assignIn(node any, segs []string, v any) any {
	if len(segs) == 0 {
		return v
	}
	if i, ok := isIndex(segs[0]); ok {
		arr, _ := node.([]any)
		for len(arr) <= i {
			var pad any
			if len(segs) > 1 {
				pad = map[string]any{}
			}
			arr = append(arr, pad)
		}
		arr[i] = assignIn(arr[i], segs[1:], v)
		return arr
	}
	m, ok := node.(map[string]any)
	if !ok {
		m = map[string]any{}
	}
	m[segs[0]] = assignIn(m[segs[0]], segs[1:], v)
	return m
}

// expand lists the concrete paths a wildcard path reaches in root: one per
// existing array element (the attribute itself may be absent there).
func expand(root tree, segs []string) [][]string {
	var out [][]string
	var walk func(node any, i int, prefix []string)
	walk = func(node any, i int, prefix []string) {
		if i == len(segs) {
			out = append(out, append([]string(nil), prefix...))
			return
		}
		if segs[i] != Wildcard {
			next, _ := childOf(node, segs[i])
			walk(next, i+1, append(prefix, segs[i]))
			return
		}
		arr, _ := node.([]any)
		for k := range arr {
			walk(arr[k], i+1, append(prefix, strconv.Itoa(k)))
		}
	}
	walk(root, 0, nil)
	return out
}

func childOf(node any, seg string) (any, bool) {
	switch c := node.(type) {
	case map[string]any:
		v, ok := c[seg]
		return v, ok
	case []any:
		if i, ok := isIndex(seg); ok && i < len(c) {
			return c[i], true
		}
	}
	return nil, false
}
