package clusterspec

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// ErrNotAnObject is JSON that is not one object (a list, a string, null).
var ErrNotAnObject = errors.New("the JSON is not an object of cluster fields")

// CodeWrongType is the Violation code of a value of the wrong type.
const CodeWrongType = "wrong_type"

// The Clusters API's integer fields (num_workers, autotermination_minutes,
// ebs_volume_count, …) are 32-bit.
const maxAPIInt = math.MaxInt32

// DecodeSpec reads Clusters API JSON into the SDK type (Parse, then
// Object.Spec). The error is for text that is not a JSON object at all.
func DecodeSpec(raw []byte, skip ...string) (compute.ClusterSpec, []Violation, error) {
	o, err := Parse(raw)
	if err != nil {
		return compute.ClusterSpec{}, nil, err
	}
	return o.Spec(skip...)
}

// Spec is the object as the SDK type. The SDK's decoder reports a wrong
// type as "cannot unmarshal string into Go value of type int", with no
// field; here every value is checked against its field first, and each
// wrong one becomes an error Violation naming the field and the type it
// takes (num_workers must be a whole number from 0 to 2147483647, not
// 1.5). Fields with a wrong value are left out of the spec, so the rest
// can still be checked. skip lists top-level keys the caller handles
// itself (the editor's "libraries"); unknown keys are left to
// UnknownFields.
func (o Object) Spec(skip ...string) (compute.ClusterSpec, []Violation, error) {
	var spec compute.ClusterSpec
	clean := make(Object, len(o))
	var problems []Violation
	for k, v := range o {
		if containsString(skip, k) {
			continue
		}
		ft, ok := fieldType(specType, k)
		if !ok {
			continue // unknown keys: see UnknownFields
		}
		if ps := typeProblems(ft, k, v); len(ps) > 0 {
			problems = append(problems, ps...)
			continue
		}
		clean[k] = v
	}
	sortViolations(problems)
	if err := clean.decodeInto(&spec); err != nil { // every value was checked above: not expected
		return spec, problems, fmt.Errorf("decode cluster spec: %w", err)
	}
	return spec, problems, nil
}

// TypeProblems checks raw JSON against the Go type of into (a pointer or a
// value: compute.Library, []compute.Library, …) and names each value of the
// wrong type, by path below path.
func TypeProblems(raw []byte, into any, path string) []Violation {
	t := reflect.TypeOf(into)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	out := typeProblems(t, path, raw)
	sortViolations(out)
	return out
}

// FieldTypeError is the first wrong value of a decode, as an error.
type FieldTypeError struct{ Violation }

func (e *FieldTypeError) Error() string { return e.Message }

// TypeError is TypeProblems as an error (nil when there is none): the first
// problem, with its path. For callers that stop at the first.
func TypeError(raw []byte, into any, path string) error {
	if ps := TypeProblems(raw, into, path); len(ps) > 0 {
		return &FieldTypeError{ps[0]}
	}
	return nil
}

// typeError is the first wrong value of raw, a value of type t at path.
func typeError(t reflect.Type, path string, raw json.RawMessage) error {
	ps := typeProblems(t, path, raw)
	sortViolations(ps)
	if len(ps) > 0 {
		return &FieldTypeError{ps[0]}
	}
	return nil
}

func sortViolations(vs []Violation) {
	sort.SliceStable(vs, func(i, j int) bool { return vs[i].Path < vs[j].Path })
}

func typeProblems(t reflect.Type, path string, raw json.RawMessage) []Violation {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil // null leaves the field unset, as the API takes it
	}
	bad := func() []Violation {
		return []Violation{{Path: path, Code: CodeWrongType, Severity: Error,
			Message: fmt.Sprintf("%s must be %s, not %s.", path, expected(t), found(raw))}}
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if raw[0] == '"' || raw[0] == '{' || raw[0] == '[' || raw[0] == 't' || raw[0] == 'f' {
			return bad()
		}
		n, err := strconv.ParseInt(string(raw), 10, 64)
		if err != nil || n > maxAPIInt || n < math.MinInt32 {
			return bad()
		}
	case reflect.Float32, reflect.Float64:
		if _, err := strconv.ParseFloat(string(raw), 64); err != nil || raw[0] == '"' {
			return bad()
		}
	case reflect.String:
		if raw[0] != '"' {
			return bad()
		}
	case reflect.Bool:
		if string(raw) != "true" && string(raw) != "false" {
			return bad()
		}
	case reflect.Map:
		var obj map[string]json.RawMessage
		if raw[0] != '{' || json.Unmarshal(raw, &obj) != nil {
			return bad()
		}
		var out []Violation
		for k, v := range obj {
			if ps := typeProblems(t.Elem(), path+"."+k, v); len(ps) > 0 {
				// A map's values share one type: say it of the map.
				out = append(out, Violation{Path: path + "." + k, Code: CodeWrongType, Severity: Error,
					Message: fmt.Sprintf("%s must be %s; %s is %s.", path, expected(t), k, found(v))})
			}
		}
		return out
	case reflect.Slice:
		var list []json.RawMessage
		if raw[0] != '[' || json.Unmarshal(raw, &list) != nil {
			return bad()
		}
		var out []Violation
		for i, v := range list {
			out = append(out, typeProblems(t.Elem(), path+"."+strconv.Itoa(i), v)...)
		}
		return out
	case reflect.Struct:
		var obj map[string]json.RawMessage
		if raw[0] != '{' || json.Unmarshal(raw, &obj) != nil {
			return bad()
		}
		var out []Violation
		for k, v := range obj {
			if ft, ok := fieldType(t, k); ok {
				out = append(out, typeProblems(ft, joinPath(path, k), v)...)
			}
		}
		return out
	}
	return nil
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// expected says what a Go type takes, in JSON words.
func expected(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return fmt.Sprintf("a whole number from 0 to %d", maxAPIInt)
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "text (a JSON string)"
	case reflect.Bool:
		return "true or false"
	case reflect.Map:
		if t.Elem().Kind() == reflect.String {
			return "an object of string values"
		}
		return "an object"
	case reflect.Slice:
		return "a list"
	case reflect.Struct:
		return "an object"
	}
	return "another type"
}

// found describes a JSON value briefly: numbers as written, short strings
// quoted, others by kind.
func found(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) == 0:
		return "empty"
	case raw[0] == '{':
		return "an object"
	case raw[0] == '[':
		return "a list"
	case raw[0] == '"':
		if len(raw) <= 40 {
			return "the text " + string(raw)
		}
		return "a text"
	case string(raw) == "true" || string(raw) == "false":
		return string(raw)
	}
	if len(raw) > 40 {
		return "a number of " + strconv.Itoa(len(raw)) + " digits"
	}
	return strings.ToLower(string(raw))
}
