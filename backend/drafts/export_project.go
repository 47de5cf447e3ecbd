package drafts

import (
	"fmt"

	"github.com/clusterdeck/clusterdeck/backend/export"
	"go.yaml.in/yaml/v3"
)

// Target is where an export is meant to go: the workspace host (when it is
// one stable address) for the Terraform provider block and the bundle's
// target, and a name for the bundle.
type Target struct {
	Host       string // "" when unknown or not one workspace
	BundleName string // "" derives one from the drafts
}

// ExportBundleProject writes a complete databricks.yml: the bundle's name,
// one default target "dev" with the workspace host, and the drafts under
// resources.clusters, as `databricks bundle validate` takes it.
func ExportBundleProject(t Target, drafts ...Draft) ([]byte, error) {
	frag, err := ExportBundle(drafts...)
	if err != nil {
		return nil, err
	}
	var resources yaml.Node
	if err := yaml.Unmarshal(frag, &resources); err != nil {
		return nil, fmt.Errorf("bundle YAML: %w", err)
	}
	name := t.BundleName
	if name == "" {
		name = "clusters"
		if len(drafts) == 1 {
			name = resourceKey(drafts[0].Name)
		}
	}
	dev := mapping("default", scalar("true", "!!bool"))
	if t.Host != "" {
		dev.Content = append(dev.Content, scalar("workspace", ""), mapping("host", scalar(t.Host, "")))
	}
	root := mapping(
		"bundle", mapping("name", scalar(name, "")),
		"targets", mapping("dev", dev),
	)
	root.Content = append(root.Content, resources.Content[0].Content...)
	return export.EncodeYAML(root)
}

func scalar(v, tag string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: v, Tag: tag} }

// mapping builds a YAML mapping from key, value pairs.
func mapping(kv ...any) *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode}
	for i := 0; i+1 < len(kv); i += 2 {
		n.Content = append(n.Content, scalar(kv[i].(string), ""), kv[i+1].(*yaml.Node))
	}
	return n
}
