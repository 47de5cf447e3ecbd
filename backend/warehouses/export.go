package warehouses

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/databricks/databricks-sdk-go/service/sql"

	"github.com/clusterdeck/clusterdeck/backend/export"
)

// Export is a warehouse as API JSON (the create request), as a Databricks
// Asset Bundle resource (resources.sql_warehouses.<key>) and as Terraform
// (databricks_sql_endpoint).
type Export struct {
	Name      string `json:"name"`
	JSON      string `json:"json"`
	Bundle    string `json:"bundle"`
	Terraform string `json:"terraform"`
	// File names to save each as.
	JSONFile      string `json:"jsonFile"`
	BundleFile    string `json:"bundleFile"`
	TerraformFile string `json:"terraformFile"`
}

// Text is the export in format "json", "bundle" or "terraform", with its
// file name.
func (e Export) Text(format string) (name, text string, err error) {
	switch format {
	case "json":
		return e.JSONFile, e.JSON, nil
	case "bundle":
		return e.BundleFile, e.Bundle, nil
	case "terraform":
		return e.TerraformFile, e.Terraform, nil
	}
	return "", "", fmt.Errorf("%w: not %q", ErrBadExportFormat, format)
}

// ErrBadExportFormat: the page asked for a format warehouses do not export as.
var ErrBadExportFormat = errors.New("SQL warehouses export as API JSON, a bundle or Terraform only")

// ExportOf writes the warehouse's create request in the three formats;
// host goes in Terraform's provider block.
func ExportOf(w sql.EndpointInfo, host string) (Export, error) {
	req := SpecOf(w)
	if req.Tags != nil && len(req.Tags.CustomTags) == 0 {
		req.Tags = nil // an empty tags block says nothing
	}
	raw, err := json.MarshalIndent(req, "", "  ")
	if err != nil {
		return Export{}, fmt.Errorf("encode SQL warehouse: %w", err)
	}
	key := export.Key(w.Name, "warehouse")
	bundle, err := export.BundleResource("sql_warehouses", key, req)
	if err != nil {
		return Export{}, err
	}
	obj, err := export.DecodeObject(raw)
	if err != nil {
		return Export{}, err
	}
	t := export.NewTerraform(host)
	if _, err := t.Resource("databricks_sql_endpoint", key, obj, terraformLayout); err != nil {
		return Export{}, fmt.Errorf("SQL warehouse %q: %w", w.Name, err)
	}
	return Export{Name: w.Name, JSON: string(raw) + "\n", Bundle: string(bundle), Terraform: string(t.Bytes()),
		JSONFile: key + ".json", BundleFile: key + ".yml", TerraformFile: key + ".tf"}, nil
}

// terraformLayout puts the name and sizing first; tags and channel are
// blocks (tags { custom_tags { key value } }), as the provider reads them.
var terraformLayout = export.Layout{
	First: []string{"name", "cluster_size", "min_num_clusters", "max_num_clusters", "auto_stop_mins", "warehouse_type", "enable_serverless_compute"},
}

// Export reads the warehouse and exports it; the workspace's host goes in
// the provider block.
func (s *Service) Export(ctx context.Context, ws, id string) (Export, error) {
	info, err := s.Get(ctx, ws, id)
	if err != nil {
		return Export{}, err
	}
	w, err := s.client(ctx, ws)
	if err != nil {
		return Export{}, err
	}
	return ExportOf(info, w.Config.Host)
}
