package demo

import (
	"encoding/json"
	"fmt"
	"net"
	"sort"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
)

// SQL warehouses: the records, the seed, and what list and get answer.
// Create, edit and delete with their rules are in sql_warehouses_write.go;
// start, stop and auto-stop on the demo clock in sql_warehouses_life.go.
const (
	demoWarehouseID    = "4f8c2a9b1d3e5f70"
	proWarehouseID     = "8a1e0c4d2b6f9e13"
	classicWarehouseID = "c3d5e7f9a1b2c4d6"
)

type warehouse struct {
	info    sql.EndpointInfo // what list answers, less the addresses (odbc_params, jdbc_url) built per request
	order   int              // creation order: the list's order
	readyAt time.Time        // while STARTING: when it runs
	gen     int              // bumped by every start, stop and delete; a timer of an older one does nothing
	// Auto-stop: the warehouse stops auto_stop_mins after busyUntil (the end
	// of its last statement, or when it started running).
	busyUntil time.Time
	idleArm   int // the auto-stop timer that still counts
	deleted   bool
	// Query history (sql_history.go) in start order, the entries not yet
	// final among them, and the life-cycle events of
	// system.compute.warehouse_events (sql_warehouse_events.go).
	queries []*queryEntry
	live    []*queryEntry
	events  []warehouseEvent
	// Scaling (sql_warehouse_scaling.go): the run (gen+1) a check is armed
	// for (0: none), and since when the load fits one cluster fewer.
	scaleFor int
	lowSince time.Time
}

// seedWarehouse is one warehouse of the seed.
type seedWarehouse struct {
	id, name, size, creator string
	typ                     sql.EndpointInfoWarehouseType
	serverless              bool
	state                   sql.State
	stopMins, min, max, num int
	spot                    sql.SpotInstancePolicy
	preview                 bool
	tags                    map[string]string
	teamOnly                bool // team content: left out of an Empty workspace
}

// seededWarehouses: the Serverless Starter Warehouse every workspace is
// created with (the metrics and spend pages and their browser tests read
// through it, so it never stops by itself), and the team's two stopped ones.
var seededWarehouses = []seedWarehouse{
	{id: demoWarehouseID, name: "Serverless Starter Warehouse", size: "2X-Small", creator: adminUserName, typ: sql.EndpointInfoWarehouseTypePro,
		serverless: true, state: sql.StateRunning, stopMins: 0, min: 1, max: 1, num: 1},
	{id: proWarehouseID, name: "Analytics Pro", size: "Small", creator: adminUserName, typ: sql.EndpointInfoWarehouseTypePro,
		state: sql.StateStopped, stopMins: 30, min: 1, max: 2, tags: map[string]string{"team": "analytics", "cost-center": "cc-analytics"}, teamOnly: true},
	{id: classicWarehouseID, name: "Classic BI", size: "Medium", creator: adminUserName, typ: sql.EndpointInfoWarehouseTypeClassic,
		state: sql.StateStopped, stopMins: 45, min: 1, max: 1, teamOnly: true},
	// A list page's worth more, running and stopped, classic, pro and
	// serverless, one with several clusters, one that never stops, one on
	// the preview channel.
	{id: "5b7d9f1e3a2c4e60", name: "ETL Classic", size: "X-Small", creator: "priya.sharma@example.com", typ: sql.EndpointInfoWarehouseTypeClassic,
		state: sql.StateRunning, stopMins: 60, min: 1, max: 1, spot: sql.SpotInstancePolicyReliabilityOptimized,
		tags: map[string]string{"team": "data-engineering", "cost-center": "cc-data-engineering"}, teamOnly: true},
	{id: "6c8e0a2f4b3d5f71", name: "Dashboards Pro", size: "Medium", creator: adminUserName, typ: sql.EndpointInfoWarehouseTypePro,
		state: sql.StateRunning, stopMins: 20, min: 1, max: 4, num: 2,
		tags: map[string]string{"team": "analytics", "cost-center": "cc-analytics"}, teamOnly: true},
	{id: "7d9f1b3a5c4e6082", name: "Preview Sandbox", size: "2X-Small", creator: "marco.rossi@example.com", typ: sql.EndpointInfoWarehouseTypePro,
		serverless: true, state: sql.StateStopped, stopMins: 5, min: 1, max: 1, preview: true,
		tags: map[string]string{"team": "data-science"}, teamOnly: true},
	{id: "8e0a2c4b6d5f7193", name: "Always-on Reporting", size: "Small", creator: adminUserName, typ: sql.EndpointInfoWarehouseTypePro,
		state: sql.StateRunning, stopMins: 0, min: 1, max: 2, teamOnly: true},
}

