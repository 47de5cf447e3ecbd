package demo

import (
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
)

// Warehouse life cycles on the demo clock: STOPPED → STARTING → RUNNING,
// RUNNING → STOPPING → STOPPED (asked for, or auto-stop after
// auto_stop_mins without a running statement), and DELETING → gone.
const (
	warehouseStartTime  = 20 * time.Second
	serverlessStartTime = 5 * time.Second
	warehouseStopTime   = 10 * time.Second
	warehouseDeleteTime = 10 * time.Second
)

// warehouseStart: a stopped (or stopping) warehouse starts; starting a
// running or starting one is accepted and does nothing, as the service
// does. CAN_USE may start a warehouse.
func (ws *workspace) warehouseStart(c *call) (any, error) {
	wh, err := ws.warehouseByID(c.r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	if err := ws.authorize(c.user, kindWarehouse, wh.info.Id, levelUse); err != nil {
		return nil, err
	}
	if wh.info.State == sql.StateDeleting {
		return nil, errInvalidState("SQL warehouse %s is being deleted.", wh.info.Id)
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
	return ws.bootWarehouse(wh, now)
}

// bootWarehouse puts the warehouse in STARTING whatever its state (an edit
// restarts a running one) and runs it after its start time.
func (ws *workspace) bootWarehouse(wh *warehouse, now time.Time) time.Time {
	wh.gen++
	gen := wh.gen
	if wh.info.State == sql.StateRunning { // an edit restarts it: its clusters stop first
		wh.event(now, eventStopping)
		wh.stopQueries(now)
		wh.info.NumClusters = 0
		wh.event(now, eventStopped)
	}
	wh.info.State, wh.info.NumClusters = sql.StateStarting, 0
	wh.event(now, eventStarting)
	d := warehouseStartTime
	if wh.info.EnableServerlessCompute {
		d = serverlessStartTime
	}
	wh.readyAt = now.Add(d)
	ws.sched.at(wh.readyAt, func(at time.Time) {
		if wh.gen == gen && wh.info.State == sql.StateStarting {
			wh.info.State, wh.info.NumClusters = sql.StateRunning, wh.info.MinNumClusters
			wh.event(at, eventRunning)
			ws.armAutoStop(wh, at)
			wh.lowSince = time.Time{}
			ws.watchScale(wh, at)
		}
	})
	return wh.readyAt
}

// warehouseStop needs CAN_MANAGE; stopping a stopped or stopping warehouse
// is accepted and does nothing.
func (ws *workspace) warehouseStop(c *call) (any, error) {
	wh, err := ws.warehouseByID(c.r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	if err := ws.authorize(c.user, kindWarehouse, wh.info.Id, levelManage); err != nil {
		return nil, err
	}
	switch wh.info.State {
	case sql.StateStopped, sql.StateStopping:
		return struct{}{}, nil
	case sql.StateDeleting:
		return nil, errInvalidState("SQL warehouse %s is being deleted.", wh.info.Id)
	}
	ws.stopWarehouse(wh, c.now)
	return struct{}{}, nil
}

func (ws *workspace) stopWarehouse(wh *warehouse, now time.Time) {
	wh.gen++
	gen := wh.gen
	wh.info.State = sql.StateStopping
	wh.event(now, eventStopping)
	wh.stopQueries(now)
	ws.sched.at(now.Add(warehouseStopTime), func(at time.Time) {
		if wh.gen == gen && wh.info.State == sql.StateStopping {
			wh.info.State, wh.info.NumClusters = sql.StateStopped, 0
			wh.event(at, eventStopped)
		}
	})
}

// busy records a statement on the warehouse until until: auto-stop counts
// from the end of the last one.
func (ws *workspace) busy(wh *warehouse, until time.Time) {
	if until.After(wh.busyUntil) {
		ws.armAutoStop(wh, until)
	}
}

// armAutoStop makes the warehouse idle from from on: it stops
// auto_stop_mins later unless a statement comes first (0: never).
func (ws *workspace) armAutoStop(wh *warehouse, from time.Time) {
	if from.After(wh.busyUntil) {
		wh.busyUntil = from
	}
	wh.idleArm++
	arm, mins := wh.idleArm, wh.info.AutoStopMins
	if mins <= 0 {
		return
	}
	ws.sched.at(wh.busyUntil.Add(time.Duration(mins)*time.Minute), func(at time.Time) {
		if wh.idleArm == arm && wh.info.State == sql.StateRunning && !wh.deleted {
			ws.stopWarehouse(wh, at)
		}
	})
}
