package drafts

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
)

// Imported is one cluster design read from a file, ready for Store.Create.
type Imported struct {
	Name      string              `json:"name"`   // suggested draft name
	Origin    string              `json:"origin"` // where in the file, e.g. resources.clusters.etl
	Spec      compute.ClusterSpec `json:"spec"`
	Libraries []compute.Library   `json:"libraries,omitempty"`
	// Warnings list what was dropped or needs attention (unknown fields,
	// bundle variables left in values).
	Warnings []string `json:"warnings,omitempty"`
}

// NewDraft turns an import into what Store.Create takes.
func (im Imported) NewDraft(source, workspaceID string) NewDraft {
	name := im.Name
	if strings.TrimSpace(name) == "" {
		name = "Imported cluster"
	}
	return NewDraft{Name: truncate(name, MaxNameLength), WorkspaceID: workspaceID, PolicyID: im.Spec.PolicyId,
		Spec: im.Spec, Libraries: im.Libraries, Source: source}
}

// field is one key of a cluster object with where it stands in the input.
type field struct {
	key       string
	raw       json.RawMessage
	line, col int
}

// detailsOnly are keys only clusters/get (or list) answers carry: an object
// with one of them is a cluster's details, not a request.
var detailsOnly = map[string]bool{"state": true, "cluster_source": true, "default_tags": true,
	"spark_context_id": true, "creator_user_name": true, "start_time": true, "state_message": true}

var knownKeys = jsonKeys(compute.ClusterDetails{}, compute.CreateCluster{}, compute.EditCluster{})

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

// decodeCluster builds a spec from the fields of one cluster object. Each
// field is decoded on its own first, so a bad value is reported with its
// field name and position.
func decodeCluster(fields []field, origin string, bundle bool) (Imported, error) {
	im := Imported{Origin: origin}
	obj := map[string]json.RawMessage{}
	isDetails := false
	var unknown []string
	for _, f := range fields {
		switch {
		case f.key == "libraries":
			if err := clusterspec.TypeError(f.raw, im.Libraries, f.key); err != nil {
				return im, posErr(f, err)
			}
			if err := json.Unmarshal(f.raw, &im.Libraries); err != nil {
				return im, posErr(f, err)
			}
			continue
		case !knownKeys[f.key]:
			unknown = append(unknown, f.key)
			continue
		case detailsOnly[f.key]:
			isDetails = true
		}
		one, err := json.Marshal(map[string]json.RawMessage{f.key: f.raw})
		if err == nil {
			err = clusterspec.TypeError(one, compute.ClusterDetails{}, "")
		}
		if err == nil {
			var probe compute.ClusterDetails
			err = json.Unmarshal(one, &probe)
		}
		if err != nil {
			return im, posErr(f, err)
		}
		obj[f.key] = f.raw
		if bundle && strings.Contains(string(f.raw), "${") {
			im.Warnings = append(im.Warnings, fmt.Sprintf("%s (line %d) uses a bundle variable; replace it with a value before applying", f.key, f.line))
		}
	}
	sort.Strings(unknown)
	for _, k := range unknown {
		im.Warnings = append(im.Warnings, fmt.Sprintf("ignored %q: not a field of the Clusters API", k))
	}
	raw, err := json.Marshal(obj)
	if err != nil {
		return im, fmt.Errorf("%s: %w", origin, err)
	}
	var d compute.ClusterDetails
	if err := json.Unmarshal(raw, &d); err != nil {
		return im, fmt.Errorf("%s: %w", origin, err)
	}
	if isDetails {
		im.Spec, err = clusterspec.OfCluster(&d, clusterspec.AsRunning)
	} else {
		var s compute.ClusterSpec
		err = json.Unmarshal(raw, &s)
		im.Spec = clusterspec.Clean(s)
	}
	if err != nil {
		return im, fmt.Errorf("%s: %w", origin, err)
	}
	im.Name = im.Spec.ClusterName
	return im, nil
}

// posErr places an error at the field's value. Wrong types come worded by
// clusterspec (field, expected type, value found) and need no key prefix.
func posErr(f field, err error) error {
	var fe *clusterspec.FieldTypeError
	if !errors.As(err, &fe) {
		err = fmt.Errorf("%s: %w", f.key, err)
	}
	return &PositionError{Line: f.line, Column: f.col, Err: err}
}
