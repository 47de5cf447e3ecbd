package export

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"

	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"
)

// ProviderSource is the Databricks Terraform provider's registry address.
// Without a required_providers entry, `terraform init` looks for
// hashicorp/databricks, which does not exist.
const ProviderSource = "databricks/databricks"

// Layout is how one resource type reads: the attributes people look for
// first, and the fields that map names to text (map attributes, not blocks).
type Layout struct {
	First      []string
	StringMaps map[string]bool
}

// Terraform is one .tf file being written.
type Terraform struct {
	file *hclwrite.File
	n    int
}

// NewTerraform starts a file with a terraform block naming the provider's
// source and, when the host is known, a provider block with it (credentials
// stay in the environment or ~/.databrickscfg).
func NewTerraform(host string) *Terraform {
	f := hclwrite.NewEmptyFile()
	body := f.Body()
	req := body.AppendNewBlock("terraform", nil).Body().AppendNewBlock("required_providers", nil).Body()
	req.SetAttributeValue("databricks", cty.ObjectVal(map[string]cty.Value{"source": cty.StringVal(ProviderSource)}))
	body.AppendNewline()
	if host != "" {
		body.AppendNewBlock("provider", []string{"databricks"}).Body().SetAttributeValue("host", cty.StringVal(host))
		body.AppendNewline()
	}
	return &Terraform{file: f}
}

// Resource appends a resource block (type, key) holding obj; the provider's
// schema follows the API's field names: nested objects become blocks
// (autoscale {}, azure_attributes {}), lists of objects repeated blocks, and
// name-to-text maps map attributes. It returns the block's body for more.
func (t *Terraform) Resource(typ, key string, obj map[string]any, l Layout) (*hclwrite.Body, error) {
	if t.n > 0 {
		t.file.Body().AppendNewline()
	}
	t.n++
	body := t.file.Body().AppendNewBlock("resource", []string{typ, key}).Body()
	return body, WriteObject(body, obj, l, true)
}

// Bytes is the file's text.
func (t *Terraform) Bytes() []byte { return t.file.Bytes() }

// WriteObject writes attributes first, then blocks, each in a stable order;
// top puts l.First ahead.
func WriteObject(b *hclwrite.Body, obj map[string]any, l Layout, top bool) error {
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		ri, rj := l.rank(keys[i], top), l.rank(keys[j], top)
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
			if l.StringMaps[k] {
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
			if err := WriteObject(b.AppendNewBlock(k, nil).Body(), t, l, false); err != nil {
				return fmt.Errorf("%s: %w", k, err)
			}
		case []any:
			for i, item := range t {
				m, ok := item.(map[string]any)
				if !ok {
					return fmt.Errorf("%s.%d: mixed list", k, i)
				}
				if err := WriteObject(b.AppendNewBlock(k, nil).Body(), m, l, false); err != nil {
					return fmt.Errorf("%s.%d: %w", k, i, err)
				}
			}
		}
	}
	return nil
}

func (l Layout) rank(k string, top bool) int {
	if !top {
		return 0
	}
	if i := slices.Index(l.First, k); i >= 0 {
		return i
	}
	return len(l.First)
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
