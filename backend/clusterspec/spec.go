// Package clusterspec turns what the Clusters API reports about a cluster into
// what its create call accepts, and compares two specs field by field.
package clusterspec

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// FromDetails returns the create-API spec of a cluster as it is now: the
// effective top-level fields, minus everything the server owns (ids, state,
// default tags) and minus values the create call would reject together
// (node types or cloud attributes next to an instance pool, num_workers next
// to autoscale). The request-id tag is dropped: it belongs to one create.
func FromDetails(d *compute.ClusterDetails) (compute.ClusterSpec, error) {
	var s compute.ClusterSpec
	if d == nil {
		return s, nil
	}
	raw, err := json.Marshal(d)
	if err != nil {
		return s, fmt.Errorf("encode cluster details: %w", err)
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return s, fmt.Errorf("decode cluster details as a spec: %w", err)
	}
	return Clean(s), nil
}

// Requested returns the spec the cluster was last created or edited with, as
// the API reports it in `spec`, cleaned like FromDetails; ok is false when
// the server did not report one.
func Requested(d *compute.ClusterDetails) (compute.ClusterSpec, bool) {
	if d == nil || d.Spec == nil {
		return compute.ClusterSpec{}, false
	}
	return Clean(*d.Spec), true
}

// Clean makes a spec acceptable to the create call: drops fields that
// conflict (see FromDetails), the request-id tag and
// apply_policy_default_values (a per-request switch, not part of a design),
// and always sends num_workers when there is no autoscale (0 is a single
// node, not "unset"). The input is not modified.
func Clean(s compute.ClusterSpec) compute.ClusterSpec {
	s.ForceSendFields = slices.Clone(s.ForceSendFields)
	s.ApplyPolicyDefaultValues = false
	s.ForceSendFields = without(s.ForceSendFields, "ApplyPolicyDefaultValues")
	if s.Autoscale != nil {
		s.NumWorkers = 0
		s.ForceSendFields = without(s.ForceSendFields, "NumWorkers")
	} else if !slices.Contains(s.ForceSendFields, "NumWorkers") {
		s.ForceSendFields = append(s.ForceSendFields, "NumWorkers")
	}
	if s.InstancePoolId != "" {
		s.NodeTypeId = ""
		s.AwsAttributes, s.AzureAttributes, s.GcpAttributes = nil, nil, nil
		s.EnableElasticDisk = false
		s.ForceSendFields = without(s.ForceSendFields, "EnableElasticDisk", "NodeTypeId")
	}
	if s.DriverInstancePoolId != "" {
		s.DriverNodeTypeId = ""
		s.ForceSendFields = without(s.ForceSendFields, "DriverNodeTypeId")
	}
	s.CustomTags = WithoutRequestID(s.CustomTags)
	if len(s.CustomTags) == 0 {
		s.CustomTags = nil
	}
	if len(s.ForceSendFields) == 0 {
		s.ForceSendFields = nil
	}
	return s
}

// ToCreate is the create request for s.
func ToCreate(s compute.ClusterSpec) (compute.CreateCluster, error) {
	var c compute.CreateCluster
	err := convert(s, &c)
	return c, err
}

// ToUpdate is the partial update (clusters/update) that sets the given
// top-level fields of cluster id to their values in s, clearing those s
// leaves unset; every other field keeps the value the workspace holds.
// apply_policy_default_values has no place in it (Clean drops it anyway).
func ToUpdate(id string, s compute.ClusterSpec, fields []string) (compute.UpdateCluster, error) {
	var r compute.UpdateClusterResource
	if err := convert(s, &r); err != nil {
		return compute.UpdateCluster{}, err
	}
	mask := slices.Clone(fields)
	slices.Sort(mask)
	return compute.UpdateCluster{ClusterId: id, Cluster: &r, UpdateMask: strings.Join(slices.Compact(mask), ",")}, nil
}

// convert copies through JSON so every field the SDK knows carries over,
// ForceSendFields included.
func convert(from, to any) error {
	raw, err := json.Marshal(from)
	if err != nil {
		return fmt.Errorf("encode cluster spec: %w", err)
	}
	if err := json.Unmarshal(raw, to); err != nil {
		return fmt.Errorf("decode cluster spec: %w", err)
	}
	return nil
}

func without(list []string, names ...string) []string {
	return slices.DeleteFunc(list, func(s string) bool { return slices.Contains(names, s) })
}
