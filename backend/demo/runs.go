package demo

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/jobs"
)

// run is a one-off job run (runs/submit). Each task waits for its cluster,
// executes for RunDuration and ends; new clusters are job clusters that
// terminate with the task.
type run struct {
	r           jobs.Run
	tasks       []*taskRun
	idempotency string
}

type taskRun struct {
	idx        int // into run.r.Tasks
	clusterID  string
	newCluster bool
	started    time.Time // execution start; zero while waiting for the cluster
	done       bool
	fails      bool
	output     jobs.RunOutput
	runFor     time.Duration // how long it executes; 0: Options.RunDuration (seeded runs set theirs)
}

func (tr *taskRun) execTime(def time.Duration) time.Duration {
	if tr.runFor > 0 {
		return tr.runFor
	}
	return def
}

const runPollEvery = 5 * time.Second

// runRoutes serves the runs API at 2.2 (the SDK's) and at 2.1, which older
// clients still call; the demo answers both alike.
func runRoutes() map[string]handler {
	r := map[string]handler{}
	for _, v := range []string{"2.1", "2.2"} {
		r["POST /api/"+v+"/jobs/runs/submit"] = (*workspace).runSubmit
		r["GET /api/"+v+"/jobs/runs/get"] = (*workspace).runGet
		r["GET /api/"+v+"/jobs/runs/get-output"] = (*workspace).runGetOutput
		r["POST /api/"+v+"/jobs/runs/cancel"] = (*workspace).runCancel
		r["GET /api/"+v+"/jobs/runs/list"] = (*workspace).runList
	}
	return r
}

func taskKind(t jobs.SubmitTask) (string, bool) {
	switch {
	case t.NotebookTask != nil:
		return "notebook " + t.NotebookTask.NotebookPath, true
	case t.SparkPythonTask != nil:
		return "python file " + t.SparkPythonTask.PythonFile, true
	case t.PythonWheelTask != nil:
		return "wheel " + t.PythonWheelTask.PackageName + "." + t.PythonWheelTask.EntryPoint, true
	case t.SparkJarTask != nil:
		return "jar main class " + t.SparkJarTask.MainClassName, true
	}
	return "", false
}

