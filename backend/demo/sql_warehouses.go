package demo

import (
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
)

// SQL warehouses: one serverless warehouse that runs, and two that are
// stopped until someone starts them (STOPPED → STARTING → RUNNING, and
// RUNNING → STOPPING → STOPPED), as GET/POST /api/2.0/sql/warehouses… do.
const (
	demoWarehouseID     = "4f8c2a9b1d3e5f70"
	proWarehouseID      = "8a1e0c4d2b6f9e13"
	classicWarehouseID  = "c3d5e7f9a1b2c4d6"
	warehouseStartTime  = 20 * time.Second
	warehouseStopTime   = 10 * time.Second
	serverlessStartTime = 5 * time.Second
)

type warehouse struct {
	info    sql.EndpointInfo
	readyAt time.Time // while STARTING: when it runs
}

// sqlWarehouses is the workspace's warehouses, seeded on first use (the
// workspace's reset drops them with the statements).
func (ws *workspace) sqlWarehouses() map[string]*warehouse {
	if ws.warehouses != nil {
		return ws.warehouses
	}
	jdbc := func(id string) string {
		return "jdbc:databricks://demo:443/default;transportMode=http;ssl=1;httpPath=/sql/1.0/warehouses/" + id
	}
	mk := func(id, name, size string, state sql.State, typ sql.EndpointInfoWarehouseType, serverless bool, stopMins int) *warehouse {
		n := 0
		if state == sql.StateRunning {
			n = 1
		}
		return &warehouse{info: sql.EndpointInfo{Id: id, Name: name, State: state, ClusterSize: size, MinNumClusters: 1,
			MaxNumClusters: 1, NumClusters: n, NumActiveSessions: 0, AutoStopMins: stopMins, EnableServerlessCompute: serverless,
			EnablePhoton: true, WarehouseType: typ, CreatorName: adminUserName, JdbcUrl: jdbc(id),
			ForceSendFields: []string{"NumClusters", "NumActiveSessions"}}}
	}
	ws.warehouses = map[string]*warehouse{
		demoWarehouseID:    mk(demoWarehouseID, "Serverless Starter Warehouse", "2X-Small", sql.StateRunning, sql.EndpointInfoWarehouseTypePro, true, 10),
		proWarehouseID:     mk(proWarehouseID, "Analytics Pro", "Small", sql.StateStopped, sql.EndpointInfoWarehouseTypePro, false, 30),
		classicWarehouseID: mk(classicWarehouseID, "Classic BI", "Medium", sql.StateStopped, sql.EndpointInfoWarehouseTypeClassic, false, 45),
	}
	return ws.warehouses
}

func (ws *workspace) warehouseByID(id string) (*warehouse, error) {
	wh, ok := ws.sqlWarehouses()[id]
	if !ok {
		return nil, errNotFound("SQL warehouse %s does not exist.", id)
	}
	return wh, nil
}

func (ws *workspace) warehousesList(c *call) (any, error) {
	whs := ws.sqlWarehouses()
	out := sql.ListWarehousesResponse{Warehouses: []sql.EndpointInfo{}}
	for _, id := range []string{demoWarehouseID, proWarehouseID, classicWarehouseID} {
		if wh, ok := whs[id]; ok {
			out.Warehouses = append(out.Warehouses, wh.info)
		}
	}
	return out, nil
}

func (ws *workspace) warehouseGet(c *call) (any, error) {
	wh, err := ws.warehouseByID(c.r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	w := wh.info
	return sql.GetWarehouseResponse{Id: w.Id, Name: w.Name, State: w.State, ClusterSize: w.ClusterSize,
		MinNumClusters: w.MinNumClusters, MaxNumClusters: w.MaxNumClusters, NumClusters: w.NumClusters, AutoStopMins: w.AutoStopMins,
		EnableServerlessCompute: w.EnableServerlessCompute, EnablePhoton: w.EnablePhoton,
		WarehouseType: sql.GetWarehouseResponseWarehouseType(w.WarehouseType), CreatorName: w.CreatorName, JdbcUrl: w.JdbcUrl,
		ForceSendFields: []string{"NumClusters"}}, nil
}

// warehouseStart: only a stopped (or stopping) warehouse changes; starting
// a running one is accepted and does nothing, as the service does.
func (ws *workspace) warehouseStart(c *call) (any, error) {
	wh, err := ws.warehouseByID(c.r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	ws.startWarehouse(wh, c.now)
	return struct{}{}, nil
}

// startWarehouse begins a start and says when the warehouse will run.
func (ws *workspace) startWarehouse(wh *warehouse, now time.Time) time.Time {
	switch wh.info.State {
	case sql.StateRunning:
		return now
	case sql.StateStarting:
		return wh.readyAt // already on its way; a statement waits for it
	}
	wh.info.State = sql.StateStarting
	d := warehouseStartTime
	if wh.info.EnableServerlessCompute {
		d = serverlessStartTime
	}
	ready := now.Add(d)
	wh.readyAt = ready
	ws.sched.at(ready, func(time.Time) {
		if wh.info.State == sql.StateStarting {
			wh.info.State, wh.info.NumClusters = sql.StateRunning, 1
		}
	})
	return ready
}

func (ws *workspace) warehouseStop(c *call) (any, error) {
	wh, err := ws.warehouseByID(c.r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	if wh.info.State == sql.StateStopped || wh.info.State == sql.StateStopping {
		return struct{}{}, nil
	}
	wh.info.State = sql.StateStopping
	ws.sched.at(c.now.Add(warehouseStopTime), func(time.Time) {
		if wh.info.State == sql.StateStopping {
			wh.info.State, wh.info.NumClusters = sql.StateStopped, 0
		}
	})
	return struct{}{}, nil
}
