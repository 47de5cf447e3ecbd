package check

import (
	"sort"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
)

// Existing is the one check of a cluster that exists against a policy: the
// server compliance comparison, the policies page (usage, edit impact,
// enforce) and Fleet's size flag all call it, so they cannot disagree. It
// evaluates spec (what the cluster was created or last edited with, or its
// size alone) as a cluster of type t, with the workspace's cached node
// types, pools and runtimes and the user's DBU rate table (the editor's),
// and returns the violations by path.
func Existing(p *policyeval.Policy, spec compute.ClusterSpec, t policyeval.ClusterType, snap catalog.Snapshot,
	rates policyeval.RateTable) ([]policyeval.Violation, error) {
	res, err := p.Evaluate(spec, policyeval.Options{ClusterType: t, Rates: &rates, NodeTypes: snap.NodeTypes.Items,
		Pools: snap.Pools.Items, SparkVersions: snap.SparkVersions.Items})
	if err != nil {
		return nil, err
	}
	out := append([]policyeval.Violation(nil), res.Violations...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// SpecOfCluster is what Existing checks of a cluster's details: the spec it
// was created or last edited with, else the one its details describe.
func SpecOfCluster(d *compute.ClusterDetails) (compute.ClusterSpec, error) {
	if spec, ok := clusterspec.Requested(d); ok {
		return spec, nil
	}
	return clusterspec.FromDetails(d)
}

// TypeOf is the cluster type a policy sees a cluster as.
func TypeOf(source compute.ClusterSource) policyeval.ClusterType {
	if source == compute.ClusterSourceJob {
		return policyeval.Job
	}
	return policyeval.AllPurpose
}
