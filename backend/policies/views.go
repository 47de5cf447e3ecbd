package policies

import (
	"sort"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/policy"
)

// PolicyView is one cluster policy as the Policies page lists it.
type PolicyView struct {
	Info policy.Info `json:"info"`
	// Problem is set when the definition cannot be read; Info then holds only
	// the name, id and description.
	Problem string `json:"problem"`
}

// ListView is the Policies page of one workspace.
type ListView struct {
	Cache    catalog.ListingCache `json:"cache"`
	Policies []PolicyView         `json:"policies"`
}

func listView(cache catalog.ListingCache, list []compute.Policy) ListView {
	out := ListView{Cache: cache, Policies: make([]PolicyView, 0, len(list))}
	for _, p := range list {
		out.Policies = append(out.Policies, View(p))
	}
	sort.SliceStable(out.Policies, func(i, j int) bool {
		return strings.ToLower(out.Policies[i].Info.Name) < strings.ToLower(out.Policies[j].Info.Name)
	})
	return out
}

// View is one policy with its rules, or with the reason they cannot be read.
func View(p compute.Policy) PolicyView {
	parsed, err := policy.FromAPI(p, nil)
	if err != nil {
		// Still listed: a policy the user can see should not vanish because
		// its definition is malformed.
		return PolicyView{Info: policy.Info{ID: p.PolicyId, Name: p.Name, Description: p.Description,
			FamilyID: p.PolicyFamilyId, MaxClustersPerUser: p.MaxClustersPerUser, Libraries: []policy.LibraryView{},
			ClusterTypes: []policy.ClusterType{}, Constraints: []policy.FieldConstraint{}}, Problem: err.Error()}
	}
	return PolicyView{Info: parsed.Info()}
}
