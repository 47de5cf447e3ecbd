package policies

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/drafts"
	"github.com/clusterdeck/clusterdeck/backend/export"
)

// Export formats.
const (
	FormatJSON      = "json"      // the create request (compute.CreatePolicy)
	FormatTerraform = "terraform" // a databricks_cluster_policy resource
)

// Exported is an export's text and suggested file name.
type Exported struct {
	Format   string `json:"format"`
	FileName string `json:"fileName"`
	Content  string `json:"content"`
}

// Export writes the cached policy as the API's create request or as
// Terraform; host, when known, goes into the provider block.
func (s *Service) Export(workspaceID, policyID, format, host string) (Exported, error) {
	snap, _, err := s.cache.Cached(workspaceID)
	if err != nil {
		return Exported{}, err
	}
	p, ok := snap.Policy(policyID)
	if !ok {
		return Exported{}, fmt.Errorf("%w: %s", ErrUnknownPolicy, policyID)
	}
	return ExportPolicy(p, format, host)
}

// ExportPolicy renders one policy. A family policy is written as its family
// and overrides, as it was created, not as the merged definition.
func ExportPolicy(p compute.Policy, format, host string) (Exported, error) {
	req := compute.CreatePolicy{Name: p.Name, Description: p.Description, MaxClustersPerUser: p.MaxClustersPerUser,
		Libraries: p.Libraries, PolicyFamilyId: p.PolicyFamilyId}
	if p.PolicyFamilyId != "" {
		req.PolicyFamilyDefinitionOverrides = compact(p.PolicyFamilyDefinitionOverrides)
	} else {
		req.Definition = compact(p.Definition)
	}
	switch format {
	case FormatJSON:
		raw, err := json.MarshalIndent(req, "", "  ")
		if err != nil {
			return Exported{}, fmt.Errorf("encode policy: %w", err)
		}
		return Exported{Format: format, FileName: fileStem(p.Name) + ".json", Content: string(raw) + "\n"}, nil
	case FormatTerraform:
		obj, err := export.Object(req)
		if err != nil {
			return Exported{}, fmt.Errorf("policy %q: %w", p.Name, err)
		}
		// The provider names the list "libraries" as the API does, one block each.
		tf := export.NewTerraform(host)
		if _, err := tf.Resource("databricks_cluster_policy", export.Key(p.Name, "policy"), obj, policyLayout); err != nil {
			return Exported{}, fmt.Errorf("policy %q: %w", p.Name, err)
		}
		return Exported{Format: format, FileName: fileStem(p.Name) + ".tf", Content: string(tf.Bytes())}, nil
	}
	return Exported{}, fmt.Errorf("%w: %q (use json or terraform)", drafts.ErrBadExport, format)
}

// policyLayout puts what people look for first at the top of the resource.
var policyLayout = export.Layout{First: []string{"name", "description", "policy_family_id",
	"policy_family_definition_overrides", "definition", "max_clusters_per_user"}}

// compact writes a definition on one line, as the API stores it; text
// that is not JSON is kept.
func compact(doc string) string {
	var b bytes.Buffer
	if json.Compact(&b, []byte(doc)) != nil {
		return doc
	}
	return b.String()
}

func fileStem(name string) string {
	out := []rune{}
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			out = append(out, r)
		case r >= 'A' && r <= 'Z':
			out = append(out, r+'a'-'A')
		default:
			if len(out) > 0 && out[len(out)-1] != '-' {
				out = append(out, '-')
			}
		}
	}
	stem := strings.Trim(string(out), "-")
	if stem == "" {
		return "policy"
	}
	return stem
}
