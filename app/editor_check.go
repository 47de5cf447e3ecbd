package app

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/policy"
)

// Problem is one message for one field of the form, whoever raised it.
type Problem struct {
	Path      string `json:"path"`   // policy path style: autoscale.max_workers, spark_conf.spark.x, init_scripts.0.volumes.destination
	Source    string `json:"source"` // policy, spec or json
	Code      string `json:"code"`
	Message   string `json:"message"`
	Severity  string `json:"severity"` // error or warning
	Estimated bool   `json:"estimated"`
}

// Evaluation is everything the form shows after a change.
type Evaluation struct {
	Problems    []Problem                `json:"problems"`
	Errors      int                      `json:"errors"`
	Warnings    int                      `json:"warnings"`
	PolicyID    string                   `json:"policyId"`
	Policy      *policy.Info             `json:"policy,omitempty"`
	Constraints []policy.FieldConstraint `json:"constraints"`
	// Applied are the values the policy fills in (fixed values, and defaults
	// when asked): the page sets them at their paths, keeping everything else.
	Applied  []policy.Change  `json:"applied"`
	Estimate *policy.Estimate `json:"estimate,omitempty"`
	Notes    []string         `json:"notes"`
}

// Evaluate checks a spec (Clusters API JSON; a top-level "libraries" list
// is the libraries to install at creation) against its policy_id's policy
// and the API's own rules, offline, from the cached catalog. With
// applyDefaults the policy's default values are returned in Applied too
// (used when a policy is picked).
func (e *Editor) Evaluate(workspaceID, specJSON string, applyDefaults bool) (Evaluation, error) {
	snap, err := e.snapshot(e.ctx, workspaceID)
	if err != nil {
		return Evaluation{}, err
	}
	return forPageErr(e.evaluate(snap, []byte(specJSON), applyDefaults))
}

func (e *Editor) evaluate(snap catalog.Snapshot, raw []byte, applyDefaults bool) (Evaluation, error) {
	out := Evaluation{Problems: []Problem{}, Constraints: []policy.FieldConstraint{}, Applied: []policy.Change{}, Notes: []string{}}
	raw, err := boundedfile.Text(raw, "the JSON")
	var tree map[string]any
	if err == nil {
		tree, err = policy.DecodeSpec(raw)
	}
	if err != nil {
		out.add(Problem{Source: "json", Code: "invalid_json", Severity: "error",
			Message: "The JSON is not a valid cluster spec object: " + strings.TrimPrefix(err.Error(), policy.ErrInvalidSpec.Error()+": ")})
		return out, nil
	}
	spec, libs, decodeProblems := decodeForValidation(raw)
	for _, p := range decodeProblems {
		out.add(p)
	}
	cat := &clusterspec.Catalog{NodeTypes: snap.NodeTypes.Items, SparkVersions: snap.SparkVersions.Items, Pools: snap.Pools.Items}
	for _, v := range withoutTypeProblems(decodeProblems, clusterspec.Validate(spec, clusterspec.Options{Catalog: cat, RequireName: true})) {
		out.add(Problem{Path: v.Path, Source: "spec", Code: v.Code, Message: v.Message, Severity: string(v.Severity)})
	}
	for _, v := range clusterspec.ValidateLibraries(libs) {
		out.add(Problem{Path: v.Path, Source: "spec", Code: v.Code, Message: v.Message, Severity: string(v.Severity)})
	}

	if id, _ := tree["policy_id"].(string); id != "" {
		out.PolicyID = id
		p, err := policyByID(snap, id)
		if err != nil {
			out.add(Problem{Path: "policy_id", Source: "policy", Code: "unknown_policy", Severity: "error",
				Message: fmt.Sprintf("Policy %s is not among the policies you can use in this workspace (catalog cached %s).", id, ageText(snap))})
		} else {
			info := p.Info()
			out.Policy, out.Constraints = &info, info.Constraints
			rates := e.rateTable()
			res := policy.EvaluateTree(p.Definition, tree, policy.Options{ClusterType: policy.AllPurpose, ApplyDefaults: applyDefaults,
				Rates: &rates, NodeTypes: snap.NodeTypes.Items, Pools: snap.Pools.Items, SparkVersions: snap.SparkVersions.Items})
			for _, v := range res.Violations {
				out.add(Problem{Path: v.Path, Source: "policy", Code: string(v.Reason), Message: v.Message, Severity: "error", Estimated: v.Estimated})
			}
			out.Applied = append(out.Applied, res.Applied...)
			out.Estimate, out.Notes = res.DBUsPerHour, append(out.Notes, res.Notes...)
		}
	}
	if note := e.rateNote(); note != "" {
		out.Notes = append(out.Notes, note)
	}
	if out.Estimate == nil {
		rates := e.rateTable()
		if est, err := rates.Estimate(tree, snap.NodeTypes.Items, snap.Pools.Items); err == nil {
			out.Estimate = &est
		}
	}
	sort.SliceStable(out.Problems, func(i, j int) bool { return out.Problems[i].Path < out.Problems[j].Path })
	return out, nil
}

// withoutTypeProblems drops rule violations at paths whose value was left
// out for its type (it would also read as missing).
func withoutTypeProblems(decoded []Problem, vs []clusterspec.Violation) []clusterspec.Violation {
	var typed []clusterspec.Violation
	for _, p := range decoded {
		if p.Code == clusterspec.CodeWrongType {
			typed = append(typed, clusterspec.Violation{Path: p.Path})
		}
	}
	return clusterspec.WithTypeProblems(typed, vs)[len(typed):]
}

func (ev *Evaluation) add(p Problem) {
	ev.Problems = append(ev.Problems, p)
	if p.Severity == "warning" {
		ev.Warnings++
	} else {
		ev.Errors++
	}
}

// decodeForValidation reads the spec into the SDK type field by field (see
// clusterspec.DecodeSpec), so a value of the wrong type becomes a message at
// its field instead of failing the whole check.
func decodeForValidation(raw []byte) (compute.ClusterSpec, []compute.Library, []Problem) {
	var problems []Problem
	typeProblem := func(v clusterspec.Violation) {
		problems = append(problems, Problem{Path: v.Path, Source: "json", Code: v.Code, Message: v.Message, Severity: string(v.Severity)})
	}
	var fields map[string]json.RawMessage
	_ = json.Unmarshal(raw, &fields)
	var libs []compute.Library
	if l, ok := fields[librariesKey]; ok {
		if ps := clusterspec.TypeProblems(l, libs, librariesKey); len(ps) > 0 {
			for _, p := range ps {
				typeProblem(p)
			}
		} else if err := json.Unmarshal(l, &libs); err != nil {
			libs = nil
		}
	}
	for _, path := range clusterspec.UnknownFields(raw, librariesKey) {
		problems = append(problems, Problem{Path: path, Source: "json", Code: "unknown_field", Severity: "warning",
			Message: fmt.Sprintf("%s is not a field of the Clusters API this app sends: it is kept in the JSON but dropped when the cluster is created or saved.", path)})
	}
	spec, wrong, _ := clusterspec.DecodeSpec(raw, librariesKey) // not an object: reported by the caller
	for _, p := range wrong {
		typeProblem(p)
	}
	return spec, libs, problems
}

func ageText(snap catalog.Snapshot) string {
	at := snap.FetchedAt()
	if at.IsZero() {
		return "never"
	}
	return at.UTC().Format("2006-01-02 15:04 UTC")
}
