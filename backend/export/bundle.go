package export

import (
	"bytes"
	"encoding/json"
	"fmt"

	"go.yaml.in/yaml/v3"
)

// BundleResource writes resources.<kind>.<key> of a Databricks Asset
// Bundle holding req (any SDK create request): bundles take the API's
// create request as it is, field names included.
func BundleResource(kind, key string, req any) ([]byte, error) {
	raw, err := json.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("encode %s %q: %w", kind, key, err)
	}
	var n yaml.Node
	// JSON is YAML: decoding it keeps the request's field order.
	if err := yaml.Unmarshal(raw, &n); err != nil {
		return nil, fmt.Errorf("convert %s %q to YAML: %w", kind, key, err)
	}
	plain(&n)
	scalar := func(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: v} }
	root := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{
		scalar("resources"),
		{Kind: yaml.MappingNode, Content: []*yaml.Node{scalar(kind),
			{Kind: yaml.MappingNode, Content: []*yaml.Node{scalar(key), n.Content[0]}}}},
	}}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2) // as bundles are written
	if err := enc.Encode(root); err != nil {
		return nil, fmt.Errorf("write bundle YAML: %w", err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("write bundle YAML: %w", err)
	}
	return buf.Bytes(), nil
}

// plain drops the JSON flow and quote styles; the encoder then quotes only
// strings that would otherwise read as another type ("true", "64").
func plain(n *yaml.Node) {
	n.Style = 0
	for _, c := range n.Content {
		plain(c)
	}
}
