package clusterspec

import (
	"encoding/json"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// View says what a cluster's spec is read for. The callers differ on
// purpose, and this is the one place that says how:
type View int

const (
	// AsRequested is the spec the cluster was last created or edited with
	// (`spec`), cleaned; the effective details when the server reports no
	// request. The server policy check compares this: it is what the
	// policy saw.
	AsRequested View = iota
	// ForEdit opens a cluster in the editor: the request, with every field
	// it does not name at its effective value and the current size (see
	// Editable), so saving the form unchanged changes nothing.
	ForEdit
	// AsRunning is the cluster as it is now (FromDetails): saving a
	// cluster as a draft records what runs, server defaults resolved.
	AsRunning
	// AsReported is the request exactly as the API reports it, request-id
	// tag and apply_policy_default_values included, not cleaned: the
	// cluster page shows it and clone starts from it.
	AsReported
)

// OfCluster is the one cluster → spec function; see View.
func OfCluster(d *compute.ClusterDetails, v View) (compute.ClusterSpec, error) {
	switch v {
	case ForEdit:
		return Editable(d)
	case AsRunning:
		return FromDetails(d)
	case AsReported:
		if d != nil && d.Spec != nil {
			return *d.Spec, nil
		}
		// Older clusters carry no spec: take the spec fields of the details.
		var s compute.ClusterSpec
		err := convert(d, &s)
		return s, err
	}
	if req, ok := Requested(d); ok {
		return req, nil
	}
	return FromDetails(d)
}

// ReportedJSON is the AsReported spec, indented, for showing and cloning
// ("{}" when it cannot be encoded).
func ReportedJSON(d *compute.ClusterDetails) string {
	s, err := OfCluster(d, AsReported)
	if err != nil {
		return "{}"
	}
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return "{}"
	}
	return string(b)
}
