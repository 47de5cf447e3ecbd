package warehouses

import (
	"sort"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/sql"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
)

// Kind is what a warehouse is billed as: the SKU its DBUs belong to.
type Kind string

// The three kinds of SQL warehouse.
const (
	KindServerless Kind = "serverless"
	KindPro        Kind = "pro"
	KindClassic    Kind = "classic"
)

// KindOf tells a warehouse's kind: serverless compute is always of the pro
// type; a type the API leaves out means classic (the API's default).
func KindOf(w sql.EndpointInfo) Kind {
	switch {
	case w.EnableServerlessCompute:
		return KindServerless
	case w.WarehouseType == sql.EndpointInfoWarehouseTypePro:
		return KindPro
	default:
		return KindClassic
	}
}

// WarehouseView is one SQL warehouse as the Warehouses page lists it.
type WarehouseView struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	State string `json:"state"` // STARTING, RUNNING, STOPPING, STOPPED, DELETING, DELETED
	Kind  Kind   `json:"kind"`
	Size  string `json:"size"` // 2X-Small … 4X-Large
	// Clusters run now, between MinClusters and MaxClusters (scaling).
	Clusters    int `json:"clusters"`
	MinClusters int `json:"minClusters"`
	MaxClusters int `json:"maxClusters"`
	// AutoStopMins: stopped after this long with nothing running; 0 never.
	AutoStopMins   int               `json:"autoStopMins"`
	Photon         bool              `json:"photon"`
	Channel        string            `json:"channel"`        // current or preview ("" when the API says nothing)
	ActiveSessions int               `json:"activeSessions"` // open sessions, as the API counts them
	Health         string            `json:"health"`         // HEALTHY, DEGRADED, FAILED ("" unknown)
	HealthMessage  string            `json:"healthMessage"`
	Creator        string            `json:"creator"`
	Tags           map[string]string `json:"tags"`
	Actions        []Action          `json:"actions"`
	// Cost per hour, estimated (cost.go); nil when its size has no rate.
	Cost *Cost `json:"cost,omitempty"`
}

// ListView is the Warehouses page of one workspace.
type ListView struct {
	Cache      catalog.ListingCache `json:"cache"`
	Warehouses []WarehouseView      `json:"warehouses"`
	// Live: listed from the workspace now (else from the cache). Changing:
	// some warehouse is starting or stopping, so the page polls faster.
	Live        bool `json:"live"`
	Changing    bool `json:"changing"`
	NextPollSec int  `json:"nextPollSec"`
}

func listView(cache catalog.ListingCache, items []sql.EndpointInfo) ListView {
	out := ListView{Cache: cache, Warehouses: make([]WarehouseView, 0, len(items))}
	for _, w := range items {
		v := View(w)
		out.Warehouses = append(out.Warehouses, v)
		if Changing(w.State) {
			out.Changing = true
		}
	}
	sort.SliceStable(out.Warehouses, func(i, j int) bool {
		return strings.ToLower(out.Warehouses[i].Name) < strings.ToLower(out.Warehouses[j].Name)
	})
	return out
}

// Changing reports a state on its way to another.
func Changing(s sql.State) bool {
	return s == sql.StateStarting || s == sql.StateStopping || s == sql.StateDeleting
}

// View is one warehouse as the page shows it; the API's object is not changed.
func View(w sql.EndpointInfo) WarehouseView {
	v := WarehouseView{ID: w.Id, Name: w.Name, State: string(w.State), Kind: KindOf(w), Size: w.ClusterSize,
		Clusters: w.NumClusters, MinClusters: w.MinNumClusters, MaxClusters: w.MaxNumClusters,
		AutoStopMins: w.AutoStopMins, Photon: w.EnablePhoton, ActiveSessions: int(w.NumActiveSessions),
		Creator: w.CreatorName, Tags: map[string]string{}, Actions: Actions(w.State)}
	if w.Channel != nil {
		v.Channel = strings.ToLower(strings.TrimPrefix(string(w.Channel.Name), "CHANNEL_NAME_"))
	}
	if w.Health != nil {
		v.Health, v.HealthMessage = string(w.Health.Status), w.Health.Summary
	}
	if w.Tags != nil {
		for _, t := range w.Tags.CustomTags {
			v.Tags[t.Key] = t.Value
		}
	}
	return v
}
