package demo

// Seeded job runs. A job cluster exists for a run: the service names it
// after the job and the run (job-<job id>-run-<run id>), tags it with JobId
// and RunName (defaultTags), and jobs/runs/get answers for that run. The
// seeds make each job cluster together with its run so that all three agree.

import (
	"fmt"
	"time"

	"github.com/databricks/databricks-sdk-go/service/jobs"
)

func jobClusterName(jobID, runID int64) string { return fmt.Sprintf("job-%d-run-%d", jobID, runID) }

// seedJobRun starts a one-task run of job jobID on cl, the job cluster made
// for it at `at`: the run waits for the cluster, its task executes for
// runFor, then the run ends and the cluster with it, as a submitted run does
// (runStep drives both).
func (ws *workspace) seedJobRun(cl *cluster, jobID, runID int64, name, notebook string, at time.Time, runFor time.Duration) {
	rn := &run{r: jobs.Run{
		RunId: runID, JobId: jobID, RunName: name, CreatorUserName: cl.d.CreatorUserName,
		RunType: jobs.RunTypeJobRun, Trigger: jobs.TriggerTypePeriodic, StartTime: millis(at), NumberInJob: runID, OriginalAttemptRunId: runID,
		State:  &jobs.RunState{LifeCycleState: jobs.RunLifeCycleStatePending, StateMessage: "Waiting for cluster"},
		Status: &jobs.RunStatus{State: jobs.RunLifecycleStateV2StatePending},
		Tasks: []jobs.RunTask{{TaskKey: "main", RunId: runID + 1, NotebookTask: &jobs.NotebookTask{NotebookPath: notebook}, StartTime: millis(at),
			State: &jobs.RunState{LifeCycleState: jobs.RunLifeCycleStatePending}, Status: &jobs.RunStatus{State: jobs.RunLifecycleStateV2StatePending}}},
	}}
	runOfJob(&rn.r, ws.jobs[jobID])
	rn.tasks = []*taskRun{{clusterID: cl.d.ClusterId, newCluster: true, runFor: runFor}}
	cl.runID = runID
	ws.runs[runID] = rn
	ws.sched.at(at, func(t time.Time) { ws.runStep(rn, t, 0) })
}

// The generated job clusters' runs are written from their cluster when read,
// as their events are (scalePast): 2,000 stored runs were 3 MB at 10,000
// clusters. Each generated job cluster ran one run of one of its team's three
// nightly jobs, from its creation to the end of its history.

const (
	generatedJobBase = 771_300_000
	generatedRunBase = 4_100_000 // a run's id; its task run's is the next
)

func generatedJobID(teamIdx, i int) int64 { return generatedJobBase + int64(teamIdx)*10 + int64(i%3) }

func generatedJobName(jobID int64) string {
	n := jobID - generatedJobBase
	return fmt.Sprintf("%s-nightly-%d", scaleTeams[n/10], n%10)
}

// addGeneratedRun names a generated job cluster after its run and indexes it.
func (ws *workspace) addGeneratedRun(cl *cluster, jobID, runID int64) {
	cl.past.jobID, cl.runID = jobID, runID
	cl.d.ClusterName = jobClusterName(jobID, runID)
	ws.genRuns[runID] = cl
}

// jobOf is the job and run name of the run a job cluster serves.
func (ws *workspace) jobOf(cl *cluster) (jobID int64, runName string, ok bool) {
	if rn, found := ws.runs[cl.runID]; found && cl.runID != 0 {
		return rn.r.JobId, rn.r.RunName, true
	}
	if cl.past != nil && cl.past.jobID != 0 {
		return cl.past.jobID, generatedJobName(cl.past.jobID), true
	}
	return 0, "", false
}

// run is a submitted or seeded run, or one written from a generated job cluster.
func (ws *workspace) run(id int64) (*run, bool) {
	if rn, ok := ws.runs[id]; ok {
		return rn, true
	}
	return ws.generatedRun(id)
}

// generatedRun writes the finished run a generated job cluster served.
func (ws *workspace) generatedRun(runID int64) (*run, bool) {
	cl, ok := ws.genRuns[runID]
	if !ok {
		return nil, false
	}
	p := cl.past
	start, up, end := p.created, p.up(), p.end()
	setup, exec := up.Sub(start).Milliseconds(), end.Sub(up).Milliseconds()
	state := &jobs.RunState{LifeCycleState: jobs.RunLifeCycleStateTerminated, ResultState: jobs.RunResultStateSuccess}
	status := &jobs.RunStatus{State: jobs.RunLifecycleStateV2StateTerminated,
		TerminationDetails: &jobs.TerminationDetails{Code: jobs.TerminationCodeCodeSuccess, Type: jobs.TerminationTypeTypeSuccess}}
	team := scaleTeams[(p.jobID-generatedJobBase)/10]
	rn := &run{r: jobs.Run{
		RunId: runID, JobId: p.jobID, RunName: generatedJobName(p.jobID), CreatorUserName: cl.d.CreatorUserName,
		RunType: jobs.RunTypeJobRun, Trigger: jobs.TriggerTypePeriodic, NumberInJob: runID, OriginalAttemptRunId: runID,
		StartTime: millis(start), EndTime: millis(end), RunDuration: setup + exec, SetupDuration: setup, ExecutionDuration: exec,
		State: state, Status: status,
		Tasks: []jobs.RunTask{{TaskKey: "main", RunId: runID + 1, NotebookTask: &jobs.NotebookTask{NotebookPath: "/Repos/" + team + "/pipelines/nightly"},
			ClusterInstance: &jobs.ClusterInstance{ClusterId: cl.d.ClusterId},
			StartTime:       millis(start), EndTime: millis(end), SetupDuration: setup, ExecutionDuration: exec, State: state, Status: status}},
	}}
	runOfJob(&rn.r, ws.jobs[p.jobID])
	rn.tasks = []*taskRun{{clusterID: cl.d.ClusterId, newCluster: true, started: up, done: true,
		output: jobs.RunOutput{NotebookOutput: &jobs.NotebookOutput{Result: `{"rows_written": 1284113}`}}}}
	return rn, true
}

// allRuns is every run of runType ("": any), generated ones written out.
func (ws *workspace) allRuns(runType jobs.RunType) []*run {
	out := make([]*run, 0, len(ws.runs))
	for _, rn := range ws.runs {
		out = append(out, rn)
	}
	if runType == "" || runType == jobs.RunTypeJobRun {
		for id := range ws.genRuns {
			rn, _ := ws.generatedRun(id)
			out = append(out, rn)
		}
	}
	return out
}
