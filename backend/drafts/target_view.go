package drafts

import (
	"sort"
	"strings"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// TargetView is a workspace a draft can target, with what is cached for it.
type TargetView struct {
	ID         string         `json:"id"`
	Name       string         `json:"name"`
	Demo       bool           `json:"demo"`
	Production bool           `json:"production"`
	Cache      CacheInfo      `json:"cache"`
	Policies   []PolicyOption `json:"policies"`
}

// PolicyOption is a cached policy to design a draft for.
type PolicyOption struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// TargetViewOf is workspace p as a draft target; snap is its cached catalog
// (nil when nothing is cached). Policies are offered by name.
func TargetViewOf(p workspaces.Profile, snap *catalog.Snapshot, now time.Time) TargetView {
	t := TargetView{ID: p.ID, Name: p.Name, Demo: p.IsDemo, Production: p.IsProduction, Policies: []PolicyOption{}}
	if snap == nil {
		return t
	}
	t.Cache = cacheInfoAt(snap.FetchedAt(), snap.Age(now))
	for _, pol := range snap.Policies.Items {
		t.Policies = append(t.Policies, PolicyOption{ID: pol.PolicyId, Name: pol.Name})
	}
	sort.Slice(t.Policies, func(i, j int) bool { return strings.ToLower(t.Policies[i].Name) < strings.ToLower(t.Policies[j].Name) })
	return t
}