func (ws *workspace) runSubmit(c *call) (any, error) {
	var req jobs.SubmitRun
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	if len(req.Tasks) == 0 {
		return nil, errInvalidParam("At least one task is required.")
	}
	if req.IdempotencyToken != "" {
		for _, r := range ws.runs {
			if r.idempotency == req.IdempotencyToken && r.r.CreatorUserName == c.user.userName {
				return jobs.SubmitRunResponse{RunId: r.r.RunId}, nil
			}
		}
	}
	ws.nextRunID += 1 + int64(ws.rnd.IntN(50))
	rn := &run{r: jobs.Run{
		RunId: ws.nextRunID, RunName: req.RunName, JobId: ws.nextRunID/7 + 11, CreatorUserName: c.user.userName,
		RunType: jobs.RunTypeSubmitRun, StartTime: millis(c.now), NumberInJob: ws.nextRunID, OriginalAttemptRunId: ws.nextRunID,
		State:      &jobs.RunState{LifeCycleState: jobs.RunLifeCycleStatePending, StateMessage: "Waiting for cluster"},
		Status:     &jobs.RunStatus{State: jobs.RunLifecycleStateV2StatePending},
		RunPageUrl: ws.runPageURL(c, ws.nextRunID/7+11, ws.nextRunID),
	}, idempotency: req.IdempotencyToken}
	type pendingCluster struct {
		d  compute.ClusterDetails
		tr *taskRun
	}
	var toCreate []pendingCluster
	if rn.r.RunName == "" {
		rn.r.RunName = "Untitled"
	}
	seen := map[string]bool{}
	for i, t := range req.Tasks {
		if t.TaskKey == "" || seen[t.TaskKey] {
			return nil, errInvalidParam("Each task needs a unique task_key (task %d).", i)
		}
		seen[t.TaskKey] = true
		what, ok := taskKind(t)
		if !ok {
			return nil, errInvalidParam("Task %s: the demo workspace runs notebook, spark_python, python_wheel and spark_jar tasks only.", t.TaskKey)
		}
		if t.ExistingClusterId == "" && t.NewCluster == nil {
			// databricks/cli#838; see messages_jobs_test.go.
			return nil, errInvalidParam("One of job_cluster_key, new_cluster, or existing_cluster_id must be specified.")
		}
		if t.ExistingClusterId != "" && t.NewCluster != nil {
			return nil, errInvalidParam("Task %s: exactly one of existing_cluster_id or new_cluster is required.", t.TaskKey)
		}
		tr := &taskRun{idx: i, fails: strings.Contains(strings.ToLower(what), "fail")}
		ws.nextRunID++
		rt := jobs.RunTask{TaskKey: t.TaskKey, RunId: ws.nextRunID, ExistingClusterId: t.ExistingClusterId, NewCluster: t.NewCluster,
			NotebookTask: t.NotebookTask, SparkPythonTask: t.SparkPythonTask, PythonWheelTask: t.PythonWheelTask, SparkJarTask: t.SparkJarTask,
			Libraries: t.Libraries, StartTime: millis(c.now), Description: t.Description, RunPageUrl: ws.runPageURL(c, rn.r.JobId, ws.nextRunID),
			State: &jobs.RunState{LifeCycleState: jobs.RunLifeCycleStatePending}, Status: &jobs.RunStatus{State: jobs.RunLifecycleStateV2StatePending}}
		if t.ExistingClusterId != "" {
			cl, err := ws.clusterFor(c, t.ExistingClusterId, levelAttach)
			if err != nil {
				return nil, err
			}
			if cl.d.State == compute.StateTerminated {
				if err := ws.authorize(c.user, kindCluster, cl.d.ClusterId, levelRestart); err != nil {
					return nil, err
				}
			}
			tr.clusterID = cl.d.ClusterId
		} else {
			d, err := ws.prepareSpec(c, t.NewCluster, true, "", "job")
			if err != nil {
				return nil, err
			}
			d.ClusterName = fmt.Sprintf("job-%d-run-%d", rn.r.JobId, rt.RunId)
			tr.newCluster = true
			toCreate = append(toCreate, pendingCluster{d, tr})
		}
		rn.r.Tasks = append(rn.r.Tasks, rt)
		rn.tasks = append(rn.tasks, tr)
	}
	// Only a fully valid submission makes job clusters.
	for _, p := range toCreate {
		cl := ws.addCluster(p.d, c.user.userName, compute.ClusterSourceJob, c.now)
		cl.runID = rn.r.RunId
		p.tr.clusterID = cl.d.ClusterId
		for _, l := range rn.r.Tasks[p.tr.idx].Libraries {
			ws.attachLibrary(cl, c.now, l)
		}
	}
	ws.runs[rn.r.RunId] = rn
	timeout := time.Duration(req.TimeoutSeconds) * time.Second
	ws.sched.at(c.now, func(at time.Time) { ws.runStep(rn, at, timeout) })
	return jobs.SubmitRunResponse{RunId: rn.r.RunId}, nil
}

// runStep advances a run from the state of its clusters; it reschedules
// itself until the run ends.
func (ws *workspace) runStep(rn *run, at time.Time, timeout time.Duration) {
	switch rn.r.State.LifeCycleState {
	case jobs.RunLifeCycleStateTerminated, jobs.RunLifeCycleStateInternalError, jobs.RunLifeCycleStateTerminating:
		return // ended, or a cancel is finishing it
	}
	if timeout > 0 && at.Sub(time.UnixMilli(rn.r.StartTime)) >= timeout {
		ws.finishRun(rn, at, jobs.RunResultStateTimedout, "Run timed out", true)
		return
	}
	allDone := true
	for _, tr := range rn.tasks {
		if tr.done {
			continue
		}
		allDone = false
		rt := &rn.r.Tasks[tr.idx]
		cl := ws.clusters[tr.clusterID]
		switch {
		case cl == nil:
			ws.failRun(rn, at, fmt.Sprintf("Cluster %s does not exist", tr.clusterID))
			return
		case tr.started.IsZero() && cl.d.State == compute.StateTerminated && !tr.newCluster && rt.SetupDuration == 0:
			ws.beginStart(cl, at, startStart, rn.r.CreatorUserName)
			rt.SetupDuration = -1 // marks "start requested"
		case tr.started.IsZero() && (cl.d.State == compute.StateTerminated || cl.d.State == compute.StateTerminating || cl.d.State == compute.StateError):
			ws.failRun(rn, at, fmt.Sprintf("Cluster '%s' was terminated. Reason: %s.", cl.d.ClusterId, reasonCode(cl)))
			return
		case tr.started.IsZero() && cl.d.State == compute.StateRunning && ws.missingNotebook(rt) != "":
			// As a workspace does: the run ends when the task would start.
			ws.failRunAs(rn, at, "Notebook not found: "+ws.missingNotebook(rt), jobs.TerminationCodeCodeResourceNotFound, jobs.TerminationTypeTypeClientError)
			return
		case tr.started.IsZero() && cl.d.State == compute.StateRunning:
			tr.started = at
			rt.SetupDuration = at.Sub(time.UnixMilli(rt.StartTime)).Milliseconds()
			rt.ClusterInstance = &jobs.ClusterInstance{ClusterId: cl.d.ClusterId, SparkContextId: fmt.Sprint(cl.d.SparkContextId)}
			rt.State = &jobs.RunState{LifeCycleState: jobs.RunLifeCycleStateRunning}
			rt.Status = &jobs.RunStatus{State: jobs.RunLifecycleStateV2StateRunning}
			rn.r.State = &jobs.RunState{LifeCycleState: jobs.RunLifeCycleStateRunning, StateMessage: "In run"}
			rn.r.Status = &jobs.RunStatus{State: jobs.RunLifecycleStateV2StateRunning}
			ws.touch(cl, at)
		case !tr.started.IsZero() && at.Sub(tr.started) >= tr.execTime(ws.dur.RunDuration):
			ws.endTask(rn, tr, at)
		default:
			if !tr.started.IsZero() {
				ws.touch(cl, at)
			}
		}
	}
	if allDone {
		result := jobs.RunResultStateSuccess
		for _, tr := range rn.tasks {
			if tr.fails {
				result = jobs.RunResultStateFailed
			}
		}
		ws.finishRun(rn, at, result, "", false)
		return
	}
	ws.sched.at(at.Add(runPollEvery), func(t time.Time) { ws.runStep(rn, t, timeout) })
}

