package check

import (
	"fmt"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
)

// policyOf finds the policy to check against: given, or cached by id.
// Nil when there is none, or it cannot be read (the report says why).
func (c *Checker) policyOf(req Request, snap *catalog.Snapshot, out *Report) *policyeval.Policy {
	if req.Policy != nil {
		out.PolicyID, out.PolicyName = req.Policy.ID, req.Policy.Name
		return req.Policy
	}
	id := req.PolicyID
	if id == "" {
		id, _ = req.Spec["policy_id"].(string)
	}
	if id == "" {
		return nil
	}
	out.PolicyID = id
	if snap == nil {
		return nil // the partial reason already says the policy is not checked
	}
	if p, ok := snap.Policy(id); ok {
		out.PolicyName = p.Name
		pol, err := policyeval.FromAPI(p, nil)
		if err != nil {
			out.Partial = fmt.Sprintf("Policy %q could not be read offline (%v); it is checked when you apply.", p.Name, err)
			return nil
		}
		return pol
	}
	if snap.Policies.FetchedAt.IsZero() {
		out.Partial = "The policy is not checked: the workspace's policies are not cached yet."
		return nil
	}
	out.add(Problem{Path: "policy_id", Source: SourcePolicy, Code: "unknown_policy", Severity: Error,
		Message: fmt.Sprintf("Policy %s is not among the policies you can use in this workspace (catalog cached %s). Choose another policy or none.",
			id, cachedAt(*snap))})
	return nil
}

// evaluatePolicy adds the policy's violations, constraints, applied values
// and estimate, and returns the spec as the service would create it.
func (c *Checker) evaluatePolicy(p *policyeval.Policy, req Request, snap *catalog.Snapshot, out *Report) map[string]any {
	info := p.Info()
	out.Policy, out.Constraints = &info, info.Constraints
	rates := c.rateTable()
	opts := policyeval.Options{ClusterType: req.ClusterType, Rates: &rates,
		ApplyDefaults: req.FillDefaults || req.Spec["apply_policy_default_values"] == true}
	if snap != nil {
		opts.NodeTypes, opts.Pools, opts.SparkVersions = snap.NodeTypes.Items, snap.Pools.Items, snap.SparkVersions.Items
	}
	res := policyeval.EvaluateTree(p.Definition, req.Spec, opts)
	for _, v := range res.Violations {
		out.add(Problem{Path: v.Path, Source: SourcePolicy, Code: string(v.Reason), Message: v.Message, Severity: Error, Estimated: v.Estimated})
	}
	out.Applied = append(out.Applied, res.Applied...)
	out.Notes = append(out.Notes, res.Notes...)
	if res.DBUsPerHour != nil {
		out.Estimate, out.PolicyEstimate = res.DBUsPerHour, true
	}
	if res.Effective != nil {
		return res.Effective
	}
	return req.Spec
}

func cachedAt(snap catalog.Snapshot) string {
	at := snap.FetchedAt()
	if at.IsZero() {
		return "never"
	}
	return at.UTC().Format("2006-01-02 15:04 UTC")
}