// seedWarehouses puts the seed's warehouses in place, the running ones
// counting as idle from now.
func seedWarehouses(ws *workspace, now time.Time) {
	ws.warehouses = map[string]*warehouse{}
	for _, s := range seededWarehouses {
		if s.teamOnly && ws.opts.Empty {
			continue
		}
		info := sql.EndpointInfo{Id: s.id, Name: s.name, ClusterSize: s.size, CreatorName: s.creator, WarehouseType: s.typ,
			EnableServerlessCompute: s.serverless, EnablePhoton: true, State: s.state, AutoStopMins: s.stopMins,
			MinNumClusters: s.min, MaxNumClusters: s.max, SpotInstancePolicy: s.spot, Channel: &sql.Channel{Name: sql.ChannelNameChannelNameCurrent}}
		if s.spot == "" {
			info.SpotInstancePolicy = sql.SpotInstancePolicyCostOptimized
		}
		if s.preview {
			info.Channel.Name = sql.ChannelNameChannelNamePreview
		}
		if len(s.tags) > 0 {
			info.Tags = &sql.EndpointTags{}
			keys := make([]string, 0, len(s.tags))
			for k := range s.tags {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				info.Tags.CustomTags = append(info.Tags.CustomTags, sql.EndpointTagPair{Key: k, Value: s.tags[k]})
			}
		}
		wh := ws.addWarehouse(info)
		ws.acls[aclKey(kindWarehouse, s.id)].entries = []aclEntry{{GroupName: "users", PermissionLevel: "CAN_USE"}}
		if s.state == sql.StateRunning {
			wh.info.NumClusters = max(s.num, s.min)
			ws.armAutoStop(wh, now)
		}
	}
	seedScaleWarehouses(ws, now)
	seedQueryHistory(ws, now)
	for _, wh := range ws.warehouses {
		ws.watchScale(wh, now) // the running ones follow their live queries
	}
}

// addWarehouse records a warehouse; its creator owns it.
func (ws *workspace) addWarehouse(info sql.EndpointInfo) *warehouse {
	wh := &warehouse{info: info, order: len(ws.warehouses)}
	for _, o := range ws.warehouses {
		wh.order = max(wh.order, o.order+1)
	}
	ws.warehouses[info.Id] = wh
	ws.grant(kindWarehouse, info.Id, info.CreatorName)
	return wh
}

// warehouseByID is a warehouse that exists (a deleted one is gone).
func (ws *workspace) warehouseByID(id string) (*warehouse, error) {
	wh, ok := ws.warehouses[id]
	if !ok || wh.deleted {
		return nil, errNotFound("SQL warehouse %s does not exist.", id)
	}
	return wh, nil
}

// warehouseList is every warehouse not yet deleted, oldest first.
func (ws *workspace) warehouseList() []*warehouse {
	out := make([]*warehouse, 0, len(ws.warehouses))
	for _, wh := range ws.warehouses {
		if !wh.deleted {
			out = append(out, wh)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].order < out[j].order })
	return out
}

// view is the warehouse as list and get answer it, with the addresses of
// the host the client called.
func (wh *warehouse) view(host string) sql.EndpointInfo {
	e := wh.info
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	path := "/sql/1.0/warehouses/" + e.Id
	e.OdbcParams = &sql.OdbcParams{Hostname: host, Path: path, Port: 443, Protocol: "https"}
	e.JdbcUrl = fmt.Sprintf("jdbc:spark://%s:443/default;transportMode=http;ssl=1;AuthMech=3;httpPath=%s;", host, path)
	e.Health = &sql.EndpointHealth{Status: sql.StatusHealthy}
	if e.Tags == nil {
		e.Tags = &sql.EndpointTags{}
	}
	if e.Channel != nil {
		ch := *e.Channel
		e.Channel = &ch
	}
	e.ForceSendFields = []string{"NumClusters", "NumActiveSessions", "AutoStopMins", "EnablePhoton", "EnableServerlessCompute"}
	return e
}

// getResponse is the same view in get's type: both share every field.
func getResponse(e sql.EndpointInfo) (sql.GetWarehouseResponse, error) {
	var out sql.GetWarehouseResponse
	raw, err := json.Marshal(e)
	if err != nil {
		return out, fmt.Errorf("encoding warehouse: %w", err)
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return out, fmt.Errorf("decoding warehouse: %w", err)
	}
	return out, nil
}

// warehousesList answers every warehouse the caller may see, oldest first
// (the service's order is not documented; creation order keeps the
// workspace's own Serverless Starter Warehouse first).
func (ws *workspace) warehousesList(c *call) (any, error) {
	out := sql.ListWarehousesResponse{Warehouses: []sql.EndpointInfo{}}
	for _, wh := range ws.warehouseList() {
		if ws.effective(c.user, kindWarehouse, wh.info.Id) >= levelUse {
			out.Warehouses = append(out.Warehouses, wh.withLoad(wh.view(c.r.Host), c.now))
		}
	}
	return out, nil
}

func (ws *workspace) warehouseGet(c *call) (any, error) {
	wh, err := ws.warehouseByID(c.r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	if err := ws.authorize(c.user, kindWarehouse, wh.info.Id, levelUse); err != nil {
		return nil, err
	}
	return getResponse(wh.withLoad(wh.view(c.r.Host), c.now))
}
