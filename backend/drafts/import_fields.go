package drafts

import (
	"encoding/json"
	"errors"
	"fmt"
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

// decodeCluster builds a spec from the fields of one cluster object
// (clusterspec.DecodeCluster), placing a bad value at its position and
// warning of what it drops and of bundle variables left in values.
func decodeCluster(fields []field, origin string, bundle bool) (Imported, error) {
	im := Imported{Origin: origin}
	in := make([]clusterspec.Field, len(fields))
	for i, f := range fields {
		in[i] = clusterspec.Field{Key: f.key, Value: f.raw}
	}
	c, err := clusterspec.DecodeCluster(in)
	var fe *clusterspec.FieldError
	if errors.As(err, &fe) {
		return im, posErr(fields[fe.Index], fe.Err)
	}
	if err != nil {
		return im, fmt.Errorf("%s: %w", origin, err)
	}
	im.Spec, im.Libraries, im.Name = c.Spec, c.Libraries, c.Spec.ClusterName
	for _, f := range fields {
		if bundle && f.key != clusterspec.LibrariesKey && clusterspec.IsFileKey(f.key) && strings.Contains(string(f.raw), "${") {
			im.Warnings = append(im.Warnings, fmt.Sprintf("%s (line %d) uses a bundle variable; replace it with a value before applying", f.key, f.line))
		}
	}
	for _, k := range c.Unknown {
		im.Warnings = append(im.Warnings, fmt.Sprintf("ignored %q: not a field of the Clusters API", k))
	}
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
