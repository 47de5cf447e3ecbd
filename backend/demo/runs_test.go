package demo

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/jobs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

func TestSubmitAndWaitOnNewCluster(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{Empty: true, TimeScale: waiterScale})
	w := client(t, srv, srv.Token())
	ctx := testCtx(t)

	run, err := w.Jobs.SubmitAndWait(ctx, jobs.SubmitRun{RunName: "nightly-load", Tasks: []jobs.SubmitTask{{
		TaskKey: "load", SparkPythonTask: &jobs.SparkPythonTask{PythonFile: "/Workspace/etl/load.py"},
		NewCluster: &compute.ClusterSpec{SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2", NumWorkers: 1},
	}}})
	require.NoError(t, err)
	assert.Equal(t, jobs.RunLifeCycleStateTerminated, run.State.LifeCycleState)
	assert.Equal(t, jobs.RunResultStateSuccess, run.State.ResultState)
	require.Len(t, run.Tasks, 1)
	clusterID := run.Tasks[0].ClusterInstance.ClusterId
	require.NotEmpty(t, clusterID)

	out, err := w.Jobs.GetRunOutput(ctx, jobs.GetRunOutputRequest{RunId: run.Tasks[0].RunId})
	require.NoError(t, err)
	assert.Contains(t, out.Logs, "/Workspace/etl/load.py")
	assert.Empty(t, out.Error)

	// The job cluster goes away with its run and cannot be restarted.
	d, err := w.Clusters.WaitGetClusterTerminated(ctx, clusterID, time.Minute, nil)
	require.NoError(t, err)
	assert.Equal(t, compute.ClusterSourceJob, d.ClusterSource)
	assert.Equal(t, compute.TerminationReasonCodeJobFinished, d.TerminationReason.Code)
	_, err = w.Clusters.Start(ctx, compute.StartCluster{ClusterId: clusterID})
	assert.ErrorIs(t, err, apierr.ErrInvalidParameterValue)
}

func TestRunOnExistingClusterFailsAndCancels(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	created, err := w.Clusters.Create(ctx, smallSpec("shared"))
	require.NoError(t, err)
	id := created.ClusterId

	sub, err := w.Jobs.Submit(ctx, jobs.SubmitRun{RunName: "validate", Tasks: []jobs.SubmitTask{{
		TaskKey: "check", ExistingClusterId: id, NotebookTask: &jobs.NotebookTask{NotebookPath: "/Shared/checks/fail-on-nulls"}}}})
	require.NoError(t, err)
	r, err := w.Jobs.GetRun(ctx, jobs.GetRunRequest{RunId: sub.Response.RunId})
	require.NoError(t, err)
	assert.Equal(t, jobs.RunLifeCycleStatePending, r.State.LifeCycleState)

	stepUntil(t, srv, w, id, compute.StateRunning)
	srv.Clock().Advance(10 * time.Second)
	r, err = w.Jobs.GetRun(ctx, jobs.GetRunRequest{RunId: sub.Response.RunId})
	require.NoError(t, err)
	assert.Equal(t, jobs.RunLifeCycleStateRunning, r.State.LifeCycleState)
	srv.Clock().Advance(5 * time.Minute)
	r, err = w.Jobs.GetRun(ctx, jobs.GetRunRequest{RunId: sub.Response.RunId})
	require.NoError(t, err)
	assert.Equal(t, jobs.RunResultStateFailed, r.State.ResultState)
	out, err := w.Jobs.GetRunOutput(ctx, jobs.GetRunOutputRequest{RunId: r.Tasks[0].RunId})
	require.NoError(t, err)
	assert.Contains(t, out.Error, "ValueError")

	// The shared cluster keeps running; a second run is cancelled mid-way.
	sub2, err := w.Jobs.Submit(ctx, jobs.SubmitRun{RunName: "long", Tasks: []jobs.SubmitTask{{
		TaskKey: "work", ExistingClusterId: id, PythonWheelTask: &jobs.PythonWheelTask{PackageName: "etl", EntryPoint: "main"}}}})
	require.NoError(t, err)
	srv.Clock().Advance(30 * time.Second)
	_, err = w.Jobs.CancelRun(ctx, jobs.CancelRun{RunId: sub2.Response.RunId})
	require.NoError(t, err)
	srv.Clock().Advance(30 * time.Second)
	r, err = w.Jobs.GetRun(ctx, jobs.GetRunRequest{RunId: sub2.Response.RunId})
	require.NoError(t, err)
	assert.Equal(t, jobs.RunResultStateCanceled, r.State.ResultState)
	assert.True(t, r.State.UserCancelledOrTimedout)
	d, err := w.Clusters.GetByClusterId(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, compute.StateRunning, d.State)

	_, err = w.Jobs.GetRun(ctx, jobs.GetRunRequest{RunId: 42})
	assert.ErrorIs(t, err, apierr.ErrResourceDoesNotExist)
	_, err = w.Jobs.Submit(ctx, jobs.SubmitRun{Tasks: []jobs.SubmitTask{{TaskKey: "x", NotebookTask: &jobs.NotebookTask{NotebookPath: "/x"}}}})
	assert.ErrorIs(t, err, apierr.ErrInvalidParameterValue)
}

