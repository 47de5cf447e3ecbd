package validatecmd

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/policy"
)

// Finding is one line of the report.
type Finding struct {
	Path     string `json:"path"`
	Message  string `json:"message"`
	Source   string `json:"source"`   // policy or spec
	Severity string `json:"severity"` // error or warning
	Code     string `json:"code"`     // policy reason or spec rule code
}

// Report is the outcome, also the --format json document.
type Report struct {
	OK          bool             `json:"ok"`
	Policy      string           `json:"policy,omitempty"`
	ClusterType string           `json:"clusterType"`
	Findings    []Finding        `json:"findings"`
	DBUsPerHour *policy.Estimate `json:"dbusPerHour,omitempty"`
	Notes       []string         `json:"notes,omitempty"`
	Errors      int              `json:"errors"`
	Warnings    int              `json:"warnings"`
}

// check evaluates the policy (defaults applied as the spec's
// apply_policy_default_values asks), then the API's rules on the effective spec.
func check(in inputs) Report {
	rep := Report{ClusterType: string(in.clusterType), Findings: []Finding{}}
	effective := in.spec
	if in.policy != nil {
		rep.Policy = in.policy.Name
		opts := policy.Options{
			ClusterType: in.clusterType, ApplyDefaults: in.spec["apply_policy_default_values"] == true,
			Rates: &in.rates,
		}
		if in.catalog != nil {
			opts.NodeTypes, opts.Pools, opts.SparkVersions = in.catalog.NodeTypes, in.catalog.Pools, in.catalog.SparkVersions
		}
		res := policy.EvaluateTree(in.policy.Definition, in.spec, opts)
		for _, v := range res.Violations {
			msg := v.Message
			if v.Estimated {
				msg += " (estimated DBUs per hour)"
			}
			rep.Findings = append(rep.Findings, Finding{Path: v.Path, Message: msg, Source: "policy", Severity: "error", Code: string(v.Reason)})
		}
		rep.DBUsPerHour, rep.Notes = res.DBUsPerHour, res.Notes
		effective = res.Effective
	}
	raw, err := specJSON(effective)
	var vs []clusterspec.Violation
	if err == nil {
		vs, err = clusterspec.ValidateJSON(raw, clusterspec.Options{Catalog: in.catalog, RequireName: in.clusterType == policy.AllPurpose})
	}
	if err != nil {
		rep.Findings = append(rep.Findings, Finding{Path: "", Message: err.Error(), Source: "spec", Severity: "error", Code: "unreadable"})
	}
	for _, v := range vs {
		rep.Findings = append(rep.Findings, Finding{Path: v.Path, Message: v.Message, Source: "spec", Severity: string(v.Severity), Code: v.Code})
	}
	for _, f := range rep.Findings {
		if f.Severity == "error" {
			rep.Errors++
		} else {
			rep.Warnings++
		}
	}
	rep.OK = rep.Errors == 0
	return rep
}

// write prints the findings on stdout (one a line, errors first) and a
// summary on stderr.
func (r Report) write(stdout, stderr io.Writer, format string) error {
	if format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(r); err != nil {
			return fmt.Errorf("write report: %w", err)
		}
		return nil
	}
	for _, sev := range []string{"error", "warning"} {
		for _, f := range r.Findings {
			if f.Severity != sev {
				continue
			}
			prefix := ""
			if sev == "warning" {
				prefix = "warning: "
			}
			path := f.Path
			if path == "" {
				path = "spec"
			}
			if _, err := fmt.Fprintf(stdout, "%s: %s%s\n", path, prefix, f.Message); err != nil {
				return fmt.Errorf("write report: %w", err)
			}
		}
	}
	for _, n := range r.Notes {
		fmt.Fprintf(stderr, "note: %s\n", n)
	}
	if r.DBUsPerHour != nil {
		fmt.Fprintf(stderr, "estimated %.2f DBUs per hour (%s)\n", r.DBUsPerHour.DBUsPerHour, r.DBUsPerHour.Label)
	}
	switch {
	case r.Errors == 0 && r.Warnings == 0:
		fmt.Fprintln(stderr, "OK: no violations")
	case r.Errors == 0:
		fmt.Fprintf(stderr, "OK: no violations, %d warning(s)\n", r.Warnings)
	default:
		fmt.Fprintf(stderr, "%d violation(s), %d warning(s)\n", r.Errors, r.Warnings)
	}
	return nil
}
