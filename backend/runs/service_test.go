package runs

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
	"github.com/clusterdeck/clusterdeck/backend/drafts"
)

func TestSubmitListOutputCancelOnACluster(t *testing.T) {
	t.Parallel()
	svc, w, srv := empty(t)
	ctx := demotest.Ctx(t)
	id := create(t, w, smallSpec("shared"))
	other := create(t, w, smallSpec("other"))
	until(t, w, srv, id, compute.StateRunning)

	// Problems stop the submit, each at its field.
	sub, err := svc.Submit(ctx, "demo", SubmitRequest{ClusterID: id, Task: Task{Kind: KindNotebook, Path: "Shared/etl"}})
	require.NoError(t, err)
	require.Len(t, sub.Problems, 1)
	assert.Equal(t, "path", sub.Problems[0].Field)
	assert.Nil(t, sub.Run)

	nb := SubmitRequest{ClusterID: id, IdempotencyToken: "tok-nb", Task: Task{Kind: KindNotebook, Path: "/Shared/etl/load", Parameters: "date=2026-11-23"}}
	sub, err = svc.Submit(ctx, "demo", nb)
	require.NoError(t, err)
	require.NotNil(t, sub.Run)
	assert.Equal(t, StatusRunning, sub.Run.Status)
	assert.Contains(t, sub.Run.Actions, ActionCancel)
	// A retry with the same token is the same run.
	again, err := svc.Submit(ctx, "demo", nb)
	require.NoError(t, err)
	assert.Equal(t, sub.Run.RunID, again.Run.RunID)

	missing, err := svc.Submit(ctx, "demo", SubmitRequest{ClusterID: id, Task: Task{Kind: KindNotebook, Path: "/Shared/missing"}})
	require.NoError(t, err)
	long, err := svc.Submit(ctx, "demo", SubmitRequest{ClusterID: id, Task: Task{Kind: KindWheel, PackageName: "flowyml", EntryPoint: "run_pipeline"}})
	require.NoError(t, err)
	elsewhere, err := svc.Submit(ctx, "demo", SubmitRequest{ClusterID: other, Task: Task{Kind: KindPython, Path: "/Workspace/etl/a.py"}})
	require.NoError(t, err)

	cancelled, err := svc.Cancel(ctx, "demo", long.Run.RunID)
	require.NoError(t, err)
	assert.Equal(t, "TERMINATING", cancelled.LifeCycleState)
	assert.Equal(t, StatusRunning, cancelled.Status, "cancelling is still on its way")

	done := runUntil(t, svc, srv, sub.Run.RunID, StatusSucceeded)
	assert.Equal(t, "TERMINATED", done.LifeCycleState)
	assert.Equal(t, "SUCCESS", done.ResultState)
	assert.NotContains(t, done.Actions, ActionCancel)
	out, err := svc.Output(ctx, "demo", sub.Run.RunID)
	require.NoError(t, err)
	assert.Contains(t, out.NotebookResult, "2026-11-23")

	failed := runUntil(t, svc, srv, missing.Run.RunID, StatusFailed)
	assert.Equal(t, "INTERNAL_ERROR", failed.LifeCycleState)
	out, err = svc.Output(ctx, "demo", missing.Run.RunID)
	require.NoError(t, err)
	assert.Equal(t, "Notebook not found: /Shared/missing", out.Error)

	gone := runUntil(t, svc, srv, long.Run.RunID, StatusCancelled)
	assert.Equal(t, "CANCELED", gone.ResultState)

	rows, err := svc.List(ctx, "demo", id)
	require.NoError(t, err)
	var ids []int64
	for _, r := range rows {
		ids = append(ids, r.RunID)
	}
	assert.Equal(t, []int64{long.Run.RunID, missing.Run.RunID, sub.Run.RunID}, ids, "this cluster's runs, newest first")
	assert.NotContains(t, ids, elsewhere.Run.RunID)
}

func TestPythonExceptionHasItsTrace(t *testing.T) {
	t.Parallel()
	svc, w, srv := empty(t)
	ctx := demotest.Ctx(t)
	id := create(t, w, smallSpec("shared"))
	sub, err := svc.Submit(ctx, "demo", SubmitRequest{ClusterID: id, Task: Task{Kind: KindPython, Path: "/Workspace/etl/fail_on_nulls.py"}})
	require.NoError(t, err)
	runUntil(t, svc, srv, sub.Run.RunID, StatusFailed)
	out, err := svc.Output(ctx, "demo", sub.Run.RunID)
	require.NoError(t, err)
	assert.Contains(t, out.Error, "ValueError")
	assert.Contains(t, out.ErrorTrace, "Traceback (most recent call last)")
	assert.Equal(t, "FAILED", out.Row.ResultState)
}

func TestSubmitOnANewClusterFromADraft(t *testing.T) {
	t.Parallel()
	svc, w, srv := empty(t)
	ctx := demotest.Ctx(t)
	store, err := drafts.Open(t.TempDir(), drafts.Options{})
	require.NoError(t, err)
	d, err := store.Create(drafts.NewDraft{Name: "etl", Spec: smallSpec("etl-draft"), Libraries: []compute.Library{{Pypi: &compute.PythonPyPiLibrary{Package: "pandas"}}}})
	require.NoError(t, err)
	sub, err := svc.SubmitOnDraft(ctx, "demo", store, d.ID, SubmitRequest{Task: Task{Kind: KindNotebook, Path: "/Shared/etl/load"}})
	require.NoError(t, err)
	require.NotNil(t, sub.Run)
	assert.True(t, sub.Run.NewCluster)
	done := runUntil(t, svc, srv, sub.Run.RunID, StatusSucceeded)
	c, err := w.Clusters.GetByClusterId(ctx, done.ClusterID)
	require.NoError(t, err)
	assert.Equal(t, compute.ClusterSourceJob, c.ClusterSource, "a job cluster made for the run")

	_, err = svc.SubmitOnDraft(ctx, "demo", store, "no-such-draft", SubmitRequest{Task: Task{Kind: KindNotebook, Path: "/x"}})
	assert.Error(t, err)
}

// Issue 35: the submit made the run, then the read of it failed once: the
// run is reported, never a failure a retry would answer with the same run.
func TestSubmitThenAFailedReadStillReportsTheRun(t *testing.T) {
	t.Parallel()
	svc, w, srv := empty(t)
	ctx := demotest.Ctx(t)
	id := create(t, w, smallSpec("shared"))
	until(t, w, srv, id, compute.StateRunning)

	srv.InjectFault(demo.FaultRule{Method: "GET", PathPrefix: "/api/2.2/jobs/runs/get", Kind: demo.FaultInternal, Count: 1})
	req := SubmitRequest{ClusterID: id, IdempotencyToken: "tok-read-fails", Task: Task{Kind: KindNotebook, Path: "/Shared/etl/load"}}
	sub, err := svc.Submit(ctx, "demo", req)
	require.NoError(t, err)
	require.NotNil(t, sub.Run)
	assert.NotZero(t, sub.Run.RunID)
	assert.Equal(t, StatusRunning, sub.Run.Status, "pending until its details are read")
	assert.Contains(t, sub.Run.StateMessage, "could not be read yet")

	again, err := svc.Submit(ctx, "demo", req)
	require.NoError(t, err)
	assert.Equal(t, sub.Run.RunID, again.Run.RunID, "the retry finds the same run")
	assert.Equal(t, "/Shared/etl/load", again.Run.What[:len("/Shared/etl/load")])
}
