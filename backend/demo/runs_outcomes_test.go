package demo

import (
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/jobs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A missing notebook ends the run as a workspace does: INTERNAL_ERROR with
// "Notebook not found: PATH", RESOURCE_NOT_FOUND in the newer status; a
// timeout ends it TIMEDOUT with the platform's CANCELED code; the same
// idempotency token returns the same run.
func TestRunOutcomesMissingNotebookTimeoutIdempotency(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	created, err := w.Clusters.Create(ctx, smallSpec("shared"))
	require.NoError(t, err)
	id := created.ClusterId
	stepUntil(t, srv, w, id, compute.StateRunning)

	submit := func(path string, timeout int, token string) int64 {
		sub, err := w.Jobs.Submit(ctx, jobs.SubmitRun{RunName: path, TimeoutSeconds: timeout, IdempotencyToken: token, Tasks: []jobs.SubmitTask{{
			TaskKey: "main", ExistingClusterId: id, NotebookTask: &jobs.NotebookTask{NotebookPath: path, BaseParameters: map[string]string{"date": "2026-11-23"}}}}})
		require.NoError(t, err)
		return sub.Response.RunId
	}
	missing := submit("/Shared/missing-notebook", 0, "")
	slow := submit("/Shared/etl/load", 60, "")
	ok := submit("/Shared/etl/load", 0, "tok-1")
	assert.Equal(t, ok, submit("/Shared/etl/load", 0, "tok-1"), "the same token returns the same run")
	srv.Clock().Advance(10 * time.Minute)

	r, err := w.Jobs.GetRun(ctx, jobs.GetRunRequest{RunId: missing})
	require.NoError(t, err)
	assert.Equal(t, jobs.RunLifeCycleStateInternalError, r.State.LifeCycleState)
	assert.Equal(t, "Notebook not found: /Shared/missing-notebook", r.State.StateMessage)
	assert.Equal(t, jobs.TerminationCodeCodeResourceNotFound, r.Status.TerminationDetails.Code)
	out, err := w.Jobs.GetRunOutput(ctx, jobs.GetRunOutputRequest{RunId: r.Tasks[0].RunId})
	require.NoError(t, err)
	assert.Equal(t, "Notebook not found: /Shared/missing-notebook", out.Error)

	r, err = w.Jobs.GetRun(ctx, jobs.GetRunRequest{RunId: slow})
	require.NoError(t, err)
	assert.Equal(t, jobs.RunResultStateTimedout, r.State.ResultState)
	assert.Equal(t, jobs.TerminationCodeCodeCanceled, r.Status.TerminationDetails.Code)

	out, err = w.Jobs.GetRunOutput(ctx, jobs.GetRunOutputRequest{RunId: ok})
	require.NoError(t, err)
	require.NotNil(t, out.NotebookOutput)
	assert.Contains(t, out.NotebookOutput.Result, `"date":"2026-11-23"`)
}
