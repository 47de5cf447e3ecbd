package demo

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

type startKind int

const (
	startCreate startKind = iota
	startStart
	startRestart
)

// beginStart moves a cluster into PENDING (or RESTARTING) and schedules the
// rest: a failure from the cloud or the pool, or RUNNING.
func (ws *workspace) beginStart(cl *cluster, at time.Time, kind startKind, by string) {
	cl.gen++
	gen := cl.gen
	cl.target = desiredWorkers(&cl.d)
	switch kind {
	case startRestart:
		cl.d.State = compute.StateRestarting
		cl.d.StateMessage = "Restarting Spark"
		ws.event(cl, at, compute.EventTypeRestarting, &compute.EventDetails{User: by})
	case startStart:
		cl.d.State = compute.StatePending
		cl.d.StateMessage = "Finding instances for new nodes, acquiring more instances if necessary"
		ws.event(cl, at, compute.EventTypeStarting, &compute.EventDetails{User: by})
	default:
		cl.d.State = compute.StatePending
		cl.d.StateMessage = "Finding instances for new nodes, acquiring more instances if necessary"
	}
	cl.d.TerminationReason = nil
	cl.d.TerminatedTime = 0

	if reason := ws.quotaFailure(cl); reason != nil {
		ws.sched.at(at.Add(ws.jitter(ws.dur.QuotaFailure)), func(t time.Time) {
			if cl.gen == gen {
				ws.beginTerminate(cl, t, reason, "")
			}
		})
		return
	}
	fromPool, reason := ws.poolsTake(cl, at)
	if reason != nil {
		ws.sched.at(at.Add(5*time.Second), func(t time.Time) {
			if cl.gen == gen {
				ws.beginTerminate(cl, t, reason, "")
			}
		})
		return
	}
	dur := ws.dur.ClusterStart
	switch {
	case kind == startRestart && len(cl.poolHeld) == 0 && cl.d.Driver != nil:
		dur = ws.dur.ClusterRestart
	case fromPool:
		dur = ws.dur.PoolStart
	}
	dur = ws.jitter(dur)
	// Halfway through, the driver is up and Spark is starting: real clusters
	// change their state message at this point.
	ws.sched.at(at.Add(dur*6/10), func(t time.Time) {
		if cl.gen == gen {
			cl.d.StateMessage = fmt.Sprintf("Setting up %d nodes.", cl.target+1)
			if len(cl.d.InitScripts) > 0 {
				ws.event(cl, t, compute.EventTypeInitScriptsStarted, &compute.EventDetails{})
			}
		}
	})
	ws.sched.at(at.Add(dur), func(t time.Time) {
		if cl.gen == gen {
			ws.becomeRunning(cl, t, kind)
		}
	})
}

// quotaFailure reports the Azure quota error for a node family without quota.
func (ws *workspace) quotaFailure(cl *cluster) *compute.TerminationReason {
	for _, id := range []string{cl.d.DriverNodeTypeId, cl.d.NodeTypeId} {
		spec := ws.cat.nodes[id]
		if spec.quotaCores > 0 || cl.d.InstancePoolId != "" {
			continue
		}
		needed := int(spec.NumCores) * (cl.target + 1)
		msg := fmt.Sprintf("Operation could not be completed as it results in exceeding approved %s Cores quota. "+
			"Additional details - Deployment Model: Resource Manager, Location: eastus2, Current Limit: 0, Current Usage: 0, "+
			"Additional Required: %d, (Minimum) New Limit Required: %d. Submit a request for Quota increase, or pick a node type from another family.",
			spec.family, needed, needed)
		return userReason(compute.TerminationReasonCodeAzureQuotaExceededException, compute.TerminationReasonTypeClientError,
			map[string]string{"azure_error_code": "QuotaExceeded", "azure_error_message": msg})
	}
	return nil
}

func (ws *workspace) becomeRunning(cl *cluster, at time.Time, kind startKind) {
	cl.gen++
	ws.poolsPromote(cl)
	if len(cl.d.InitScripts) > 0 {
		ws.event(cl, at, compute.EventTypeInitScriptsFinished, &compute.EventDetails{})
	}
	cl.d.State = compute.StateRunning
	cl.d.StateMessage = ""
	cl.d.NumWorkers = cl.target
	cl.d.LastRestartedTime = millis(at)
	cl.d.SparkContextId = ws.rnd.Int64N(9_000_000_000_000_000_000) + 1_000_000_000_000_000_000
	ws.refreshNodes(cl, at)
	cl.uptime = append(cl.uptime, interval{from: at})
	cl.lastActivity = at
	ws.event(cl, at, compute.EventTypeRunning, &compute.EventDetails{CurrentNumWorkers: cl.target, TargetNumWorkers: cl.target,
		ForceSendFields: []string{"CurrentNumWorkers", "TargetNumWorkers"}})
	ws.event(cl, at.Add(time.Second), compute.EventTypeDriverHealthy, &compute.EventDetails{})
	ws.librariesOnStart(cl, at, kind == startRestart)
	ws.scheduleAutoTermination(cl)
}

