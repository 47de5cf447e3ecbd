package clusterspec

import (
	"encoding/json"
	"fmt"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// Editable returns the spec to open an existing cluster with in an editor.
// It starts from the spec as last requested (`spec`), which keeps what the
// user chose: no driver type means "same as worker", where the effective
// details always name one. Any other top-level field the request does not
// name keeps its effective value, so saving the form unchanged removes
// nothing, and the size is the current one (a resize may have changed it).
// Without a requested spec it is FromDetails.
func Editable(d *compute.ClusterDetails) (compute.ClusterSpec, error) {
	eff, err := FromDetails(d)
	if err != nil {
		return eff, err
	}
	req, ok := Requested(d)
	if !ok {
		return eff, nil
	}
	effMap, err := toMap(eff)
	if err != nil {
		return eff, err
	}
	out, err := toMap(req)
	if err != nil {
		return eff, err
	}
	sameDriver := eff.DriverNodeTypeId == "" || eff.DriverNodeTypeId == eff.NodeTypeId
	delete(out, "num_workers")
	delete(out, "autoscale")
	for k, v := range effMap {
		_, named := out[k]
		switch {
		case k == "num_workers" || k == "autoscale":
			out[k] = v
		case named:
		case k == "driver_node_type_id" && sameDriver:
		default:
			out[k] = v
		}
	}
	raw, err := json.Marshal(out)
	if err != nil {
		return eff, fmt.Errorf("encode cluster spec: %w", err)
	}
	var s compute.ClusterSpec
	if err := json.Unmarshal(raw, &s); err != nil {
		return eff, fmt.Errorf("decode cluster spec: %w", err)
	}
	if _, ok := out["num_workers"]; ok {
		s.ForceSendFields = append(s.ForceSendFields, "NumWorkers")
	}
	return Clean(s), nil
}

func toMap(s compute.ClusterSpec) (map[string]json.RawMessage, error) {
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("encode cluster spec: %w", err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("decode cluster spec: %w", err)
	}
	return m, nil
}