func reasonCode(cl *cluster) string {
	if cl.d.TerminationReason != nil {
		return string(cl.d.TerminationReason.Code)
	}
	return string(cl.d.State)
}

func (ws *workspace) endTask(rn *run, tr *taskRun, at time.Time) {
	rt := &rn.r.Tasks[tr.idx]
	tr.done = true
	rt.ExecutionDuration = at.Sub(tr.started).Milliseconds()
	rt.EndTime = millis(at)
	result, code := jobs.RunResultStateSuccess, jobs.TerminationCodeCodeSuccess
	what, _ := taskKindOf(rt)
	tr.output.Logs = fmt.Sprintf("Starting %s on cluster %s\nReading input: 1,284,113 rows\nWrote 1,284,113 rows to main.demo.%s\nDone in %.1f s\n",
		what, tr.clusterID, strings.ReplaceAll(rt.TaskKey, "-", "_"), tr.execTime(ws.dur.RunDuration).Seconds())
	if rt.NotebookTask != nil {
		params, _ := json.Marshal(rt.NotebookTask.BaseParameters)
		tr.output.NotebookOutput = &jobs.NotebookOutput{Result: fmt.Sprintf(`{"rows_written": 1284113, "task": %q, "parameters": %s}`, rt.TaskKey, params)}
		tr.output.Logs = ""
	}
	if tr.fails {
		result, code = jobs.RunResultStateFailed, jobs.TerminationCodeCodeRunExecutionError
		tr.output.Error = "ValueError: input column 'amount' contains nulls"
		tr.output.ErrorTrace = "Traceback (most recent call last):\n  File \"main.py\", line 42, in <module>\n    validate(df)\n  File \"main.py\", line 17, in validate\n    raise ValueError(\"input column 'amount' contains nulls\")\nValueError: input column 'amount' contains nulls"
		tr.output.NotebookOutput = nil
	}
	rt.State = &jobs.RunState{LifeCycleState: jobs.RunLifeCycleStateTerminated, ResultState: result, StateMessage: tr.output.Error}
	rt.Status = &jobs.RunStatus{State: jobs.RunLifecycleStateV2StateTerminated, TerminationDetails: &jobs.TerminationDetails{Code: code, Type: termType(code)}}
	ws.releaseTaskCluster(tr, at)
}

func taskKindOf(rt *jobs.RunTask) (string, bool) {
	return taskKind(jobs.SubmitTask{NotebookTask: rt.NotebookTask, SparkPythonTask: rt.SparkPythonTask,
		PythonWheelTask: rt.PythonWheelTask, SparkJarTask: rt.SparkJarTask})
}

func termType(code jobs.TerminationCodeCode) jobs.TerminationTypeType {
	switch code {
	case jobs.TerminationCodeCodeSuccess, jobs.TerminationCodeCodeUserCanceled, jobs.TerminationCodeCodeCanceled:
		return jobs.TerminationTypeTypeSuccess
	case jobs.TerminationCodeCodeClusterError:
		return jobs.TerminationTypeTypeCloudFailure
	}
	return jobs.TerminationTypeTypeClientError
}

