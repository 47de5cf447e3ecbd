package policyeval

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/databricks/databricks-sdk-go/service/compute"
)

// ErrUnknownFamily is wrapped when a policy's family definition is needed
// but not known.
var ErrUnknownFamily = errors.New("unknown policy family")

// Policy is a cluster policy with its effective definition.
type Policy struct {
	ID                 string
	Name               string
	Description        string
	FamilyID           string
	IsDefault          bool
	MaxClustersPerUser int64 // 0: no limit
	Libraries          []compute.Library
	Definition         *Definition
}

// FromAPI reads a policy as the API returns it. A family policy whose
// definition field is empty gets its family's definition merged with
// policy_family_definition_overrides (families may be nil otherwise).
func FromAPI(p compute.Policy, families []compute.PolicyFamily) (*Policy, error) {
	out := &Policy{
		ID: p.PolicyId, Name: p.Name, Description: p.Description, FamilyID: p.PolicyFamilyId,
		IsDefault: p.IsDefault, MaxClustersPerUser: p.MaxClustersPerUser, Libraries: p.Libraries,
	}
	var err error
	if p.Definition != "" || p.PolicyFamilyId == "" {
		out.Definition, err = ParseDefinition(p.Definition)
		return out, err
	}
	out.Definition, err = FamilyDefinition(p.PolicyFamilyId, p.PolicyFamilyDefinitionOverrides, families)
	return out, err
}

// FamilyDefinition merges a family's definition with a policy's overrides.
func FamilyDefinition(familyID, overrides string, families []compute.PolicyFamily) (*Definition, error) {
	for _, f := range families {
		if f.PolicyFamilyId != familyID {
			continue
		}
		base, err := ParseDefinition(f.Definition)
		if err != nil {
			return nil, fmt.Errorf("family %s: %w", familyID, err)
		}
		over, err := ParseDefinition(overrides)
		if err != nil {
			return nil, fmt.Errorf("policy_family_definition_overrides: %w", err)
		}
		return Merge(base, over), nil
	}
	return nil, fmt.Errorf("%w %s: its definition is not known here", ErrUnknownFamily, familyID)
}

// FromJSON reads a policy file: a policy object as the API returns it
// (definition as a string or an object), or a bare definition.
func FromJSON(data []byte, families []compute.PolicyFamily) (*Policy, error) {
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, fmt.Errorf("%w: not a JSON object: %w", ErrInvalidDefinition, err)
	}
	_, hasDef := probe["definition"]
	_, hasFamily := probe["policy_family_id"]
	if !hasDef && !hasFamily {
		def, err := ParseDefinition(string(data))
		if err != nil {
			return nil, err
		}
		return &Policy{Definition: def}, nil
	}
	// The definition is a string in the API; accept an inline object too.
	if raw := bytes.TrimSpace(probe["definition"]); len(raw) > 0 && raw[0] == '{' {
		quoted, err := json.Marshal(string(raw))
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrInvalidDefinition, err)
		}
		probe["definition"] = quoted
		if data, err = json.Marshal(probe); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrInvalidDefinition, err)
		}
	}
	var p compute.Policy
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("%w: not a policy object: %w", ErrInvalidDefinition, err)
	}
	return FromAPI(p, families)
}

// OfferedFor reports whether the policy may be used for clusters of type t
// (its cluster_type rule; no rule offers it everywhere).
func (p *Policy) OfferedFor(t ClusterType) bool {
	r, ok := p.Definition.rules[PathClusterType]
	if !ok {
		return true
	}
	e := &evaluation{def: p.Definition}
	reason, _ := e.checkValue(PathClusterType, r, string(t))
	return reason == ""
}

// ClusterTypes lists the types the policy is offered for.
func (p *Policy) ClusterTypes() []ClusterType {
	var out []ClusterType
	for _, t := range ClusterTypes {
		if p.OfferedFor(t) {
			out = append(out, t)
		}
	}
	return out
}

// Evaluate checks a spec against the policy.
func (p *Policy) Evaluate(spec compute.ClusterSpec, opts Options) (Result, error) {
	return Evaluate(p.Definition, spec, opts)
}

// Info is a policy as the form and the policy list show it.
type Info struct {
	ID                 string            `json:"id"`
	Name               string            `json:"name"`
	Description        string            `json:"description"`
	FamilyID           string            `json:"familyId,omitempty"`
	IsDefault          bool              `json:"isDefault"`
	MaxClustersPerUser int64             `json:"maxClustersPerUser"` // 0: no limit
	Libraries          []LibraryView     `json:"libraries"`          // installed on every cluster using it
	ClusterTypes       []ClusterType     `json:"clusterTypes"`
	Constraints        []FieldConstraint `json:"constraints"`
}

// LibraryView is one policy library for display.
type LibraryView struct {
	Kind    string          `json:"kind"`  // pypi, maven, cran, jar, whl, requirements, egg
	Label   string          `json:"label"` // e.g. "pandas==2.2.2", "com.example:lib:1.0"
	Library compute.Library `json:"library"`
}

// Info summarises the policy.
func (p *Policy) Info() Info {
	info := Info{
		ID: p.ID, Name: p.Name, Description: p.Description, FamilyID: p.FamilyID, IsDefault: p.IsDefault,
		MaxClustersPerUser: p.MaxClustersPerUser, Libraries: []LibraryView{},
		ClusterTypes: p.ClusterTypes(), Constraints: p.Definition.Constraints(),
	}
	for _, l := range p.Libraries {
		kind, label := clusterspec.DescribeLibrary(l)
		info.Libraries = append(info.Libraries, LibraryView{Kind: kind, Label: label, Library: l})
	}
	if info.ClusterTypes == nil {
		info.ClusterTypes = []ClusterType{}
	}
	return info
}
