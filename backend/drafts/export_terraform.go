package drafts

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"

	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
)

// firstAttrs puts the fields people look for first at the top of a resource.
var firstAttrs = []string{"cluster_name", "instance_pool_name", "spark_version", "node_type_id", "driver_node_type_id",
	"instance_pool_id", "driver_instance_pool_id", "policy_id", "num_workers", "autotermination_minutes"}

// ExportTerraform writes one databricks_cluster resource per draft. The
// provider's schema follows the API's field names: nested objects become
// blocks (autoscale {}, azure_attributes {}, cluster_log_conf { dbfs {} }),
// lists of objects repeated blocks (init_scripts { volumes { destination } }),
// name-to-text maps map attributes (spark_conf = {...}, custom_tags), and
// each library a library {} block.
func ExportTerraform(drafts ...Draft) ([]byte, error) {
	return ExportTerraformTo(Target{}, drafts...)
}

// ProviderSource is the Databricks Terraform provider's registry address.
// Without a required_providers entry, `terraform init` looks for
// hashicorp/databricks, which does not exist.
const ProviderSource = "databricks/databricks"

// ExportTerraformTo is ExportTerraform with a terraform block naming the
// provider's source and, when the host is known, a provider block with it
// (credentials stay in the environment or ~/.databrickscfg).
func ExportTerraformTo(t Target, drafts ...Draft) ([]byte, error) {
	f, body := terraformFile(t)
	used := map[string]int{}
	for i, d := range drafts {
		obj, err := specObject(d)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			body.AppendNewline()
		}
		res := body.AppendNewBlock("resource", []string{"databricks_cluster", uniqueKey(resourceKey(d.Name), used)})
		if err := writeHCLObject(res.Body(), obj, true); err != nil {
			return nil, fmt.Errorf("draft %q: %w", d.Name, err)
		}
		for _, lib := range d.Libraries {
			raw, err := json.Marshal(lib)
			if err != nil {
				return nil, fmt.Errorf("draft %q: library: %w", d.Name, err)
			}
			lobj, err := decodeObject(raw)
			if err != nil {
				return nil, err
			}
			if err := writeHCLObject(res.Body().AppendNewBlock("library", nil).Body(), lobj, false); err != nil {
				return nil, fmt.Errorf("draft %q: library: %w", d.Name, err)
			}
		}
	}
	return f.Bytes(), nil
}

// terraformFile starts a file with the terraform block naming the provider
// and, when the host is known, the provider block.
func terraformFile(t Target) (*hclwrite.File, *hclwrite.Body) {
	f := hclwrite.NewEmptyFile()
	body := f.Body()
	req := body.AppendNewBlock("terraform", nil).Body().AppendNewBlock("required_providers", nil).Body()
	req.SetAttributeValue("databricks", cty.ObjectVal(map[string]cty.Value{"source": cty.StringVal(ProviderSource)}))
	body.AppendNewline()
	if t.Host != "" {
		body.AppendNewBlock("provider", []string{"databricks"}).Body().SetAttributeValue("host", cty.StringVal(t.Host))
		body.AppendNewline()
	}
	return f, body
}

// ExportTerraformResource writes a complete file (provider as in
// ExportTerraformTo) with one resource of another kind (databricks_instance_pool,
// databricks_cluster_policy) whose fields follow the API's: obj is the API
// request as JSON, written by the same rules as a cluster's.
func ExportTerraformResource(t Target, resourceType, name string, apiJSON []byte) ([]byte, error) {
	obj, err := decodeObject(apiJSON)
	if err != nil {
		return nil, err
	}
	f, body := terraformFile(t)
	res := body.AppendNewBlock("resource", []string{resourceType, resourceKey(name)})
	if err := writeHCLObject(res.Body(), obj, true); err != nil {
		return nil, fmt.Errorf("%s %q: %w", resourceType, name, err)
	}
	return f.Bytes(), nil
}

// specObject is the draft's create request as a JSON tree.
func specObject(d Draft) (map[string]any, error) {
	req, err := clusterspec.ToCreate(clusterspec.Clean(d.Spec))
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("encode %q: %w", d.Name, err)
	}
	return decodeObject(raw)
}

func decodeObject(raw []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		return nil, fmt.Errorf("decode: %w", err)
	}
	return obj, nil
}

// writeHCLObject writes attributes first, then blocks, each in a stable order.
func writeHCLObject(b *hclwrite.Body, obj map[string]any, top bool) error {
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		ri, rj := rank(keys[i], top), rank(keys[j], top)
		if ri != rj {
			return ri < rj
		}
		return keys[i] < keys[j]
	})
	var blocks []string
	for _, k := range keys {
		v := obj[k]
		switch t := v.(type) {
		case map[string]any:
			if stringMaps[k] {
				m := map[string]cty.Value{}
				for mk, mv := range t {
					s, ok := mv.(string)
					if !ok {
						return fmt.Errorf("%s.%s: expected text", k, mk)
					}
					m[mk] = cty.StringVal(s)
				}
				if len(m) > 0 {
					b.SetAttributeValue(k, cty.MapVal(m))
				}
				continue
			}
			blocks = append(blocks, k)
		case []any:
			if len(t) > 0 {
				if _, isObj := t[0].(map[string]any); isObj {
					blocks = append(blocks, k)
					continue
				}
			}
			val, err := ctyValue(t)
			if err != nil {
				return fmt.Errorf("%s: %w", k, err)
			}
			b.SetAttributeValue(k, val)
		default:
			val, err := ctyValue(v)
			if err != nil {
				return fmt.Errorf("%s: %w", k, err)
			}
			b.SetAttributeValue(k, val)
		}
	}
	for _, k := range blocks {
		switch t := obj[k].(type) {
		case map[string]any:
			if err := writeHCLObject(b.AppendNewBlock(k, nil).Body(), t, false); err != nil {
				return fmt.Errorf("%s: %w", k, err)
			}
		case []any:
			for i, item := range t {
				m, ok := item.(map[string]any)
				if !ok {
					return fmt.Errorf("%s.%d: mixed list", k, i)
				}
				if err := writeHCLObject(b.AppendNewBlock(k, nil).Body(), m, false); err != nil {
					return fmt.Errorf("%s.%d: %w", k, i, err)
				}
			}
		}
	}
	return nil
}

func rank(k string, top bool) int {
	if !top {
		return 0
	}
	if i := slices.Index(firstAttrs, k); i >= 0 {
		return i
	}
	return len(firstAttrs)
}

func ctyValue(v any) (cty.Value, error) {
	switch t := v.(type) {
	case string:
		return cty.StringVal(t), nil
	case bool:
		return cty.BoolVal(t), nil
	case json.Number:
		return cty.ParseNumberVal(t.String())
	case []any:
		if len(t) == 0 {
			return cty.ListValEmpty(cty.String), nil
		}
		vals := make([]cty.Value, len(t))
		for i, x := range t {
			cv, err := ctyValue(x)
			if err != nil {
				return cty.NilVal, err
			}
			vals[i] = cv
		}
		return cty.TupleVal(vals), nil
	}
	return cty.NilVal, fmt.Errorf("unsupported value %T", v)
}
