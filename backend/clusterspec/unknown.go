package clusterspec

import (
	"encoding/json"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// specType is the Go type a spec object decodes into.
var specType = reflect.TypeOf(compute.ClusterSpec{})

// UnknownFields is Parse then Object.UnknownFields; invalid JSON gives nil.
func UnknownFields(raw []byte, extra ...string) []string {
	o, err := Parse(raw)
	if err != nil {
		return nil
	}
	return o.UnknownFields(extra...)
}

// UnknownFields lists the keys that compute.ClusterSpec has no field for,
// at any depth, as policy-style paths (docker_image.tag,
// init_scripts.0.volumes.dest). Decoding into the SDK type drops them
// silently, so a caller can warn before sending. Keys of map fields
// (spark_conf, custom_tags) are free-form and never reported; extra lists
// the top-level keys the caller handles itself (the editor's "libraries").
func (o Object) UnknownFields(extra ...string) []string {
	var out []string
	for k, v := range o {
		if containsString(extra, k) {
			continue
		}
		out = append(out, unknownIn(specType, k, v)...)
	}
	sort.Strings(out)
	return out
}

// unknownIn checks one value at path against the Go type it decodes into.
func unknownIn(parent reflect.Type, path string, raw json.RawMessage) []string {
	key := path[strings.LastIndex(path, ".")+1:]
	ft, ok := fieldType(parent, key)
	if !ok {
		return []string{path}
	}
	return unknownValue(ft, path, raw)
}

func unknownValue(t reflect.Type, path string, raw json.RawMessage) []string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		var obj map[string]json.RawMessage
		if json.Unmarshal(raw, &obj) != nil {
			return nil // a wrong type is reported by the decoder, not here
		}
		var out []string
		for k, v := range obj {
			out = append(out, unknownIn(t, path+"."+k, v)...)
		}
		return out
	case reflect.Slice:
		var list []json.RawMessage
		if json.Unmarshal(raw, &list) != nil {
			return nil
		}
		var out []string
		for i, v := range list {
			out = append(out, unknownValue(t.Elem(), path+"."+strconv.Itoa(i), v)...)
		}
		return out
	}
	return nil // maps take any key; scalars have no fields
}

// fieldType finds the struct field whose JSON name is key.
func fieldType(t reflect.Type, key string) (reflect.Type, bool) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == key && name != "-" {
			return f.Type, true
		}
	}
	return nil, false
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// UnknownTree is the part of a decoded spec object that compute.ClusterSpec
// has no field for, as a sparse tree of the same shape: unknown keys with
// their values, and known object fields holding only their own unknown
// keys. Keys in skip (top level) are left out. Lists are not searched: an
// unknown key inside a list element has no stable place to go back to.
// Nil when there is nothing unknown.
func UnknownTree(spec map[string]any, skip ...string) map[string]any {
	return unknownTree(specType, spec, skip)
}

func unknownTree(t reflect.Type, obj map[string]any, skip []string) map[string]any {
	var out map[string]any
	put := func(k string, v any) {
		if out == nil {
			out = map[string]any{}
		}
		out[k] = v
	}
	for k, v := range obj {
		if containsString(skip, k) {
			continue
		}
		ft, ok := fieldType(t, k)
		if !ok {
			put(k, v)
			continue
		}
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if sub, isObj := v.(map[string]any); isObj && ft.Kind() == reflect.Struct {
			if inner := unknownTree(ft, sub, nil); inner != nil {
				put(k, inner)
			}
		}
	}
	return out
}

// MergeTree puts the keys of extra into dst where dst has none, descending
// into objects both sides hold, so a tree from UnknownTree goes back where
// it came from without overwriting what the typed spec says.
func MergeTree(dst, extra map[string]any) {
	for k, v := range extra {
		cur, taken := dst[k]
		if !taken {
			dst[k] = v
			continue
		}
		curObj, ok1 := cur.(map[string]any)
		extraObj, ok2 := v.(map[string]any)
		if ok1 && ok2 {
			MergeTree(curObj, extraObj)
		}
	}
}

// isStruct says whether t (or what it points to) is a struct: an object
// field that can hold unknown keys.
func isStruct(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.Struct
}
