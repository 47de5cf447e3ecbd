package fleet

import (
	"fmt"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/clusters"
	"github.com/clusterdeck/clusterdeck/backend/policy"
)

// larger says whether a broken rule lets the cluster be larger than the
// policy meant: a size above its maximum, or a node type it does not offer.
// (A value that is missing, say, is the editor's concern, not the fleet's.)
func larger(v policy.Violation) bool {
	switch v.Path {
	case "num_workers", "autoscale.max_workers", "autoscale.min_workers", "dbus_per_hour":
		return v.Reason == policy.ReasonAboveMax
	case "node_type_id", "driver_node_type_id":
		return v.Reason == policy.ReasonNotAllowed || v.Reason == policy.ReasonBlocked ||
			v.Reason == policy.ReasonNotFixed || v.Reason == policy.ReasonNoMatch
	}
	return false
}

// PolicySize checks running clusters against the workspace's cached
// policies with the offline evaluator, for size only (workers, node
// types, DBU/h): the rest of a policy is the editor's concern.
type PolicySize struct {
	Policies  map[string]*policy.Policy // by id
	Rates     policy.RateTable
	NodeTypes []compute.NodeType
	Pools     []compute.InstancePoolAndStats
}

// NewPolicySize reads the workspace's policies (ones it cannot read are skipped).
func NewPolicySize(policies []compute.Policy, rates policy.RateTable, nodes []compute.NodeType, pools []compute.InstancePoolAndStats) *PolicySize {
	p := &PolicySize{Policies: map[string]*policy.Policy{}, Rates: rates, NodeTypes: nodes, Pools: pools}
	for _, api := range policies {
		if pol, err := policy.FromAPI(api, nil); err == nil {
			p.Policies[api.PolicyId] = pol
		}
	}
	return p
}

// Check says why the row is larger than its policy allows ("" when it is not).
func (p *PolicySize) Check(r clusters.Row) string {
	s := r.Sizing()
	pol := p.Policies[s.PolicyID]
	if pol == nil {
		return ""
	}
	spec := compute.ClusterSpec{NodeTypeId: s.NodeType, DriverNodeTypeId: s.DriverNodeType, InstancePoolId: s.Pool,
		DriverInstancePoolId: s.DriverPool, NumWorkers: s.Workers}
	if s.AutoscaleMax > 0 {
		spec.NumWorkers = 0
		spec.Autoscale = &compute.AutoScale{MinWorkers: s.AutoscaleMin, MaxWorkers: s.AutoscaleMax}
	}
	if s.Photon {
		spec.RuntimeEngine = compute.RuntimeEnginePhoton
	}
	res, err := pol.Evaluate(spec, policy.Options{Rates: &p.Rates, NodeTypes: p.NodeTypes, Pools: p.Pools})
	if err != nil {
		return ""
	}
	for _, v := range res.Violations {
		if larger(v) {
			return fmt.Sprintf("Larger than its policy allows: %s", v.Message)
		}
	}
	return ""
}
