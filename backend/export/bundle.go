package export

import (
	"bytes"
	"encoding/json"
	"fmt"

	"go.yaml.in/yaml/v3"
)

// Resource is one bundle resource: its key and its SDK create request.
type Resource struct {
	Key string
	Req any
}

// BundleResource writes resources.<kind>.<key> of a Databricks Asset
// Bundle holding req (any SDK create request): bundles take the API's
// create request as it is, field names included.
func BundleResource(kind, key string, req any) ([]byte, error) {
	return BundleResources(kind, Resource{Key: key, Req: req})
}

// BundleResources writes resources.<kind> with each resource under its key,
// in order.
func BundleResources(kind string, items ...Resource) ([]byte, error) {
	list := &yaml.Node{Kind: yaml.MappingNode}
	for _, it := range items {
		raw, err := json.Marshal(it.Req)
		if err != nil {
			return nil, fmt.Errorf("encode %s %q: %w", kind, it.Key, err)
		}
		var n yaml.Node
		// JSON is YAML: decoding it keeps the request's field order.
		if err := yaml.Unmarshal(raw, &n); err != nil {
			return nil, fmt.Errorf("convert %s %q to YAML: %w", kind, it.Key, err)
		}
		plain(&n)
		list.Content = append(list.Content, scalar(it.Key), n.Content[0])
	}
	return EncodeYAML(&yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{
		scalar("resources"), {Kind: yaml.MappingNode, Content: []*yaml.Node{scalar(kind), list}},
	}})
}

// EncodeYAML writes a document with two-space indents, as bundles are written.
func EncodeYAML(root *yaml.Node) ([]byte, error) {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		return nil, fmt.Errorf("write bundle YAML: %w", err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("write bundle YAML: %w", err)
	}
	return buf.Bytes(), nil
}

func scalar(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: v} }

// plain drops the JSON flow and quote styles; the encoder then quotes only
// strings that would otherwise read as another type ("true", "64").
func plain(n *yaml.Node) {
	n.Style = 0
	for _, c := range n.Content {
		plain(c)
	}
}
