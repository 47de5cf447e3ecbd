package clusterspec

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// Field is one key of a cluster object as a file holds it. Fields come in
// the file's order, so the first bad one is the one reported.
type Field struct {
	Key   string
	Value json.RawMessage
}

// FieldError is a field of a cluster object whose value cannot be read.
// Index is its place among the fields given, for the caller to say where
// it stands in the file. Err is a *FieldTypeError (worded with the field)
// or the JSON decoder's error.
type FieldError struct {
	Index int
	Key   string
	Err   error
}

func (e *FieldError) Error() string { return fmt.Sprintf("%s: %v", e.Key, e.Err) }
func (e *FieldError) Unwrap() error { return e.Err }

// FileCluster is a cluster object read from a file.
type FileCluster struct {
	Spec      compute.ClusterSpec
	Libraries []compute.Library
	// Unknown lists the top-level keys no cluster object has (sorted): they
	// are dropped.
	Unknown []string
}

// fileKeys are the keys a cluster object in a file may have: a create or
// edit request, or a clusters/get (or list) answer.
var fileKeys = jsonKeys(compute.ClusterDetails{}, compute.CreateCluster{}, compute.EditCluster{})

var detailsType = reflect.TypeOf(compute.ClusterDetails{})

// detailsOnly are keys only clusters/get (or list) answers carry: an object
// with one of them is a cluster's details, not a request.
var detailsOnly = map[string]bool{"state": true, "cluster_source": true, "default_tags": true,
	"spark_context_id": true, "creator_user_name": true, "start_time": true, "state_message": true}

// IsFileKey says whether a cluster object in a file may have key.
func IsFileKey(key string) bool { return key == LibrariesKey || fileKeys[key] }

// DecodeCluster reads a cluster object as files carry it (an import, `clusterdeck ensure`):
// a create or edit request, whose spec is taken as written and cleaned, or
// a clusters/get answer, whose spec is what the cluster runs (OfCluster
// AsRunning). "libraries" are the libraries to install. Each field is
// checked on its own, in order, so a bad value is a *FieldError naming it.
func DecodeCluster(fields []Field) (FileCluster, error) {
	var out FileCluster
	obj := Object{}
	isDetails := false
	for i, f := range fields {
		switch {
		case f.Key == LibrariesKey:
			err := TypeError(f.Value, out.Libraries, f.Key)
			if err == nil {
				err = json.Unmarshal(f.Value, &out.Libraries)
			}
			if err != nil {
				return out, &FieldError{Index: i, Key: f.Key, Err: err}
			}
			continue
		case !fileKeys[f.Key]:
			out.Unknown = append(out.Unknown, f.Key)
			continue
		case detailsOnly[f.Key]:
			isDetails = true
		}
		var err error
		if ft, ok := fieldType(detailsType, f.Key); ok {
			err = typeError(ft, f.Key, f.Value)
		}
		if err == nil {
			var probe compute.ClusterDetails
			err = Object{f.Key: f.Value}.decodeInto(&probe)
		}
		if err != nil {
			return out, &FieldError{Index: i, Key: f.Key, Err: err}
		}
		obj[f.Key] = f.Value
	}
	sort.Strings(out.Unknown)
	var d compute.ClusterDetails
	if err := obj.decodeInto(&d); err != nil {
		return out, err
	}
	var err error
	if isDetails {
		out.Spec, err = OfCluster(&d, AsRunning)
	} else {
		var s compute.ClusterSpec
		err = obj.decodeInto(&s)
		out.Spec = Clean(s)
	}
	return out, err
}

func jsonKeys(vals ...any) map[string]bool {
	out := map[string]bool{}
	for _, v := range vals {
		t := reflect.TypeOf(v)
		for i := 0; i < t.NumField(); i++ {
			name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
			if name != "" && name != "-" {
				out[name] = true
			}
		}
	}
	return out
}
