package fleet

import (
	"fmt"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/clusters"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
)

// larger says whether a broken rule lets the cluster be larger than the
// policy meant: a size above its maximum, or a node type it does not offer.
// (A value that is missing, say, is the editor's concern, not the fleet's.)
func larger(v policyeval.Violation) bool {
	switch v.Path {
	case "num_workers", "autoscale.max_workers", "autoscale.min_workers", "dbus_per_hour":
		return v.Reason == policyeval.ReasonAboveMax
	case "node_type_id", "driver_node_type_id":
		return v.Reason == policyeval.ReasonNotAllowed || v.Reason == policyeval.ReasonBlocked ||
			v.Reason == policyeval.ReasonNotFixed || v.Reason == policyeval.ReasonNoMatch
	}
	return false
}

// PolicySize checks running clusters against the workspace's cached
// policies with the offline evaluator, for size only (workers, node
// types, DBU/h): the rest of a policy is the editor's concern. A policy is
// parsed when a running cluster first names it: the page re-reads the
// fleet every few seconds, and a workspace may hold a thousand policies.
type PolicySize struct {
	raw       map[string]compute.Policy     // by id
	parsed    map[string]*policyeval.Policy // nil: could not be read
	Rates     policyeval.RateTable
	NodeTypes []compute.NodeType
	Pools     []compute.InstancePoolAndStats
}

// NewPolicySize holds the workspace's policies until a cluster needs one.
func NewPolicySize(policies []compute.Policy, rates policyeval.RateTable, nodes []compute.NodeType, pools []compute.InstancePoolAndStats) *PolicySize {
	p := &PolicySize{raw: make(map[string]compute.Policy, len(policies)), parsed: map[string]*policyeval.Policy{},
		Rates: rates, NodeTypes: nodes, Pools: pools}
	for _, api := range policies {
		p.raw[api.PolicyId] = api
	}
	return p
}

// policyOf parses a policy once (nil when unknown or unreadable).
func (p *PolicySize) policyOf(id string) *policyeval.Policy {
	if pol, done := p.parsed[id]; done {
		return pol
	}
	var pol *policyeval.Policy
	if api, ok := p.raw[id]; ok {
		if read, err := policyeval.FromAPI(api, nil); err == nil {
			pol = read
		}
	}
	p.parsed[id] = pol
	return pol
}

// Check says why the row is larger than its policy allows ("" when it is not).
func (p *PolicySize) Check(r clusters.Row) string {
	s := r.Sizing()
	if s.PolicyID == "" {
		return ""
	}
	pol := p.policyOf(s.PolicyID)
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
	res, err := pol.Evaluate(spec, policyeval.Options{Rates: &p.Rates, NodeTypes: p.NodeTypes, Pools: p.Pools})
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
