package app

import (
	"github.com/clusterdeck/clusterdeck/backend/check"
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
	if err := e.open(workspaceID); err != nil {
		return Evaluation{}, err
	}
	rep := e.checker.CheckJSON(e.ctx, check.Request{WorkspaceID: workspaceID, FillDefaults: applyDefaults}, []byte(specJSON))
	if rep.CatalogErr != nil {
		return Evaluation{}, rep.CatalogErr
	}
	return forPage(evaluationOf(rep)), nil
}

// evaluationOf is the form's view of a check: the page tells policy
// problems and JSON problems apart; every other rule reads "spec".
func evaluationOf(r check.Report) Evaluation {
	out := Evaluation{Problems: make([]Problem, 0, len(r.Problems)), Errors: r.Errors, Warnings: r.Warnings,
		PolicyID: r.PolicyID, Policy: r.Policy, Constraints: r.Constraints, Applied: r.Applied, Estimate: r.Estimate, Notes: r.Notes}
	for _, p := range r.ByPath() {
		src := "spec"
		switch p.Source {
		case check.SourcePolicy:
			src = "policy"
		case check.SourceJSON, check.SourceUnknownField:
			src = "json"
		}
		out.Problems = append(out.Problems, Problem{Path: p.Path, Source: src, Code: p.Code, Message: p.Message,
			Severity: p.Severity, Estimated: p.Estimated})
	}
	return out
}
