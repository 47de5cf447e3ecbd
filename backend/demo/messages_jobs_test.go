package demo

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/jobs"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// jobMessages: what the Jobs API refuses: runs, submitted tasks, their output and lists
// (their parameters and page tokens).
// The rows are messageSource; TestMessageSources runs them.
func jobMessages(f *messageFixtures) []messageSource {
	sparkVersion, nodeType, clusterID, rawCase := f.sparkVersion, f.nodeType, f.clusterID, f.rawCase
	warehouseID, asLimited := f.warehouseID, f.asLimited
	t, ctx, w := f.t, f.ctx, f.w
	adminRun, err := w.Jobs.Submit(ctx, jobs.SubmitRun{RunName: "admin's", Tasks: []jobs.SubmitTask{
		{TaskKey: "a", ExistingClusterId: clusterID, NotebookTask: &jobs.NotebookTask{NotebookPath: "/x"}}}})
	require.NoError(t, err)
	return []messageSource{
		{name: "unknown run",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.Jobs.GetRun(ctx, jobs.GetRunRequest{RunId: 404})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Run 404 does not exist.",
			guess: true, source: "patterned on jobs' `Job 0 does not exist.` (https://github.com/astronomer/astronomer-providers/pull/1254)"},
		{name: "task without compute",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.Jobs.Submit(ctx, jobs.SubmitRun{RunName: "none", Tasks: []jobs.SubmitTask{
					{TaskKey: "a", NotebookTask: &jobs.NotebookTask{NotebookPath: "/x"}}}})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "One of job_cluster_key, new_cluster, or existing_cluster_id must be specified.",
			source: "https://github.com/databricks/cli/issues/838 (jobs/runs/submit, 400 INVALID_PARAMETER_VALUE)"},
		{name: "task with two computes",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.Jobs.Submit(ctx, jobs.SubmitRun{RunName: "two", Tasks: []jobs.SubmitTask{
					{TaskKey: "a", ExistingClusterId: clusterID, NewCluster: &compute.ClusterSpec{SparkVersion: sparkVersion, NodeTypeId: nodeType, NumWorkers: 1},
						NotebookTask: &jobs.NotebookTask{NotebookPath: "/x"}}}})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Task a: exactly one of existing_cluster_id or new_cluster is required.",
			guess: true, source: "no public quote found; cli#838 quotes only the case with none"},
		{name: "output of a multi-task run",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				nb := func(key string) jobs.SubmitTask {
					return jobs.SubmitTask{TaskKey: key, ExistingClusterId: clusterID, NotebookTask: &jobs.NotebookTask{NotebookPath: "/x"}}
				}
				run, err := w.Jobs.Submit(ctx, jobs.SubmitRun{RunName: "two", Tasks: []jobs.SubmitTask{nb("a"), nb("b")}})
				require.NoError(t, err)
				_, err = w.Jobs.GetRunOutput(ctx, jobs.GetRunOutputRequest{RunId: run.RunId})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:    "Retrieving the output of runs with multiple tasks is not supported. Please retrieve the output of each individual task run instead.",
			source: "https://github.com/databricks/databricks-sdk-py/issues/997"},
		{name: "runs list limit", got: rawCase("GET", "/api/2.2/jobs/runs/list?limit=100", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "limit must be between 1 and 25 (is 100)",
			guess: true, source: "no public quote found; the bound is the API reference's"},
		{name: "unknown job", got: rawCase("GET", "/api/2.2/jobs/get?job_id=404", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Job 404 does not exist.",
			source: "https://github.com/databricks/terraform-provider-databricks/issues/740 (`Error: Job <id> does not exist.`); the 400 and code: databricks-sdk-go apierr/error_overrides.go and databricks-sdk-py#612"},
		{name: "reading another user's job",
			got: func(*testing.T, context.Context, *workspaceapi.Client) error {
				return errJobViewDenied(limitedUserName, 771204563)
			},
			status: http.StatusForbidden, code: "PERMISSION_DENIED", msg: "User " + limitedUserName + " does not have View permission on job 771204563.",
			guess: true, source: "patterned on the runs' refusal"},
		{name: "jobs list limit", got: rawCase("GET", "/api/2.2/jobs/list?limit=101", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "limit must be between 1 and 100 (is 101)",
			guess: true, source: "no public quote found; the bound is ListJobsRequest.Limit's doc"},
		{name: "runs: active and completed only", got: rawCase("GET", "/api/2.2/jobs/runs/list?active_only=true&completed_only=true", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "active_only and completed_only cannot both be true",
			guess: true, source: "no public quote found"},
		{name: "runs: a parameter that is not a number", got: rawCase("GET", "/api/2.2/jobs/runs/list?job_id=x", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid value for parameter job_id: "x"`,
			guess: true, source: "no public quote found"},
		{name: "runs: page token", got: rawCase("GET", "/api/2.2/jobs/runs/list?page_token=zzz", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid page token: "zzz"`,
			guess: true, source: "no public quote found"},
		{name: "runs: submit without tasks", got: rawCase("POST", "/api/2.2/jobs/runs/submit", `{"run_name":"none"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "At least one task is required.",
			guess: true, source: "no public quote found"},
		{name: "runs: two tasks with one key", got: rawCase("POST", "/api/2.2/jobs/runs/submit",
			`{"run_name":"dup","tasks":[{"task_key":"a","existing_cluster_id":"`+clusterID+`","notebook_task":{"notebook_path":"/x"}},{"task_key":"a","existing_cluster_id":"`+clusterID+`","notebook_task":{"notebook_path":"/x"}}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Each task needs a unique task_key (task 1).",
			guess: true, source: "no public quote found for runs/submit (the repair API's `rerun_tasks cannot contain duplicate task keys.`, apache/airflow#69998, is another call)"},
		{name: "runs: a task kind the demo does not run", got: rawCase("POST", "/api/2.2/jobs/runs/submit",
			`{"run_name":"sql","tasks":[{"task_key":"q","sql_task":{"warehouse_id":"`+warehouseID+`","query":{"query_id":"1"}}}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Task q: the demo workspace runs notebook, spark_python, python_wheel and spark_jar tasks only.",
			guess: true, source: "the demo's own limit"},
		{name: "runs: reading another user's run", got: asLimited("GET", fmt.Sprintf("/api/2.2/jobs/runs/get?run_id=%d", adminRun.RunId), ""),
			status: http.StatusForbidden, code: "PERMISSION_DENIED", msg: fmt.Sprintf("User %s does not have View permission on run %d.", limitedUserName, adminRun.RunId),
			guess: true, source: "no public quote found; the job's refusal follows it"},
		{name: "cluster: starting a job cluster", got: f.live.rawLive("POST", "/api/2.1/clusters/start", `{"cluster_id":"`+f.live.jobClusterID+`"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Cluster " + f.live.jobClusterID + " is a job cluster and cannot be started. Job clusters live only as long as their run.",
			guess: true, source: "no public quote found"},
	}
}
