package demo

import (
	"encoding/base64"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/jobs"
	wsapi "github.com/databricks/databricks-sdk-go/service/workspace"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A one-time run's notebook is looked up in the workspace tree when its
// task would start: a notebook there (seeded or imported, either path
// spelling) runs; a path with no notebook (never there, deleted, or a
// folder) ends the run INTERNAL_ERROR / FAILED with "Notebook not found:
// PATH" and RESOURCE_NOT_FOUND. The wording is the one Databricks job
// runs report (seen in users' reports, not in the API reference); the
// codes are the Jobs API's (https://docs.databricks.com/api/workspace/jobs/getrun).
func TestRunNotebookFromTheWorkspaceTree(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	created, err := w.Clusters.Create(ctx, smallSpec("shared"))
	require.NoError(t, err)
	id := created.ClusterId
	stepUntil(t, srv, w, id, compute.StateRunning)

	require.NoError(t, w.Workspace.Import(ctx, wsapi.Import{Path: demoHome + "/new-job", Format: wsapi.ImportFormatSource,
		Language: wsapi.LanguagePython, Content: base64.StdEncoding.EncodeToString([]byte("print(1)"))}))
	require.NoError(t, w.Workspace.Delete(ctx, wsapi.Delete{Path: "/Shared/etl/extract"}))

	cases := []struct {
		path    string
		found   bool
		comment string
	}{
		{"/Shared/etl/load", true, "seeded"},
		{"/Workspace/Shared/etl/load", true, "the /Workspace spelling"},
		{demoHome + "/new-job", true, "imported"},
		{"/Shared/etl/extract", false, "deleted"},
		{"/Shared/etl", false, "a folder"},
		{"/Shared/requirements.txt", false, "a file"},
		{"/Users/" + adminUserName + "/never-written", false, "never there"},
	}
	ids := map[string]int64{}
	for _, tc := range cases {
		sub, err := w.Jobs.Submit(ctx, jobs.SubmitRun{RunName: tc.comment, Tasks: []jobs.SubmitTask{{
			TaskKey: "main", ExistingClusterId: id, NotebookTask: &jobs.NotebookTask{NotebookPath: tc.path, Source: jobs.SourceWorkspace}}}})
		require.NoError(t, err, "the path is checked when the task starts, not on submit")
		ids[tc.path] = sub.Response.RunId
	}
	srv.Clock().Advance(10 * time.Minute)

	for _, tc := range cases {
		t.Run(tc.comment, func(t *testing.T) {
			r, err := w.Jobs.GetRun(ctx, jobs.GetRunRequest{RunId: ids[tc.path]})
			require.NoError(t, err)
			if tc.found {
				assert.Equal(t, jobs.RunResultStateSuccess, r.State.ResultState)
				return
			}
			assert.Equal(t, jobs.RunLifeCycleStateInternalError, r.State.LifeCycleState)
			assert.Equal(t, jobs.RunResultStateFailed, r.State.ResultState)
			assert.Equal(t, "Notebook not found: "+tc.path, r.State.StateMessage)
			assert.Equal(t, jobs.TerminationCodeCodeResourceNotFound, r.Status.TerminationDetails.Code)
			out, err := w.Jobs.GetRunOutput(ctx, jobs.GetRunOutputRequest{RunId: r.Tasks[0].RunId})
			require.NoError(t, err)
			assert.Equal(t, "Notebook not found: "+tc.path, out.Error)
		})
	}
}
