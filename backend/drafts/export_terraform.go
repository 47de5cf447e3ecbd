package drafts

import (
	"fmt"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/export"
)

// firstAttrs puts the fields people look for first at the top of a resource.
var firstAttrs = []string{"cluster_name", "spark_version", "node_type_id", "driver_node_type_id",
	"instance_pool_id", "driver_instance_pool_id", "policy_id", "num_workers", "autotermination_minutes"}

// ExportTerraform writes one databricks_cluster resource per draft (see
// export.Terraform for how fields become attributes and blocks), each
// library a library {} block.
func ExportTerraform(drafts ...Draft) ([]byte, error) {
	return ExportTerraformTo(Target{}, drafts...)
}

// ProviderSource is the Databricks Terraform provider's registry address.
const ProviderSource = export.ProviderSource

// clusterLayout is how a databricks_cluster resource reads.
var clusterLayout = export.Layout{First: firstAttrs, StringMaps: stringMaps}

// ExportTerraformTo is ExportTerraform with a terraform block naming the
// provider's source and, when the host is known, a provider block with it.
func ExportTerraformTo(t Target, drafts ...Draft) ([]byte, error) {
	tf := export.NewTerraform(t.Host)
	used := export.Keys{}
	for _, d := range drafts {
		obj, err := specObject(d)
		if err != nil {
			return nil, err
		}
		res, err := tf.Resource("databricks_cluster", used.Unique(resourceKey(d.Name)), obj, clusterLayout)
		if err != nil {
			return nil, fmt.Errorf("draft %q: %w", d.Name, err)
		}
		for _, lib := range d.Libraries {
			lobj, err := export.Object(lib)
			if err != nil {
				return nil, fmt.Errorf("draft %q: library: %w", d.Name, err)
			}
			if err := export.WriteObject(res.AppendNewBlock("library", nil).Body(), lobj, clusterLayout, false); err != nil {
				return nil, fmt.Errorf("draft %q: library: %w", d.Name, err)
			}
		}
	}
	return tf.Bytes(), nil
}

// specObject is the draft's create request as a JSON tree.
func specObject(d Draft) (map[string]any, error) {
	req, err := clusterspec.ToCreate(clusterspec.Clean(d.Spec))
	if err != nil {
		return nil, err
	}
	obj, err := export.Object(req)
	if err != nil {
		return nil, fmt.Errorf("draft %q: %w", d.Name, err)
	}
	return obj, nil
}
