package validatecmd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/check"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
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
	OK          bool                 `json:"ok"`
	Policy      string               `json:"policy,omitempty"`
	ClusterType string               `json:"clusterType"`
	Findings    []Finding            `json:"findings"`
	DBUsPerHour *policyeval.Estimate `json:"dbusPerHour,omitempty"`
	Notes       []string             `json:"notes,omitempty"`
	Errors      int                  `json:"errors"`
	Warnings    int                  `json:"warnings"`
}

// checkSpec runs the one checker (backend/check): the policy (defaults
// applied as the spec's apply_policy_default_values asks), then the API's
// rules on the effective spec, against the cached catalog when a
// workspace was named.
func checkSpec(ctx context.Context, in inputs) Report {
	var snaps check.Snapshots
	if in.workspaceID != "" {
		snaps = check.CacheSnapshots(catalog.NewCache(in.cacheDir))
	}
	r := check.New(snaps, check.StaticRates(in.rates)).Check(ctx,
		check.Request{WorkspaceID: in.workspaceID, Policy: in.policy, Spec: in.spec, ClusterType: in.clusterType})
	rep := Report{ClusterType: string(in.clusterType), Findings: []Finding{}, Notes: r.Notes, Errors: r.Errors, Warnings: r.Warnings}
	if in.policy != nil {
		rep.Policy = in.policy.Name
	}
	if r.PolicyEstimate {
		rep.DBUsPerHour = r.Estimate
	}
	for _, p := range r.Problems {
		msg, src := p.Message, "spec"
		if p.Estimated {
			msg += " (estimated DBUs per hour)"
		}
		if p.Source == check.SourcePolicy {
			src = "policy"
		}
		rep.Findings = append(rep.Findings, Finding{Path: p.Path, Message: msg, Source: src, Severity: p.Severity, Code: p.Code})
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
