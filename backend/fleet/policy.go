package fleet

import (
	"fmt"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/check"
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
// policies (check.Existing), for size only (workers, node types, DBU/h):
// the rest of a policy is the editor's concern. A policy is parsed when a
// running cluster first names it: the page re-reads the fleet every few
// seconds, and a workspace may hold a thousand policies.
type PolicySize struct {
	raw    map[string]compute.Policy     // by id
	parsed map[string]*policyeval.Policy // nil: could not be read
	snap   catalog.Snapshot
	rates  policyeval.RateTable
}

// NewPolicySize holds the workspace's cached policies until a cluster needs one.
func NewPolicySize(snap catalog.Snapshot, rates policyeval.RateTable) *PolicySize {
	p := &PolicySize{raw: make(map[string]compute.Policy, len(snap.Policies.Items)), parsed: map[string]*policyeval.Policy{},
		snap: snap, rates: rates}
	for _, api := range snap.Policies.Items {
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
	found, err := check.Existing(pol, s.Spec(), check.TypeOf(s.Source), p.snap, p.rates)
	if err != nil {
		return ""
	}
	for _, v := range found {
		if larger(v) {
			return fmt.Sprintf("Larger than its policy allows: %s", v.Message)
		}
	}
	return ""
}
