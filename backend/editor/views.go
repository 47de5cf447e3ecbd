package editor

import (
	"github.com/clusterdeck/clusterdeck/backend/check"
	"github.com/clusterdeck/clusterdeck/backend/metrics"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
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
	Problems    []Problem                    `json:"problems"`
	Errors      int                          `json:"errors"`
	Warnings    int                          `json:"warnings"`
	PolicyID    string                       `json:"policyId"`
	Policy      *policyeval.Info             `json:"policy,omitempty"`
	Constraints []policyeval.FieldConstraint `json:"constraints"`
	// Applied are the values the policy fills in (fixed values, and defaults
	// when asked): the page sets them at their paths, keeping everything else.
	Applied  []policyeval.Change  `json:"applied"`
	Estimate *policyeval.Estimate `json:"estimate,omitempty"`
	// Cost is the estimate in money at the workspace's prices per DBU
	// (pricePerDbu 0: none set, only DBU/h is known).
	Cost  *metrics.Cost `json:"cost,omitempty"`
	Notes []string      `json:"notes"`
}

// EvaluationOf is the form's view of a check: the page tells policy
// problems and JSON problems apart; every other rule reads "spec".
func EvaluationOf(r check.Report) Evaluation {
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

// CreateView tells the page what a create did.
type CreateView struct {
	ClusterID string `json:"clusterId"`
	RequestID string `json:"requestId"`
	Adopted   bool   `json:"adopted"`   // an earlier attempt had made it; no second cluster
	Attempts  int    `json:"attempts"`  // create calls sent
	Libraries int    `json:"libraries"` // installed after create
}

// EditResult tells the page what an edit did.
type EditResult struct {
	Action    string `json:"action"` // resize, edit or noop (libraries may still be installed)
	ClusterID string `json:"clusterId"`
	Restarted bool   `json:"restarted"`
	Libraries int    `json:"libraries"`
}
