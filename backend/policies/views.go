package policies

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/iam"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
)

// PolicyView is one cluster policy as the Policies page lists it.
type PolicyView struct {
	Info policyeval.Info `json:"info"`
	// Problem is set when the definition cannot be read; Info then holds only
	// the name, id and description.
	Problem string `json:"problem"`
	// Definition is the definition document as the API holds it (for a
	// family policy, the family's merged with the overrides), indented;
	// Overrides is a family policy's own part.
	Definition string         `json:"definition"`
	Overrides  string         `json:"overrides"`
	Creator    string         `json:"creator"`
	State      State          `json:"state"`
	Actions    []Availability `json:"actions"`
}

// Summary is one policy as the list shows it; the page asks for the whole
// view (Service.Get) only for the policy it opens, so a workspace of 1,000
// policies lists in kilobytes, not megabytes.
type Summary struct {
	ID           string                   `json:"id"`
	Name         string                   `json:"name"`
	FamilyID     string                   `json:"familyId,omitempty"`
	ClusterTypes []policyeval.ClusterType `json:"clusterTypes"`
}

// ListView is the Policies page of one workspace.
type ListView struct {
	Cache    catalog.ListingCache `json:"cache"`
	Policies []Summary            `json:"policies"`
	// Admin: the signed-in user is a workspace admin, who alone creates,
	// edits and deletes policies (and sees every policy).
	Admin bool `json:"admin"`
}

func listView(cache catalog.ListingCache, list []compute.Policy, admin bool) ListView {
	out := ListView{Cache: cache, Policies: make([]Summary, 0, len(list)), Admin: admin}
	for _, p := range list {
		out.Policies = append(out.Policies, summaryOf(p))
	}
	sort.SliceStable(out.Policies, func(i, j int) bool {
		return strings.ToLower(out.Policies[i].Name) < strings.ToLower(out.Policies[j].Name)
	})
	return out
}

func summaryOf(p compute.Policy) Summary {
	types := []policyeval.ClusterType{}
	if parsed, err := policyeval.FromAPI(p, nil); err == nil && parsed.ClusterTypes() != nil {
		types = parsed.ClusterTypes()
	}
	return Summary{ID: p.PolicyId, Name: p.Name, FamilyID: p.PolicyFamilyId, ClusterTypes: types}
}

// View is one policy with its rules, or with the reason they cannot be read,
// and the actions admin (or not) may use on it.
func View(p compute.Policy, admin bool) PolicyView {
	v := PolicyView{Definition: indent(p.Definition), Overrides: indent(p.PolicyFamilyDefinitionOverrides), Creator: p.CreatorUserName}
	parsed, err := policyeval.FromAPI(p, nil)
	if err != nil {
		// Still listed: a policy the user can see should not vanish because
		// its definition is malformed.
		v.Info = policyeval.Info{ID: p.PolicyId, Name: p.Name, Description: p.Description,
			FamilyID: p.PolicyFamilyId, MaxClustersPerUser: p.MaxClustersPerUser, Libraries: []policyeval.LibraryView{},
			ClusterTypes: []policyeval.ClusterType{}, Constraints: []policyeval.FieldConstraint{}}
		v.Problem = err.Error()
	} else {
		v.Info = parsed.Info()
	}
	v.State = StateOf(v)
	v.Actions = Actions(Facts{State: v.State, Admin: admin, Default: p.IsDefault})
	return v
}

// indent lays a definition document out one rule a line; text that is not
// JSON is returned as it is.
func indent(doc string) string {
	var b bytes.Buffer
	if strings.TrimSpace(doc) == "" || json.Indent(&b, []byte(doc), "", "  ") != nil {
		return doc
	}
	return b.String()
}

// IsAdmin reports whether the user is in the workspace's admins group.
func IsAdmin(u *iam.User) bool {
	if u == nil {
		return false
	}
	for _, g := range u.Groups {
		if g.Display == "admins" {
			return true
		}
	}
	return false
}
