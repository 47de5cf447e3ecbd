// Package metrics is the Metrics tab's resource kind: the worker count over
// time from a cluster's event log (workers.go, no warehouse needed), CPU,
// memory and network per minute from system.compute.node_timeline read
// through the SQL Statement Execution API on a warehouse the user picks
// (timeline.go, statement.go), the capacity the cluster has now, and the
// warehouse choice per workspace (prefs.go).
package metrics

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/leanread"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// ClientSource gives the SDK client of a workspace (workspaces.Manager does).
type ClientSource interface {
	Client(ctx context.Context, workspaceID string) (*workspaceapi.Client, error)
}

// Service answers the tab. DefaultWarehouse (may be nil) gives the
// workspace profile's default warehouse when the user has picked none.
type Service struct {
	clients          ClientSource
	prefs            *Prefs
	DefaultWarehouse func(ws string) string
	// WarehouseList lists the warehouses the picker offers.
	WarehouseList WarehouseSource
	// Rates gives the DBU rate table for cost estimates (nil: no estimate).
	Rates     func() policyeval.RateTable
	now       func() time.Time
	maxEvents int
	maxRows   int
	pollEvery time.Duration
}

// NewService builds the service; prefs may be nil (memory only).
func NewService(clients ClientSource, prefs *Prefs) *Service {
	if prefs == nil {
		prefs = NewPrefs("")
	}
	return &Service{clients: clients, prefs: prefs, now: time.Now, maxEvents: 5000, maxRows: 700_000, pollEvery: time.Second}
}

// Ranges the tab offers.
var Ranges = map[string]time.Duration{"1h": time.Hour, "6h": 6 * time.Hour, "24h": 24 * time.Hour, "7d": 7 * 24 * time.Hour}

// Window is a time range: one of Ranges ending now, or a custom From–To
// (seconds since the epoch) when Range is "custom".
type Window struct {
	Range string `json:"range"`
	From  int64  `json:"from"`
	To    int64  `json:"to"`
}

func (s *Service) window(w Window) (time.Time, time.Time, error) {
	now := s.now().UTC()
	if w.Range == "custom" {
		from, to := time.Unix(w.From, 0).UTC(), time.Unix(w.To, 0).UTC()
		if !from.Before(to) || to.Sub(from) > 31*24*time.Hour {
			return time.Time{}, time.Time{}, fmt.Errorf("%w: a custom range runs forwards and spans at most 31 days", ErrBadRange)
		}
		return from, minT(to, now), nil
	}
	d, ok := Ranges[w.Range]
	if !ok {
		return time.Time{}, time.Time{}, fmt.Errorf("%w %q", ErrBadRange, w.Range)
	}
	return now.Add(-d), now, nil
}

