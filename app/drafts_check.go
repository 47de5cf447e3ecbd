package app

import (
	"errors"
	"fmt"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/policy"
)

// Check states, worst first.
const (
	CheckErrors   = "errors"
	CheckWarnings = "warnings"
	CheckOK       = "ok"
)

// CheckItem is one finding, tied to a field path of the spec.
type CheckItem struct {
	Path     string `json:"path"`
	Message  string `json:"message"`
	Severity string `json:"severity"` // error or warning
	Source   string `json:"source"`   // spec (the API's rules) or policy
}

// CacheInfo says how old the cached catalog of a workspace is: every offline
// check is only as good as that.
type CacheInfo struct {
	Cached     bool   `json:"cached"`
	FetchedAt  string `json:"fetchedAt"`
	AgeSeconds int64  `json:"ageSeconds"`
}

// CheckSummary is the list's validation column.
type CheckSummary struct {
	State    string    `json:"state"`
	Errors   int       `json:"errors"`
	Warnings int       `json:"warnings"`
	Cache    CacheInfo `json:"cache"`
	// Partial explains what could not be checked (no target, nothing cached).
	Partial string `json:"partial"`
}

// CheckView is a full offline check of a spec against the target
// workspace's cached catalog and the chosen policy.
type CheckView struct {
	State      string      `json:"state"`
	Errors     int         `json:"errors"`
	Warnings   int         `json:"warnings"`
	Cache      CacheInfo   `json:"cache"`
	Partial    string      `json:"partial"`
	Items      []CheckItem `json:"items"`
	PolicyName string      `json:"policyName"`
	Notes      []string    `json:"notes"`
}

// check runs on cached data only: it never touches the network.
func (d *Drafts) check(spec compute.ClusterSpec, workspaceID, policyID string, unknown []string) CheckView {
	v := CheckView{Items: []CheckItem{}, Notes: []string{}}
	var snap *catalog.Snapshot
	switch {
	case workspaceID == "":
		v.Partial = "No target workspace: runtime, node type and policy are not checked."
	case d.catalog == nil:
		v.Partial = "No catalog cache in this build: runtime, node type and policy are not checked."
	default:
		s, err := d.catalog.Load(workspaceID)
		if err != nil {
			if !errors.Is(err, catalog.ErrNotCached) {
				v.Notes = append(v.Notes, "The cached catalog could not be read: "+err.Error())
			}
			v.Partial = "Nothing cached for this workspace yet: runtime, node type and policy are not checked. Connect once to cache them."
		} else {
			snap = &s
			v.Cache = cacheInfo(s, d.now())
		}
	}
	for _, k := range unknown {
		v.Items = append(v.Items, CheckItem{Path: k, Severity: "warning", Source: "spec",
			Message: fmt.Sprintf("%q is not a Clusters API field: the draft keeps it, but it is not sent when the cluster is created.", k)})
	}
	var cat *clusterspec.Catalog
	if snap != nil {
		cat = &clusterspec.Catalog{NodeTypes: snap.NodeTypes.Items, SparkVersions: snap.SparkVersions.Items, Pools: snap.Pools.Items}
	}
	effective := spec
	if policyID != "" && snap != nil {
		effective = d.checkPolicy(&v, spec, policyID, snap)
	} else if policyID != "" && v.Partial == "" {
		v.Partial = "The policy is not checked: nothing cached for this workspace."
	}
	for _, vi := range clusterspec.Validate(effective, clusterspec.Options{Catalog: cat, RequireName: true}) {
		v.Items = append(v.Items, CheckItem{Path: vi.Path, Message: vi.Message, Severity: string(vi.Severity), Source: "spec"})
	}
	for _, it := range v.Items {
		if it.Severity == string(clusterspec.Error) {
			v.Errors++
		} else {
			v.Warnings++
		}
	}
	switch {
	case v.Errors > 0:
		v.State = CheckErrors
	case v.Warnings > 0:
		v.State = CheckWarnings
	default:
		v.State = CheckOK
	}
	return v
}

// checkPolicy adds the policy's violations and returns the spec with the
// policy's fixed values (and defaults, when asked) filled in, as the service
// would create it.
func (d *Drafts) checkPolicy(v *CheckView, spec compute.ClusterSpec, policyID string, snap *catalog.Snapshot) compute.ClusterSpec {
	var found *compute.Policy
	for i := range snap.Policies.Items {
		if snap.Policies.Items[i].PolicyId == policyID {
			found = &snap.Policies.Items[i]
		}
	}
	if found == nil {
		if snap.Policies.FetchedAt.IsZero() {
			v.Partial = "The policy is not checked: the workspace's policies are not cached yet."
		} else {
			v.Items = append(v.Items, CheckItem{Path: "policy_id", Severity: "error", Source: "policy",
				Message: fmt.Sprintf("Policy %s is not among this workspace's policies (as cached). Choose another policy or none.", policyID)})
		}
		return spec
	}
	v.PolicyName = found.Name
	pol, err := policy.FromAPI(*found, nil)
	if err != nil {
		v.Partial = fmt.Sprintf("Policy %q could not be read offline (%v); it is checked when you apply.", found.Name, err)
		return spec
	}
	opts := policy.Options{ApplyDefaults: spec.ApplyPolicyDefaultValues,
		NodeTypes: snap.NodeTypes.Items, Pools: snap.Pools.Items, SparkVersions: snap.SparkVersions.Items}
	if d.rates != nil {
		t := d.rates()
		opts.Rates = &t
	}
	res, err := pol.Evaluate(spec, opts)
	if err != nil {
		v.Notes = append(v.Notes, "The policy check failed: "+err.Error())
		return spec
	}
	for _, pv := range res.Violations {
		v.Items = append(v.Items, CheckItem{Path: pv.Path, Message: pv.Message, Severity: "error", Source: "policy"})
	}
	v.Notes = append(v.Notes, res.Notes...)
	if eff, err := res.EffectiveSpec(); err == nil {
		return eff
	}
	return spec
}

func (v CheckView) summary() CheckSummary {
	return CheckSummary{State: v.State, Errors: v.Errors, Warnings: v.Warnings, Cache: v.Cache, Partial: v.Partial}
}

func cacheInfo(s catalog.Snapshot, now time.Time) CacheInfo {
	at := s.FetchedAt()
	if at.IsZero() {
		return CacheInfo{}
	}
	return CacheInfo{Cached: true, FetchedAt: stamp(at), AgeSeconds: int64(s.Age(now) / time.Second)}
}
