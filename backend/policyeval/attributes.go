package policyeval

import (
	"reflect"
	"sort"
	"strings"
	"sync"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// attributeCatalogue is every attribute path a policy may limit, derived
// from the SDK's cluster spec (so it follows the API as the SDK moves):
// leaves, and objects whose fields are the leaves. Array elements and map
// keys are written as *.
type attributeCatalogue struct {
	leaves  map[string]bool
	objects map[string]bool
	sorted  []string // leaves, for suggestions
}

var (
	catalogueOnce sync.Once
	catalogue     attributeCatalogue
)

// attributes is built once: the SDK's types do not change while running.
func attributes() attributeCatalogue {
	catalogueOnce.Do(func() {
		c := attributeCatalogue{leaves: map[string]bool{}, objects: map[string]bool{}}
		walkAttributes(reflect.TypeOf(compute.ClusterSpec{}), "", c, 0)
		for _, p := range []string{PathClusterType, PathDBUsPerHour, PathLogPath, PathLogType} {
			c.leaves[p] = true
		}
		for p := range c.leaves {
			c.sorted = append(c.sorted, p)
		}
		sort.Strings(c.sorted)
		catalogue = c
	})
	return catalogue
}

func walkAttributes(t reflect.Type, prefix string, c attributeCatalogue, depth int) {
	if depth > 6 { // the spec is not recursive; this only guards a future SDK
		return
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" || !f.IsExported() {
			continue
		}
		path := name
		if prefix != "" {
			path = prefix + "." + name
		}
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		switch ft.Kind() {
		case reflect.Struct:
			c.objects[path] = true
			walkAttributes(ft, path, c, depth+1)
		case reflect.Map:
			c.objects[path] = true
			c.leaves[path+".*"] = true
		case reflect.Slice:
			c.objects[path] = true
			et := ft.Elem()
			for et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				c.objects[path+".*"] = true
				walkAttributes(et, path+".*", c, depth+1)
			} else {
				c.leaves[path+".*"] = true
			}
		default:
			c.leaves[path] = true
		}
	}
}

// normalPath writes a rule path the way the catalogue does: array indexes
// and map keys become *.
func normalPath(path string) string {
	segs := Segments(path)
	if mapFields[segs[0]] && len(segs) == 2 {
		return segs[0] + ".*"
	}
	for i, s := range segs {
		if _, ok := isIndex(s); ok {
			segs[i] = Wildcard
		}
	}
	return JoinSegments(segs)
}

// AttributeKind says whether a path names an attribute policies can limit.
type AttributeKind int

// Attribute kinds.
const (
	UnknownAttribute AttributeKind = iota
	LeafAttribute                  // a value a rule limits
	ObjectAttribute                // an object or array: rules limit its fields
)

// Attribute classifies a rule path (indexes and wildcards allowed).
func Attribute(path string) AttributeKind {
	c, n := attributes(), normalPath(path)
	switch {
	case c.leaves[n]:
		return LeafAttribute
	case c.objects[n]:
		return ObjectAttribute
	}
	return UnknownAttribute
}

// SuggestAttribute is the known path nearest to an unknown one, or "" when
// none is close enough to be what was meant.
func SuggestAttribute(path string) string {
	n := normalPath(path)
	best, bestD := "", len(n)/3+2
	for _, p := range attributes().sorted {
		if d := editDistance(n, p); d < bestD {
			best, bestD = p, d
		}
	}
	if best == "" {
		return ""
	}
	return concreteLike(best, path)
}

// concreteLike puts the user's indexes back into a suggested path, so
// "init_scripts.0.workspace.destinaton" suggests init_scripts.0.….
func concreteLike(suggested, typed string) string {
	s, t := strings.Split(suggested, "."), Segments(typed)
	for i := range s {
		if s[i] == Wildcard && i < len(t) {
			if _, ok := isIndex(t[i]); ok {
				s[i] = t[i]
			}
		}
	}
	return strings.Join(s, ".")
}

// AttributeFields lists a few fields of an object attribute, for messages.
func AttributeFields(object string) []string {
	n := normalPath(object)
	var out []string
	for _, p := range attributes().sorted {
		if rest, ok := strings.CutPrefix(p, n+"."); ok && !strings.Contains(rest, ".") {
			out = append(out, concreteLike(p, object))
		}
	}
	return out
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