func (ws *workspace) releaseTaskCluster(tr *taskRun, at time.Time) {
	cl := ws.clusters[tr.clusterID]
	if !tr.newCluster || cl == nil || cl.d.State == compute.StateTerminated || cl.d.State == compute.StateTerminating {
		return
	}
	ws.closeUptime(cl, at)
	ws.beginTerminate(cl, at, userReason(compute.TerminationReasonCodeJobFinished, compute.TerminationReasonTypeSuccess, nil), "")
}

func (ws *workspace) failRun(rn *run, at time.Time, msg string) {
	ws.failRunAs(rn, at, msg, jobs.TerminationCodeCodeClusterError, jobs.TerminationTypeTypeCloudFailure)
}

// failRunAs ends the run as INTERNAL_ERROR, as a workspace reports a run
// that could not execute (its cluster died, its notebook is missing).
func (ws *workspace) failRunAs(rn *run, at time.Time, msg string, code jobs.TerminationCodeCode, typ jobs.TerminationTypeType) {
	for _, tr := range rn.tasks {
		if !tr.done {
			tr.done = true
			rt := &rn.r.Tasks[tr.idx]
			rt.State = &jobs.RunState{LifeCycleState: jobs.RunLifeCycleStateInternalError, ResultState: jobs.RunResultStateFailed, StateMessage: msg}
			rt.Status = &jobs.RunStatus{State: jobs.RunLifecycleStateV2StateTerminated, TerminationDetails: &jobs.TerminationDetails{
				Code: code, Type: typ, Message: msg}}
			rt.EndTime = millis(at)
			tr.output.Error = msg
			ws.releaseTaskCluster(tr, at)
		}
	}
	rn.r.State = &jobs.RunState{LifeCycleState: jobs.RunLifeCycleStateInternalError, ResultState: jobs.RunResultStateFailed, StateMessage: msg}
	rn.r.Status = &jobs.RunStatus{State: jobs.RunLifecycleStateV2StateTerminated, TerminationDetails: &jobs.TerminationDetails{
		Code: code, Type: typ, Message: msg}}
	ws.closeRun(rn, at)
}

func (ws *workspace) finishRun(rn *run, at time.Time, result jobs.RunResultState, msg string, cancelled bool) {
	code := map[jobs.RunResultState]jobs.TerminationCodeCode{
		jobs.RunResultStateSuccess: jobs.TerminationCodeCodeSuccess, jobs.RunResultStateFailed: jobs.TerminationCodeCodeRunExecutionError,
		jobs.RunResultStateCanceled: jobs.TerminationCodeCodeUserCanceled, jobs.RunResultStateTimedout: jobs.TerminationCodeCodeCanceled,
	}[result]
	for _, tr := range rn.tasks {
		if !tr.done {
			tr.done = true
			rt := &rn.r.Tasks[tr.idx]
			rt.State = &jobs.RunState{LifeCycleState: jobs.RunLifeCycleStateTerminated, ResultState: result, StateMessage: msg, UserCancelledOrTimedout: cancelled}
			rt.Status = &jobs.RunStatus{State: jobs.RunLifecycleStateV2StateTerminated, TerminationDetails: &jobs.TerminationDetails{Code: code, Type: termType(code), Message: msg}}
			rt.EndTime = millis(at)
			ws.releaseTaskCluster(tr, at)
		}
	}
	rn.r.State = &jobs.RunState{LifeCycleState: jobs.RunLifeCycleStateTerminated, ResultState: result, StateMessage: msg, UserCancelledOrTimedout: cancelled}
	rn.r.Status = &jobs.RunStatus{State: jobs.RunLifecycleStateV2StateTerminated, TerminationDetails: &jobs.TerminationDetails{Code: code, Type: termType(code), Message: msg}}
	ws.closeRun(rn, at)
}

func (ws *workspace) closeRun(rn *run, at time.Time) {
	rn.r.EndTime = millis(at)
	rn.r.RunDuration = at.Sub(time.UnixMilli(rn.r.StartTime)).Milliseconds()
	var setup, exec int64
	for _, t := range rn.r.Tasks {
		setup = max(setup, t.SetupDuration)
		exec = max(exec, t.ExecutionDuration)
	}
	rn.r.SetupDuration, rn.r.ExecutionDuration = setup, exec
}