// refreshNodes fills driver, executors and capacity for the current size.
func (ws *workspace) refreshNodes(cl *cluster, at time.Time) {
	worker := ws.cat.nodes[cl.d.NodeTypeId]
	driver := ws.cat.nodes[cl.d.DriverNodeTypeId]
	n := cl.d.NumWorkers
	cl.d.ClusterCores = driver.NumCores + worker.NumCores*float64(n)
	cl.d.ClusterMemoryMb = int64(driver.MemoryMb + worker.MemoryMb*n)
	node := func(i int) compute.SparkNode {
		ip := fmt.Sprintf("10.139.%d.%d", 64+i/250, 4+i%250)
		return compute.SparkNode{
			NodeId: fmt.Sprintf("%x", ws.rnd.Uint64()), InstanceId: fmt.Sprintf("%x", ws.rnd.Uint64()),
			PrivateIp: ip, HostPrivateIp: fmt.Sprintf("10.139.%d.%d", i/250, 4+i%250), StartTimestamp: millis(at),
		}
	}
	d := node(0)
	cl.d.Driver = &d
	cl.d.Executors = cl.d.Executors[:0:0]
	for i := 1; i <= n; i++ {
		cl.d.Executors = append(cl.d.Executors, node(i))
	}
}

func (ws *workspace) scheduleAutoTermination(cl *cluster) {
	mins := cl.d.AutoterminationMinutes
	if mins <= 0 || cl.d.ClusterSource == compute.ClusterSourceJob {
		return
	}
	gen := cl.gen
	due := cl.lastActivity.Add(time.Duration(mins) * time.Minute)
	ws.sched.at(due, func(t time.Time) {
		if cl.gen != gen || cl.d.State != compute.StateRunning {
			return
		}
		if cl.lastActivity.Add(time.Duration(mins) * time.Minute).After(t) {
			ws.scheduleAutoTermination(cl) // activity since: look again later
			return
		}
		ws.beginTerminate(cl, t, userReason(compute.TerminationReasonCodeInactivity, compute.TerminationReasonTypeSuccess,
			map[string]string{"inactivity_duration_min": strconv.Itoa(mins)}), "")
	})
}

// touch records activity (a command, a run, a library install).
func (ws *workspace) touch(cl *cluster, at time.Time) {
	if at.After(cl.lastActivity) {
		cl.lastActivity = at
	}
}

// beginTerminate moves to TERMINATING; TERMINATED follows.
func (ws *workspace) beginTerminate(cl *cluster, at time.Time, reason *compute.TerminationReason, by string) {
	cl.gen++
	gen := cl.gen
	cl.d.State = compute.StateTerminating
	cl.d.StateMessage = "Terminating the Spark cluster"
	ws.event(cl, at, compute.EventTypeTerminating, &compute.EventDetails{Reason: reason, User: by})
	ws.sched.at(at.Add(ws.jitter(ws.dur.ClusterTerminate)), func(t time.Time) {
		if cl.gen == gen {
			ws.finishTerminate(cl, t, reason)
		}
	})
}

func (ws *workspace) finishTerminate(cl *cluster, at time.Time, reason *compute.TerminationReason) {
	cl.gen++
	ws.poolsReturn(cl, at)
	if n := len(cl.uptime); n > 0 && cl.uptime[n-1].to.IsZero() {
		cl.uptime[n-1].to = at
	}
	cl.d.State = compute.StateTerminated
	cl.d.StateMessage = describeReason(reason)
	cl.d.TerminationReason = reason
	cl.d.TerminatedTime = millis(at)
	cl.d.Driver = nil
	cl.d.Executors = nil
	cl.d.ClusterCores = 0
	cl.d.ClusterMemoryMb = 0
	cl.d.SparkContextId = 0
	ws.librariesOnTerminate(cl)
}

func (ws *workspace) clusterStart(c *call) (any, error) {
	var req compute.StartCluster
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	cl, err := ws.clusterFor(c, req.ClusterId, levelRestart)
	if err != nil {
		return nil, err
	}
	if cl.d.ClusterSource == compute.ClusterSourceJob {
		return nil, errInvalidParam("Cluster %s is a job cluster and cannot be started. Job clusters live only as long as their run.", cl.d.ClusterId)
	}
	if cl.d.State != compute.StateTerminated {
		return nil, unexpectedState(cl)
	}
	ws.beginStart(cl, c.now, startStart, c.user.userName)
	return nil, nil
}

