package catalog

import (
	"sort"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/sparkversion"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// NodeTypeOption is one node type in the worker and driver pickers.
type NodeTypeOption struct {
	ID          string  `json:"id"`
	Category    string  `json:"category"`
	Description string  `json:"description"`
	Cores       float64 `json:"cores"`
	MemoryGB    float64 `json:"memoryGb"`
	GPUs        int     `json:"gpus"`
	Photon      bool    `json:"photon"` // Photon-capable as worker and driver
	Deprecated  bool    `json:"deprecated"`
}

// RuntimeOption is one Databricks Runtime in the runtime picker.
type RuntimeOption struct {
	Key    string `json:"key"`
	Name   string `json:"name"`
	Group  string `json:"group"`  // LTS, Standard, ML, GPU
	Photon bool   `json:"photon"` // Photon can be switched on with this runtime
	Beta   bool   `json:"beta"`
}

// PoolOption is one instance pool in the pool pickers.
type PoolOption struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	NodeTypeID string `json:"nodeTypeId"`
	Idle       int    `json:"idle"`
}

// EditorCatalog is what the cluster form offers for one workspace, from the cache.
type EditorCatalog struct {
	WorkspaceID string           `json:"workspaceId"`
	Cloud       string           `json:"cloud"` // azure, aws or gcp: which availability attributes apply
	NodeTypes   []NodeTypeOption `json:"nodeTypes"`
	Runtimes    []RuntimeOption  `json:"runtimes"`
	// Policies are those offered for all-purpose compute, with the rules the form renders.
	Policies    []policyeval.Info `json:"policies"`
	Pools       []PoolOption      `json:"pools"`
	CurrentUser string            `json:"currentUser"`
	FetchedAt   string            `json:"fetchedAt"`  // oldest cached section; empty when nothing is cached
	AgeSeconds  int64             `json:"ageSeconds"` // how old that is
	Offline     bool              `json:"offline"`    // the last refresh could not reach the workspace
	Problems    []string          `json:"problems"`   // sections that failed to refresh
}

// EditorOptions builds the form's pickers from a snapshot. declared is the
// workspace's cloud as its profile says (empty or unknown for the demo).
func EditorOptions(snap Snapshot, st Status, declared workspaces.Cloud, now time.Time) EditorCatalog {
	out := EditorCatalog{WorkspaceID: st.WorkspaceID, Cloud: cloudOf(declared, snap.NodeTypes.Items),
		NodeTypes: nodeTypeOptions(snap.NodeTypes.Items), Runtimes: runtimeOptions(snap.SparkVersions.Items),
		Policies: policyOptions(snap.Policies.Items), Pools: poolOptions(snap.Pools.Items),
		AgeSeconds: int64(snap.Age(now) / time.Second), Offline: st.Offline, Problems: []string{}}
	if at := snap.FetchedAt(); !at.IsZero() {
		out.FetchedAt = at.UTC().Format(time.RFC3339)
	}
	if u := snap.CurrentUser.Items; u != nil {
		out.CurrentUser = u.UserName
	}
	// Offline, the form says so in one line with the cache's age (the page's
	// status line); a section's failure is news only while the workspace answers.
	for name, msg := range map[string]string{"node types": snap.NodeTypes.Error, "runtimes": snap.SparkVersions.Error,
		"policies": snap.Policies.Error, "pools": snap.Pools.Error} {
		if msg != "" && !st.Offline {
			out.Problems = append(out.Problems, name+": "+msg)
		}
	}
	sort.Strings(out.Problems)
	return out
}

// cloudOf is the workspace's declared cloud; for the demo (and unknown
// hosts) it is read from the node type names the workspace offers.
func cloudOf(declared workspaces.Cloud, nodes []compute.NodeType) string {
	switch declared {
	case workspaces.CloudAWS, workspaces.CloudAzure, workspaces.CloudGCP:
		return string(declared)
	}
	for _, n := range nodes {
		switch {
		case strings.HasPrefix(n.NodeTypeId, "Standard_"):
			return "azure"
		case strings.Contains(n.NodeTypeId, "-standard-") || strings.Contains(n.NodeTypeId, "-highmem-"):
			return "gcp"
		case strings.Contains(n.NodeTypeId, "."):
			return "aws"
		}
	}
	return "azure"
}