// A run's page is an absolute URL on the workspace host, and the output of
// one task run of a multi-task run describes that task run, not its parent.
func TestRunPagesAndTaskRunOutput(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	created, err := w.Clusters.Create(ctx, smallSpec("shared"))
	require.NoError(t, err)
	sub, err := w.Jobs.Submit(ctx, jobs.SubmitRun{RunName: "two-steps", Tasks: []jobs.SubmitTask{
		{TaskKey: "extract", ExistingClusterId: created.ClusterId, NotebookTask: &jobs.NotebookTask{NotebookPath: "/Shared/extract"}},
		{TaskKey: "load", ExistingClusterId: created.ClusterId, NotebookTask: &jobs.NotebookTask{NotebookPath: "/Shared/load"}},
	}})
	require.NoError(t, err)
	r, err := w.Jobs.GetRun(ctx, jobs.GetRunRequest{RunId: sub.Response.RunId})
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(r.RunPageUrl, srv.URL()+"/?o="), r.RunPageUrl)
	require.Len(t, r.Tasks, 2)
	load := r.Tasks[1]
	assert.True(t, strings.HasPrefix(load.RunPageUrl, srv.URL()+"/?o="), load.RunPageUrl)

	out, err := w.Jobs.GetRunOutput(ctx, jobs.GetRunOutputRequest{RunId: load.RunId})
	require.NoError(t, err)
	require.NotNil(t, out.Metadata)
	assert.Equal(t, load.RunId, out.Metadata.RunId, "the task run's own id")
	assert.Equal(t, r.RunId, out.Metadata.JobRunId, "the run it belongs to")
	assert.Equal(t, load.RunPageUrl, out.Metadata.RunPageUrl)
	require.Len(t, out.Metadata.Tasks, 1)
	assert.Equal(t, "load", out.Metadata.Tasks[0].TaskKey)

	_, err = w.Jobs.GetRunOutput(ctx, jobs.GetRunOutputRequest{RunId: r.RunId})
	assert.ErrorIs(t, err, apierr.ErrInvalidParameterValue, "a multi-task run has no single output")
}

// jobs/runs/list shows the caller's submitted runs newest first, pages by
// token without repeats while new runs arrive, filters, and hides other
// users' runs from a non-admin.
func TestRunsList(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	created, err := w.Clusters.Create(ctx, smallSpec("shared"))
	require.NoError(t, err)
	submit := func(w *workspaceapi.Client, name string) int64 {
		sub, err := w.Jobs.Submit(ctx, jobs.SubmitRun{RunName: name, Tasks: []jobs.SubmitTask{{
			TaskKey: "t", ExistingClusterId: created.ClusterId, NotebookTask: &jobs.NotebookTask{NotebookPath: "/Shared/" + name}}}})
		require.NoError(t, err)
		srv.Clock().Advance(time.Second)
		return sub.Response.RunId
	}
	var ids []int64
	for i := range 7 {
		ids = append(ids, submit(w, fmt.Sprintf("run-%d", i)))
	}

	// Page by 3 while two more runs are submitted: each older run once,
	// newest first. The iterator fetches a page when it has used the last.
	var got []int64
	it := w.Jobs.ListRuns(ctx, jobs.ListRunsRequest{Limit: 3, RunType: jobs.RunTypeSubmitRun})
	for it.HasNext(ctx) {
		r, err := it.Next(ctx)
		require.NoError(t, err)
		got = append(got, r.RunId)
		assert.Empty(t, r.Tasks, "tasks only with expand_tasks")
		if len(got) == 3 || len(got) == 6 {
			submit(w, "late")
		}
	}
	want := append([]int64(nil), ids...)
	slices.Reverse(want)
	assert.Equal(t, want, got)

	all, err := w.Jobs.ListRunsAll(ctx, jobs.ListRunsRequest{ExpandTasks: true, ActiveOnly: true})
	require.NoError(t, err)
	assert.Len(t, all, 9)
	assert.NotEmpty(t, all[0].Tasks)

	limited, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	theirs, err := client(t, srv, limited).Jobs.ListRunsAll(ctx, jobs.ListRunsRequest{})
	require.NoError(t, err)
	assert.Empty(t, theirs, "another user's runs are not listed")

	_, err = w.Jobs.ListRunsAll(ctx, jobs.ListRunsRequest{Limit: 26})
	assert.ErrorIs(t, err, apierr.ErrInvalidParameterValue)
}
