package drafts

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/export"
)

// Format names an export format.
type Format string

const (
	FormatJSON      Format = "json"      // clusters/create request body
	FormatBundle    Format = "bundle"    // Databricks Asset Bundle YAML (resources.clusters)
	FormatTerraform Format = "terraform" // databricks_cluster resources (HCL)
	// FormatBundleProject is a complete databricks.yml (bundle, target, resources).
	FormatBundleProject Format = "bundle-project"
)

// Export renders drafts in format and suggests a file name. JSON takes
// exactly one draft (the create call makes one cluster).
func Export(format Format, drafts ...Draft) ([]byte, string, error) {
	return ExportTo(format, Target{}, drafts...)
}

// ExportTo is Export with the target workspace: Terraform gets a provider
// block with its host, a bundle project a target with it.
func ExportTo(format Format, target Target, drafts ...Draft) ([]byte, string, error) {
	if len(drafts) == 0 {
		return nil, "", fmt.Errorf("nothing to export: choose at least one draft")
	}
	base := resourceKey(drafts[0].Name)
	if len(drafts) > 1 {
		base = "clusters"
	}
	switch format {
	case FormatJSON:
		if len(drafts) != 1 {
			return nil, "", fmt.Errorf("API JSON holds one cluster: export the drafts one at a time, or as a bundle or Terraform")
		}
		out, err := ExportJSON(drafts[0])
		return out, base + ".json", err
	case FormatBundle:
		out, err := ExportBundle(drafts...)
		return out, base + ".yml", err
	case FormatBundleProject:
		out, err := ExportBundleProject(target, drafts...)
		return out, "databricks.yml", err
	case FormatTerraform:
		out, err := ExportTerraformTo(target, drafts...)
		return out, base + ".tf", err
	}
	return nil, "", fmt.Errorf("unknown export format %q (use json, bundle, bundle-project or terraform)", format)
}

// ExportJSON is the clusters/create request body for the draft, as
// `databricks clusters create --json @file` takes it. Libraries are not part
// of it: the create call has no field for them.
func ExportJSON(d Draft) ([]byte, error) {
	req, err := clusterspec.ToCreate(clusterspec.Clean(d.Spec))
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(req); err != nil {
		return nil, fmt.Errorf("encode %q as JSON: %w", d.Name, err)
	}
	return buf.Bytes(), nil
}

// ExportBundle writes resources.clusters.<key> for each draft, with the
// API's field names (which bundles use as they are).
func ExportBundle(drafts ...Draft) ([]byte, error) {
	used := export.Keys{}
	items := make([]export.Resource, 0, len(drafts))
	for _, d := range drafts {
		req, err := clusterspec.ToCreate(clusterspec.Clean(d.Spec))
		if err != nil {
			return nil, err
		}
		items = append(items, export.Resource{Key: used.Unique(resourceKey(d.Name)), Req: req})
	}
	return export.BundleResources("clusters", items...)
}

// resourceKey makes a bundle/Terraform identifier from a draft's name.
func resourceKey(name string) string { return export.Key(name, "cluster") }

// ExportWarnings lists what an export in format leaves out of the drafts, one
// sentence each, so the user is told instead of finding out later. Terraform
// keeps libraries (library blocks); the create body and a bundle's cluster
// resource have no field for them.
func ExportWarnings(format Format, drafts ...Draft) []string {
	out := []string{}
	for _, d := range drafts {
		if d.SpecText != "" {
			out = append(out, fmt.Sprintf("%q has JSON text that does not parse; its last valid spec was exported instead.", d.Name))
		}
		n := len(d.Libraries)
		if n == 0 {
			continue
		}
		what := "1 library was"
		if n > 1 {
			what = fmt.Sprintf("%d libraries were", n)
		}
		switch format {
		case FormatJSON:
			out = append(out, fmt.Sprintf("%q: %s left out: the clusters/create call has no field for libraries. "+
				"Install them after create through the Libraries API (databricks libraries install), or export as Terraform, which keeps them.", d.Name, what))
		case FormatBundle, FormatBundleProject:
			out = append(out, fmt.Sprintf("%q: %s left out: a bundle's cluster resource has no libraries. "+
				"Put them on the job tasks that run on this cluster (tasks[].libraries), or export as Terraform, which keeps them.", d.Name, what))
		}
	}
	return out
}
