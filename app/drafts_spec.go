package app

import (
	"encoding/json"
	"reflect"
	"sort"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/drafts"
)

// librariesKey is where the cluster editor keeps the libraries to install
// after create, inside the spec object it edits (the create call has no
// such field, so a draft stores them apart).
const librariesKey = "libraries"

// pageSpec is the page's spec object taken apart into what a draft stores.
type pageSpec struct {
	spec      compute.ClusterSpec
	libraries []compute.Library
	// extra: keys the Clusters API does not know, as typed: a sparse tree
	// by top-level key (see clusterspec.UnknownTree).
	extra map[string]json.RawMessage
	// unknown: the extra keys worth a warning (not empty values).
	unknown []string
}

// specFields are the top-level keys compute.ClusterSpec reads.
var specFields = func() map[string]bool {
	out := map[string]bool{}
	t := reflect.TypeOf(compute.ClusterSpec{})
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out[name] = true
		}
	}
	return out
}()

// splitPageSpec reads the page's spec: the API fields into the SDK type,
// "libraries" into the list installed after create, and every key the SDK
// type has no field for, at any depth outside lists, into extra, so that
// saving a draft loses nothing the user typed.
func splitPageSpec(m map[string]any) (pageSpec, error) {
	var out pageSpec
	api := make(map[string]any, len(m))
	for k, v := range m {
		switch {
		case k == librariesKey:
			if err := decodeLibraries(v, &out.libraries); err != nil {
				return pageSpec{}, err
			}
		case specFields[k]:
			api[k] = v
		}
	}
	for k, v := range clusterspec.UnknownTree(m, librariesKey) {
		raw, err := json.Marshal(v)
		if err != nil {
			return pageSpec{}, &drafts.FieldError{Field: "spec", Err: errBadSpec, Msg: err.Error()}
		}
		if out.extra == nil {
			out.extra = map[string]json.RawMessage{}
		}
		out.extra[k] = raw
		out.unknown = append(out.unknown, unknownPaths(k, v)...)
	}
	sort.Strings(out.unknown)
	if raw, err := json.Marshal(api); err == nil {
		if _, wrong, _ := clusterspec.DecodeSpec(raw); len(wrong) > 0 {
			return pageSpec{}, &drafts.FieldError{Field: "spec." + wrong[0].Path, Err: errBadSpec, Msg: wrong[0].Message}
		}
	}
	spec, _, err := mapToSpec(api)
	if err != nil {
		return pageSpec{}, err
	}
	out.spec = spec
	return out, nil
}

// unknownPaths names the leaves of an unknown tree worth a warning (empty
// values are not), as dotted paths.
func unknownPaths(path string, v any) []string {
	obj, isObj := v.(map[string]any)
	if !isObj || len(obj) == 0 {
		if zeroJSON(v) {
			return nil
		}
		return []string{path}
	}
	var out []string
	for k, sub := range obj {
		out = append(out, unknownPaths(path+"."+k, sub)...)
	}
	return out
}

func decodeLibraries(v any, into *[]compute.Library) error {
	if v == nil {
		return nil
	}
	raw, err := json.Marshal(v)
	if err == nil {
		err = clusterspec.TypeError(raw, *into, librariesKey)
	}
	if err == nil {
		err = json.Unmarshal(raw, into)
	}
	if err != nil {
		return &drafts.FieldError{Field: librariesKey, Err: errBadSpec, Msg: err.Error()}
	}
	return nil
}

// pageSpecOf is the spec object the page edits: the draft's spec with its
// libraries and extra keys put back where the editor keeps them.
func pageSpecOf(dr drafts.Draft) (map[string]any, error) {
	out, err := specToMap(dr.Spec)
	if err != nil {
		return nil, err
	}
	if len(dr.Libraries) > 0 {
		var libs []any
		if err := roundTrip(dr.Libraries, &libs); err != nil {
			return nil, err
		}
		out[librariesKey] = libs
	}
	extra := map[string]any{}
	for k, raw := range dr.Extra {
		var v any
		if json.Unmarshal(raw, &v) == nil { // checked when the file was read
			extra[k] = v
		}
	}
	clusterspec.MergeTree(out, extra)
	return out, nil
}

func roundTrip(in, out any) error {
	raw, err := json.Marshal(in)
	if err != nil {
		return err
	}
	return json.Unmarshal(raw, out)
}
