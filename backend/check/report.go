package check

import (
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
)

// ErrSpecHasProblems is wrapped by Refuse (and Report.Refusal) when a spec
// still has errors: nothing is sent that the checker knows the server
// would reject.
var ErrSpecHasProblems = errors.New("the cluster spec has problems")

// Source says which check raised a problem.
type Source string

// Sources.
const (
	SourceAPI          Source = "api"           // the Clusters API's own rules
	SourcePolicy       Source = "policy"        // the cluster policy
	SourceCatalog      Source = "catalog"       // what the workspace offers (cached)
	SourceUnknownField Source = "unknown_field" // a key the API does not have
	SourceJSON         Source = "json"          // the JSON itself, or a value of the wrong type
)

// Severities.
const (
	Error   = string(clusterspec.Error)
	Warning = string(clusterspec.Warning)
)

// Problem is one finding, tied to a field path of the spec (policy path
// style: autoscale.max_workers, spark_conf.spark.x, init_scripts.0.volumes.destination).
type Problem struct {
	Path      string `json:"path"`
	Severity  string `json:"severity"` // error or warning
	Source    Source `json:"source"`
	Code      string `json:"code"`
	Message   string `json:"message"`
	Estimated bool   `json:"estimated"` // a dbus_per_hour limit, against an estimate
}

// Report is everything a check found.
type Report struct {
	Problems []Problem
	Errors   int
	Warnings int

	PolicyID    string
	PolicyName  string
	Policy      *policyeval.Info // the policy's description, when it was found
	Constraints []policyeval.FieldConstraint
	// Applied are the values the policy fills in (fixed values, and
	// defaults when asked).
	Applied []policyeval.Change
	// Estimate is the DBU rate: the policy's when one was evaluated
	// (PolicyEstimate), else from the rate table alone.
	Estimate       *policyeval.Estimate
	PolicyEstimate bool
	Notes          []string

	// Partial explains what could not be checked (no target, nothing cached).
	Partial string
	// CatalogFetchedAt and CatalogAge say how old the catalog used was;
	// zero when none was.
	CatalogFetchedAt time.Time
	CatalogAge       time.Duration
	// CatalogErr is why the catalog could not be had (not "nothing
	// cached"): the drafts note it, the editor reports it as its error.
	CatalogErr error
}

func newReport() Report {
	return Report{Problems: []Problem{}, Constraints: []policyeval.FieldConstraint{}, Applied: []policyeval.Change{}, Notes: []string{}}
}

func (r *Report) add(p Problem) {
	r.Problems = append(r.Problems, p)
	if p.Severity == Warning {
		r.Warnings++
	} else {
		r.Errors++
	}
}

// addViolations adds the API's rule violations, telling catalog rules apart.
func (r *Report) addViolations(vs []clusterspec.Violation) {
	for _, v := range vs {
		src := SourceAPI
		switch {
		case v.Code == clusterspec.CodeWrongType:
			src = SourceJSON
		case v.Code == clusterspec.CodeUnknownField:
			src = SourceUnknownField
		case clusterspec.IsCatalogRule(v.Code):
			src = SourceCatalog
		}
		r.add(Problem{Path: v.Path, Severity: string(v.Severity), Source: src, Code: v.Code, Message: v.Message})
	}
}

// ByPath is the problems ordered by field path (stable: at one path in
// the order they were found), as a form lists them.
func (r Report) ByPath() []Problem {
	out := append([]Problem(nil), r.Problems...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// Refusal is nil when the spec may be sent, else an error wrapping
// ErrSpecHasProblems that names the first error.
func (r Report) Refusal() error {
	if r.Errors == 0 {
		return nil
	}
	var first *Problem // the error at the first path, as the form lists them
	for i, p := range r.Problems {
		if p.Severity != Warning && (first == nil || p.Path < first.Path) {
			first = &r.Problems[i]
		}
	}
	return fmt.Errorf("%w: %d problem(s) remain, e.g. %s", ErrSpecHasProblems, r.Errors, first.Message)
}

// Sendable decodes the editor's spec JSON for a create or edit request:
// the cleaned spec (clusterspec.Clean) and its libraries. Text that is not
// an object, or a value of the wrong type, refuses it (ErrSpecHasProblems);
// unknown keys are dropped (the check warned about them).
func Sendable(raw []byte) (compute.ClusterSpec, []compute.Library, error) {
	doc, problems, err := clusterspec.Decode(raw)
	if err != nil {
		return compute.ClusterSpec{}, nil, fmt.Errorf("%w: %w", ErrSpecHasProblems, err)
	}
	if p, bad := clusterspec.FirstTypeProblem(problems); bad {
		return compute.ClusterSpec{}, nil, fmt.Errorf("%w: %s", ErrSpecHasProblems, p.Message)
	}
	return clusterspec.Clean(doc.Spec), doc.Libraries, nil
}