func nodeTypeOptions(nodes []compute.NodeType) []NodeTypeOption {
	out := make([]NodeTypeOption, 0, len(nodes))
	for _, n := range nodes {
		if n.IsHidden {
			continue
		}
		cat := n.Category
		if cat == "" {
			cat = "Other"
		}
		out = append(out, NodeTypeOption{ID: n.NodeTypeId, Category: cat, Description: n.Description,
			Cores: n.NumCores, MemoryGB: float64(n.MemoryMb) / 1024, GPUs: n.NumGpus,
			Photon: n.PhotonWorkerCapable && n.PhotonDriverCapable, Deprecated: n.IsDeprecated})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Category != out[j].Category {
			return out[i].Category < out[j].Category
		}
		if out[i].Cores != out[j].Cores {
			return out[i].Cores < out[j].Cores
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// runtimeGroup sorts a runtime into the picker's groups.
func runtimeGroup(r sparkversion.Runtime) string {
	switch {
	case sparkversion.IsGPU(r.Key):
		return "GPU"
	case strings.Contains(r.Variant, "ml"):
		return "ML"
	case r.LTS:
		return "LTS"
	}
	return "Standard"
}

func runtimeOptions(versions []compute.SparkVersion) []RuntimeOption {
	type parsed struct {
		opt          RuntimeOption
		major, minor int
	}
	var list []parsed
	for _, v := range versions {
		r, ok := sparkversion.Parse(v)
		if !ok {
			list = append(list, parsed{opt: RuntimeOption{Key: v.Key, Name: v.Name, Group: "Standard"}})
			continue
		}
		group := runtimeGroup(r)
		// Photon runs on standard runtimes from 9.1 on; ML and GPU runtimes go without.
		photon := (group == "LTS" || group == "Standard") && r.Major >= 9
		list = append(list, parsed{opt: RuntimeOption{Key: v.Key, Name: v.Name, Group: group, Photon: photon, Beta: r.Beta},
			major: r.Major, minor: r.Minor})
	}
	sort.SliceStable(list, func(i, j int) bool {
		if list[i].major != list[j].major {
			return list[i].major > list[j].major
		}
		if list[i].minor != list[j].minor {
			return list[i].minor > list[j].minor
		}
		return list[i].opt.Key < list[j].opt.Key
	})
	out := make([]RuntimeOption, 0, len(list))
	for _, p := range list {
		out = append(out, p.opt)
	}
	return out
}

// policyOptions are the cached policies offered for all-purpose compute.
// The cache holds what the policies API listed for the user: the ones they
// may use (admins see all).
func policyOptions(policies []compute.Policy) []policyeval.Info {
	out := []policyeval.Info{}
	for _, p := range policies {
		parsed, err := policyeval.FromAPI(p, nil)
		if err != nil || !parsed.OfferedFor(policyeval.AllPurpose) {
			continue
		}
		out = append(out, parsed.Info())
	}
	sort.SliceStable(out, func(i, j int) bool { return strings.ToLower(out[i].Name) < strings.ToLower(out[j].Name) })
	return out
}

func poolOptions(pools []compute.InstancePoolAndStats) []PoolOption {
	out := make([]PoolOption, 0, len(pools))
	for _, p := range pools {
		o := PoolOption{ID: p.InstancePoolId, Name: p.InstancePoolName, NodeTypeID: p.NodeTypeId}
		if p.Stats != nil {
			o.Idle = p.Stats.IdleCount
		}
		out = append(out, o)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Policy returns one cached policy by id.
func (s Snapshot) Policy(id string) (compute.Policy, bool) {
	for _, p := range s.Policies.Items {
		if p.PolicyId == id {
			return p, true
		}
	}
	return compute.Policy{}, false
}
