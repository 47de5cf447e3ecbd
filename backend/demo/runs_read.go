package demo

// Reading and cancelling submitted runs: runs/get, runs/get-output (of a
// task run, described as a run of its own) and runs/cancel.

import (
	"fmt"
	"slices"
	"time"

	"github.com/databricks/databricks-sdk-go/service/jobs"
)

func (ws *workspace) runFor(c *call, id int64) (*run, error) {
	rn, ok := ws.run(id)
	if !ok {
		return nil, errInvalidParam("Run %d does not exist.", id)
	}
	if rn.r.CreatorUserName != c.user.userName && !c.user.isAdmin() {
		return nil, errPermission("User %s does not have View permission on run %d.", c.user.userName, id)
	}
	return rn, nil
}

// taskRunFor finds a task run by its own run id.
func (ws *workspace) taskRunFor(id int64) (*run, *taskRun) {
	for _, rn := range ws.runs {
		for _, tr := range rn.tasks {
			if rn.r.Tasks[tr.idx].RunId == id {
				return rn, tr
			}
		}
	}
	if rn, ok := ws.generatedRun(id - 1); ok && rn.r.Tasks[0].RunId == id {
		return rn, rn.tasks[0]
	}
	return nil, nil
}

func (ws *workspace) runGet(c *call) (any, error) {
	id, err := c.queryInt("run_id", 0)
	if err != nil {
		return nil, err
	}
	rn, err := ws.runFor(c, id)
	if err != nil {
		return nil, err
	}
	out := ws.withPageURLs(c, rn.r)
	out.Tasks = append([]jobs.RunTask(nil), out.Tasks...)
	for i := range out.Tasks {
		if out.Tasks[i].SetupDuration < 0 {
			out.Tasks[i].SetupDuration = 0
		}
	}
	return out, nil
}

func (ws *workspace) runGetOutput(c *call) (any, error) {
	id, err := c.queryInt("run_id", 0)
	if err != nil {
		return nil, err
	}
	if rn, ok := ws.run(id); ok {
		if len(rn.tasks) != 1 {
			return nil, errInvalidParam("Retrieving the output of runs with multiple tasks is not supported. Please retrieve the output of each individual task run instead.")
		}
		id = rn.r.Tasks[0].RunId
	}
	rn, tr := ws.taskRunFor(id)
	if rn == nil {
		return nil, errInvalidParam("Run %d does not exist.", id)
	}
	if _, err := ws.runFor(c, rn.r.RunId); err != nil {
		return nil, err
	}
	out := tr.output
	r := ws.withPageURLs(c, rn.r)
	out.Metadata = taskRunMetadata(r, r.Tasks[tr.idx])
	return out, nil
}

// taskRunMetadata is a task run described as a run of its own, as
// runs/get-output answers for it: its own id, state, times and page, with
// job_run_id naming the run it belongs to.
func taskRunMetadata(r jobs.Run, t jobs.RunTask) *jobs.Run {
	meta := r
	meta.RunId, meta.JobRunId, meta.NumberInJob, meta.OriginalAttemptRunId = t.RunId, r.RunId, t.RunId, t.RunId
	meta.AttemptNumber, meta.State, meta.Status = t.AttemptNumber, t.State, t.Status
	meta.StartTime, meta.EndTime, meta.RunDuration = t.StartTime, t.EndTime, t.RunDuration
	meta.SetupDuration, meta.ExecutionDuration, meta.CleanupDuration = max(t.SetupDuration, 0), t.ExecutionDuration, t.CleanupDuration
	meta.ClusterInstance, meta.RunPageUrl, meta.Description = t.ClusterInstance, t.RunPageUrl, t.Description
	t.SetupDuration = meta.SetupDuration
	meta.Tasks = []jobs.RunTask{t}
	return &meta
}

// withPageURLs fills in the page links of a seeded run: it was made before
// any client called, so without the host clients reach the workspace at.
func (ws *workspace) withPageURLs(c *call, r jobs.Run) jobs.Run {
	if r.RunPageUrl != "" {
		return r
	}
	r.RunPageUrl = ws.runPageURL(c, r.JobId, r.RunId)
	r.Tasks = slices.Clone(r.Tasks)
	for i := range r.Tasks {
		if r.Tasks[i].RunPageUrl == "" {
			r.Tasks[i].RunPageUrl = ws.runPageURL(c, r.JobId, r.Tasks[i].RunId)
		}
	}
	return r
}

// runPageURL is the run's page on the workspace host the client called,
// absolute as a real workspace gives it.
func (ws *workspace) runPageURL(c *call, jobID, runID int64) string {
	return fmt.Sprintf("http://%s/?o=%d#job/%d/run/%d", c.r.Host, ws.id, jobID, runID)
}

func (ws *workspace) runCancel(c *call) (any, error) {
	var req jobs.CancelRun
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	rn, err := ws.runFor(c, req.RunId)
	if err != nil {
		return nil, err
	}
	switch rn.r.State.LifeCycleState {
	case jobs.RunLifeCycleStateTerminated, jobs.RunLifeCycleStateInternalError, jobs.RunLifeCycleStateTerminating:
		return nil, nil
	}
	rn.r.State = &jobs.RunState{LifeCycleState: jobs.RunLifeCycleStateTerminating, StateMessage: "Run cancellation requested"}
	rn.r.Status = &jobs.RunStatus{State: jobs.RunLifecycleStateV2StateTerminating}
	ws.sched.at(c.now.Add(10*time.Second), func(t time.Time) {
		ws.finishRun(rn, t, jobs.RunResultStateCanceled, "Run cancelled by "+c.user.userName, true)
	})
	return nil, nil
}
