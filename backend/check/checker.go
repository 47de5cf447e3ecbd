// Package check is the one spec check: the Clusters API's rules, the
// workspace's cached catalog, the cluster policy (with the DBU rate table)
// and the JSON itself, for the editor, the drafts and `clusterdeck
// validate` alike. It never touches the network: the catalog comes from a
// snapshot source.
package check

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
)

// Snapshots gives a workspace's catalog; catalog.ErrNotCached when there
// is none (the check is then partial).
type Snapshots func(ctx context.Context, workspaceID string) (catalog.Snapshot, error)

// Rates is the DBU rate table (rates.Store).
type Rates interface {
	Table() policyeval.RateTable
	Note() string // why the user's table is not used; "" when it is
}

// Checker checks specs.
type Checker struct {
	snapshots Snapshots // nil: no catalog in this build
	rates     Rates
	now       func() time.Time
}

// New builds a checker. snapshots may be nil (no catalog); rates may be
// nil (the built-in table).
func New(snapshots Snapshots, rates Rates) *Checker {
	return &Checker{snapshots: snapshots, rates: rates, now: time.Now}
}

// CacheSnapshots reads a catalog cache only (no fetching).
func CacheSnapshots(cache interface {
	Load(id string) (catalog.Snapshot, error)
}) Snapshots {
	return func(_ context.Context, id string) (catalog.Snapshot, error) { return cache.Load(id) }
}

// StaticRates is a rate table read once by the caller (clusterdeck
// validate, which refuses a broken file rather than noting it).
func StaticRates(t policyeval.RateTable) Rates { return staticRates(t) }

type staticRates policyeval.RateTable

func (s staticRates) Table() policyeval.RateTable { return policyeval.RateTable(s) }
func (staticRates) Note() string                  { return "" }

// Request is one spec to check.
type Request struct {
	WorkspaceID string
	// PolicyID is the policy to check against; "" uses the spec's policy_id.
	PolicyID string
	// Policy is a policy given directly (validate --policy FILE); it wins
	// over PolicyID and needs no cached catalog.
	Policy *policyeval.Policy
	// Spec is the page's spec object: Clusters API fields, "libraries"
	// and any unknown keys (see clusterspec.Document).
	Spec map[string]any
	// FillDefaults also fills in the policy's defaults (Report.Applied),
	// as the spec's apply_policy_default_values does: the editor asks when
	// a policy is picked.
	FillDefaults bool
	// ClusterType is what the policy is checked for; "" is all-purpose.
	ClusterType policyeval.ClusterType
}

// CheckJSON checks JSON text as typed: text that is not one JSON object is
// a single json problem.
func (c *Checker) CheckJSON(ctx context.Context, req Request, raw []byte) Report {
	raw, err := boundedfile.Text(raw, "the JSON")
	var tree map[string]any
	if err == nil {
		tree, err = clusterspec.DecodeTree(raw)
	}
	if err != nil {
		why := strings.TrimPrefix(strings.TrimPrefix(err.Error(), clusterspec.ErrNotAnObject.Error()), ": ")
		if why == "" { // valid JSON of another kind: a list, null
			why = "not a JSON object"
		}
		out := newReport()
		out.add(Problem{Source: SourceJSON, Code: "invalid_json", Severity: Error,
			Message: "The JSON is not a valid cluster spec object: " + why})
		return out
	}
	req.Spec = tree
	return c.Check(ctx, req)
}

// Check runs every check on one spec.
func (c *Checker) Check(ctx context.Context, req Request) Report {
	out := newReport()
	if req.ClusterType == "" {
		req.ClusterType = policyeval.AllPurpose
	}
	doc, problems, err := clusterspec.DecodeMap(req.Spec)
	if err != nil {
		out.add(Problem{Source: SourceJSON, Code: "invalid_json", Severity: Error, Message: err.Error()})
		return out
	}
	snap := c.snapshot(ctx, req.WorkspaceID, &out)

	// Policy first, as the service checks it; then the JSON's own
	// problems and the API's rules.
	effective := req.Spec
	if p := c.policyOf(req, snap, &out); p != nil {
		effective = c.evaluatePolicy(p, req, snap, &out)
	}
	out.addViolations(problems)
	var cat *clusterspec.Catalog
	if snap != nil {
		cat = &clusterspec.Catalog{NodeTypes: snap.NodeTypes.Items, SparkVersions: snap.SparkVersions.Items, Pools: snap.Pools.Items}
	}
	// The API's rules on the spec as the service would create it (policy
	// values filled in), leaving out fields already reported for their type.
	eff, _, _ := clusterspec.DecodeMap(effective)
	var typed []clusterspec.Violation
	for _, p := range problems {
		if p.Code == clusterspec.CodeWrongType {
			typed = append(typed, p)
		}
	}
	rules := clusterspec.Validate(eff.Spec, clusterspec.Options{Catalog: cat, RequireName: req.ClusterType == policyeval.AllPurpose,
		AllPurpose: req.ClusterType == policyeval.AllPurpose})
	out.addViolations(clusterspec.WithTypeProblems(typed, rules)[len(typed):])
	out.addViolations(clusterspec.ValidateLibraries(doc.Libraries))

	rates := c.rateTable()
	if c.rates != nil {
		if note := c.rates.Note(); note != "" {
			out.Notes = append(out.Notes, note)
		}
	}
	if out.Estimate == nil {
		var nodes []compute.NodeType
		var pools []compute.InstancePoolAndStats
		if snap != nil {
			nodes, pools = snap.NodeTypes.Items, snap.Pools.Items
		}
		if est, err := rates.Estimate(req.Spec, nodes, pools); err == nil {
			out.Estimate = &est
		}
	}
	return out
}

// Refuse checks a spec about to be sent: nil when it may be, else an error
// wrapping ErrSpecHasProblems ("N problem(s) remain, e.g. <first error>").
// policyID "" means the spec's own PolicyId.
func (c *Checker) Refuse(ctx context.Context, workspaceID, policyID string, spec compute.ClusterSpec, libs []compute.Library) error {
	m, err := clusterspec.Document{Spec: spec, Libraries: libs}.Map()
	if err != nil {
		return fmt.Errorf("%w: %w", ErrSpecHasProblems, err)
	}
	return c.Check(ctx, Request{WorkspaceID: workspaceID, PolicyID: policyID, Spec: m}).Refusal()
}

// snapshot loads the workspace's catalog, or says why the check is partial.
func (c *Checker) snapshot(ctx context.Context, workspaceID string, out *Report) *catalog.Snapshot {
	switch {
	case workspaceID == "":
		out.Partial = "No target workspace: runtime, node type and policy are not checked."
		return nil
	case c.snapshots == nil:
		out.Partial = "No catalog cache in this build: runtime, node type and policy are not checked."
		return nil
	}
	s, err := c.snapshots(ctx, workspaceID)
	if err != nil {
		if !errors.Is(err, catalog.ErrNotCached) {
			out.CatalogErr = err
			out.Notes = append(out.Notes, "The cached catalog could not be read: "+err.Error())
		}
		out.Partial = "Nothing cached for this workspace yet: runtime, node type and policy are not checked. Connect once to cache them."
		return nil
	}
	out.CatalogFetchedAt, out.CatalogAge = s.FetchedAt(), s.Age(c.now())
	return &s
}

func (c *Checker) rateTable() policyeval.RateTable {
	if c.rates == nil {
		return policyeval.DefaultRateTable()
	}
	return c.rates.Table()
}