func minT(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// Workers is the worker count over the window from the event log.
func (s *Service) Workers(ctx context.Context, ws, clusterID string, win Window) (WorkersView, error) {
	w, err := s.clients.Client(ctx, ws)
	if err != nil {
		return WorkersView{}, err
	}
	from, to, err := s.window(win)
	if err != nil {
		return WorkersView{}, err
	}
	// Events from a day earlier too: the size at the window's left edge.
	req := compute.GetEvents{ClusterId: clusterID, StartTime: from.Add(-24 * time.Hour).UnixMilli(), Order: compute.GetEventsOrderAsc, Limit: 500}
	if win.Range == "custom" {
		req.EndTime = to.UnixMilli()
	}
	var events []compute.ClusterEvent
	truncated := false
	for next := &req; next != nil; {
		page, err := workspaces.RetryPage(ctx, func(ctx context.Context) (*leanread.Events, error) {
			return leanread.EventsPage(ctx, w.Pages, *next)
		})
		if err != nil {
			return WorkersView{}, fmt.Errorf("events of %s: %w", clusterID, err)
		}
		for i := range page.Events {
			if len(events) >= s.maxEvents {
				truncated = true
				break
			}
			e, err := page.Events[i].SDK()
			if err != nil {
				return WorkersView{}, fmt.Errorf("events of %s: %w", clusterID, err)
			}
			events = append(events, e)
		}
		next = page.NextPage
		if truncated {
			break
		}
	}
	// A window ending now reaches the newest event even when the
	// workspace's clock runs ahead of this computer's.
	if n := len(events); n > 0 && win.Range != "custom" && events[n-1].Timestamp/1000 > to.Unix() {
		to = time.UnixMilli(events[n-1].Timestamp)
	}
	v := WorkerSeries(events, from.Unix(), to.Unix())
	v.Truncated = truncated
	return v, nil
}

// Capacity is what the cluster has now.
type Capacity struct {
	State       string  `json:"state"`
	Workers     int     `json:"workers"`
	Cores       float64 `json:"cores"`
	MemoryMB    int64   `json:"memoryMb"`
	Executors   int     `json:"executors"`
	NodeType    string  `json:"nodeType"`
	DriverType  string  `json:"driverType"`
	CoresEach   float64 `json:"coresEach"`    // per worker, from the node type
	MemoryEach  int64   `json:"memoryEachMb"` // per worker, from the node type
	FromCatalog bool    `json:"fromCatalog"`  // cores and memory worked out from node types × workers
}

// Capacity reads clusters/get; where the cluster reports no cores or memory
// (stopped, or an older API), it works them out from the node types.
func (s *Service) Capacity(ctx context.Context, ws, clusterID string) (Capacity, error) {
	w, err := s.clients.Client(ctx, ws)
	if err != nil {
		return Capacity{}, err
	}
	c, err := w.Clusters.GetByClusterId(ctx, clusterID)
	if err != nil {
		return Capacity{}, fmt.Errorf("cluster %s: %w", clusterID, err)
	}
	out := Capacity{State: string(c.State), Workers: c.NumWorkers, Cores: c.ClusterCores, MemoryMB: c.ClusterMemoryMb,
		Executors: len(c.Executors), NodeType: c.NodeTypeId, DriverType: c.DriverNodeTypeId}
	if c.Autoscale != nil && c.State != compute.StateRunning {
		out.Workers = c.Autoscale.MinWorkers
	}
	nodes, err := w.Clusters.ListNodeTypes(ctx)
	if err != nil {
		return out, nil // the cluster's own figures are enough
	}
	byID := map[string]compute.NodeType{}
	for _, n := range nodes.NodeTypes {
		byID[n.NodeTypeId] = n
	}
	worker, driver := byID[c.NodeTypeId], byID[firstNonEmpty(c.DriverNodeTypeId, c.NodeTypeId)]
	out.CoresEach, out.MemoryEach = worker.NumCores, int64(worker.MemoryMb)
	if out.Cores == 0 || out.MemoryMB == 0 {
		out.Cores = driver.NumCores + float64(out.Workers)*worker.NumCores
		out.MemoryMB = int64(driver.MemoryMb) + int64(out.Workers)*int64(worker.MemoryMb)
		out.FromCatalog = true
	}
	return out, nil
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// Warehouse is one SQL warehouse as the picker shows it.
type Warehouse struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	State      string `json:"state"`
	Size       string `json:"size"`
	Serverless bool   `json:"serverless"`
}

// Warehouses lists the workspace's warehouses and the one chosen.
type Warehouses struct {
	Items  []Warehouse `json:"items"`
	Chosen string      `json:"chosen"`
}

// WarehouseSource lists a workspace's SQL warehouses for the picker. The
// Warehouses page's service is one (live, or its cache while offline), so
// the picker and the page never show two different lists.
type WarehouseSource interface {
	PickerList(ctx context.Context, ws string) ([]Warehouse, error)
}

// ErrNoWarehouseSource: nothing was wired to list warehouses.
var ErrNoWarehouseSource = errors.New("no list of SQL warehouses was wired")

// Warehouses lists the workspace's SQL warehouses and which one is chosen.
func (s *Service) Warehouses(ctx context.Context, ws string) (Warehouses, error) {
	if s.WarehouseList == nil {
		return Warehouses{}, ErrNoWarehouseSource
	}
	items, err := s.WarehouseList.PickerList(ctx, ws)
	if err != nil {
		return Warehouses{}, fmt.Errorf("list SQL warehouses: %w", err)
	}
	if items == nil {
		items = []Warehouse{}
	}
	return Warehouses{Items: items, Chosen: s.chosen(ws)}, nil
}

func (s *Service) chosen(ws string) string {
	if id := s.prefs.Warehouse(ws); id != "" {
		return id
	}
	if s.DefaultWarehouse != nil {
		return s.DefaultWarehouse(ws)
	}
	return ""
}

// ChooseWarehouse remembers the workspace's warehouse.
func (s *Service) ChooseWarehouse(ws, id string) error { return s.prefs.SetWarehouse(ws, id) }