func (ws *workspace) clusterRestart(c *call) (any, error) {
	var req compute.RestartCluster
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	cl, err := ws.clusterFor(c, req.ClusterId, levelRestart)
	if err != nil {
		return nil, err
	}
	if cl.d.State != compute.StateRunning {
		return nil, unexpectedState(cl)
	}
	by := c.user.userName
	if req.RestartUser != "" {
		by = req.RestartUser
	}
	ws.closeUptime(cl, c.now)
	ws.poolsReturn(cl, c.now)
	ws.beginStart(cl, c.now, startRestart, by)
	return nil, nil
}

func (ws *workspace) closeUptime(cl *cluster, at time.Time) {
	if n := len(cl.uptime); n > 0 && cl.uptime[n-1].to.IsZero() {
		cl.uptime[n-1].to = at
	}
}

func unexpectedState(cl *cluster) error {
	s := strings.ToLower(string(cl.d.State))
	return errInvalidState("Cluster %s is in unexpected state %s.", cl.d.ClusterId, strings.ToUpper(s[:1])+s[1:])
}

func (ws *workspace) clusterDelete(c *call) (any, error) {
	var req compute.DeleteCluster
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	cl, err := ws.clusterFor(c, req.ClusterId, levelRestart)
	if err != nil {
		return nil, err
	}
	switch cl.d.State {
	case compute.StateTerminated, compute.StateTerminating:
		return nil, nil // terminating twice is not an error
	}
	ws.closeUptime(cl, c.now)
	ws.beginTerminate(cl, c.now, userReason(compute.TerminationReasonCodeUserRequest, compute.TerminationReasonTypeSuccess,
		map[string]string{"username": c.user.userName}), c.user.userName)
	return nil, nil
}

func (ws *workspace) clusterResize(c *call) (any, error) {
	var req compute.ResizeCluster
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	cl, err := ws.clusterFor(c, req.ClusterId, levelManage)
	if err != nil {
		return nil, err
	}
	if cl.d.State != compute.StateRunning {
		return nil, unexpectedState(cl)
	}
	current := cl.d.NumWorkers
	switch {
	case req.Autoscale != nil:
		a := *req.Autoscale
		if a.MinWorkers < 0 || a.MaxWorkers < 1 || a.MinWorkers > a.MaxWorkers {
			return nil, errInvalidParam("Invalid autoscale configuration: min_workers %d, max_workers %d.", a.MinWorkers, a.MaxWorkers)
		}
		cl.d.Autoscale = &a
		cl.target = min(max(current, a.MinWorkers), a.MaxWorkers)
	case req.NumWorkers >= 0 && (req.NumWorkers > 0 || containsField(req.ForceSendFields, "NumWorkers")):
		cl.d.Autoscale = nil
		cl.target = req.NumWorkers
	default:
		return nil, errInvalidParam("Either num_workers or autoscale must be provided.")
	}
	if spec := cl.ownSpec(); spec != nil {
		spec.Autoscale, spec.NumWorkers = cl.d.Autoscale, cl.target
	}
	ws.resizeTo(cl, c.now, cl.target, c.user.userName, "")
	return nil, nil
}

// resizeTo moves a RUNNING cluster to target workers.
func (ws *workspace) resizeTo(cl *cluster, at time.Time, target int, by string, cause compute.EventDetailsCause) {
	current := cl.d.NumWorkers
	ws.event(cl, at, compute.EventTypeResizing, &compute.EventDetails{CurrentNumWorkers: current, TargetNumWorkers: target,
		User: by, Cause: cause, ForceSendFields: []string{"CurrentNumWorkers", "TargetNumWorkers"}})
	cl.gen++
	gen := cl.gen
	cl.target = target
	if target == current {
		return
	}
	granted, reason := ws.poolsResize(cl, at, target-current)
	if reason != nil {
		ws.event(cl, at, compute.EventTypeAddNodesFailed, &compute.EventDetails{Reason: reason,
			CurrentNumWorkers: current, TargetNumWorkers: target, ForceSendFields: []string{"CurrentNumWorkers", "TargetNumWorkers"}})
	}
	final := current + granted
	cl.d.State = compute.StateResizing
	cl.d.StateMessage = fmt.Sprintf("Resizing cluster from %d to %d workers", current, target)
	dur := ws.jitter(ws.dur.ClusterResize)
	if final < current {
		dur = dur / 6
	}
	ws.sched.at(at.Add(dur), func(t time.Time) {
		if cl.gen != gen {
			return
		}
		cl.gen++
		ws.poolsPromote(cl)
		cl.d.State = compute.StateRunning
		cl.d.StateMessage = ""
		cl.d.NumWorkers = final
		ws.refreshNodes(cl, t)
		if final > current {
			ws.event(cl, t, compute.EventTypeUpsizeCompleted, &compute.EventDetails{CurrentNumWorkers: final, TargetNumWorkers: target,
				ForceSendFields: []string{"CurrentNumWorkers", "TargetNumWorkers"}})
		}
		ws.scheduleAutoTermination(cl)
	})
}

func containsField(fields []string, f string) bool {
	for _, x := range fields {
		if x == f {
			return true
		}
	}
	return false
}
