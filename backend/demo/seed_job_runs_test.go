package demo

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/jobs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every seeded job cluster serves a run that jobs/runs/get answers (at 2.2,
// the SDK's, and 2.1, older clients'), is named after it
// (job-<job id>-run-<run id>) and carries the job-cluster default tags.
// Sources: the SDK's ClusterDetails.DefaultTags doc (databricks-sdk-go
// service/compute/model.go: Vendor, Creator, ClusterName, ClusterId) and
// "On job clusters, Azure Databricks also applies the following default
// tags: RunName (Job name), JobId (Job ID)"
// (https://learn.microsoft.com/en-us/azure/databricks/administration-guide/account-settings/usage-detail-tags-azure).
func TestSeededJobClustersHaveTheirRuns(t *testing.T) {
	t.Parallel()
	name := regexp.MustCompile(`^job-(\d+)-run-(\d+)$`)
	cases := []struct {
		name    string
		opts    Options
		minJobs int
	}{
		{name: "hand seeds", opts: Options{Seed: 7}, minJobs: 2},
		{name: "generated", opts: Options{Seed: 7, Empty: true, ExtraClusters: 120, EventHistory: 3}, minJobs: 10},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv, w := frozen(t, tc.opts)
			ctx := testCtx(t)
			all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
			require.NoError(t, err)
			jobsSeen, listed := 0, map[int64]bool{}
			for _, c := range all {
				if c.ClusterSource != compute.ClusterSourceJob {
					assert.NotContains(t, c.DefaultTags, "JobId", c.ClusterName)
					assert.NotContains(t, c.DefaultTags, "RunName", c.ClusterName)
					continue
				}
				jobsSeen++
				m := name.FindStringSubmatch(c.ClusterName)
				require.NotNil(t, m, "a job cluster is named after its run: %q", c.ClusterName)
				jobID, _ := strconv.ParseInt(m[1], 10, 64)
				runID, _ := strconv.ParseInt(m[2], 10, 64)

				r, err := w.Jobs.GetRun(ctx, jobs.GetRunRequest{RunId: runID})
				require.NoError(t, err, c.ClusterName)
				assert.Equal(t, jobID, r.JobId, c.ClusterName)
				assert.NotEmpty(t, r.RunName)
				assert.NotEmpty(t, r.RunPageUrl)
				require.Len(t, r.Tasks, 1)
				if ci := r.Tasks[0].ClusterInstance; ci != nil {
					assert.Equal(t, c.ClusterId, ci.ClusterId, "the task ran on this cluster")
				}
				assert.Equal(t, map[string]string{"Vendor": "Databricks", "Creator": c.CreatorUserName, "ClusterName": c.ClusterName,
					"ClusterId": c.ClusterId, "JobId": m[1], "RunName": r.RunName}, c.DefaultTags, c.ClusterName)

				got, err := w.Clusters.GetByClusterId(ctx, c.ClusterId)
				require.NoError(t, err)
				assert.Equal(t, c.DefaultTags, got.DefaultTags, "clusters/get tags it as clusters/list does")

				var old jobs.Run
				getJSON(t, srv, "/api/2.1/jobs/runs/get?run_id="+m[2], &old)
				assert.Equal(t, runID, old.RunId, "jobs/runs/get at 2.1")

				if c.State == compute.StateTerminated {
					assert.Equal(t, jobs.RunLifeCycleStateTerminated, r.State.LifeCycleState, c.ClusterName)
					assert.Equal(t, jobs.RunResultStateSuccess, r.State.ResultState, c.ClusterName)
					assert.Equal(t, compute.TerminationReasonCodeJobFinished, c.TerminationReason.Code, c.ClusterName)
					out, err := w.Jobs.GetRunOutput(ctx, jobs.GetRunOutputRequest{RunId: r.Tasks[0].RunId})
					require.NoError(t, err, c.ClusterName)
					assert.Equal(t, runID, out.Metadata.JobRunId)
				} else {
					assert.Equal(t, jobs.RunLifeCycleStateRunning, r.State.LifeCycleState, "a running job cluster runs its task: %s", c.ClusterName)
				}
				listed[runID] = true
			}
			assert.GreaterOrEqual(t, jobsSeen, tc.minJobs)
			runs, err := w.Jobs.ListRunsAll(ctx, jobs.ListRunsRequest{RunType: jobs.RunTypeJobRun})
			require.NoError(t, err)
			for _, r := range runs {
				delete(listed, r.RunId)
			}
			assert.Empty(t, listed, "runs/list lists every job cluster's run")

			// The same seed makes the same job clusters and runs.
			_, again := frozen(t, tc.opts)
			more, err := again.Clusters.ListAll(ctx, compute.ListClustersRequest{})
			require.NoError(t, err)
			names := func(cs []compute.ClusterDetails) (out []string) {
				for _, c := range cs {
					if c.ClusterSource == compute.ClusterSourceJob {
						out = append(out, c.ClusterName)
					}
				}
				return out
			}
			assert.ElementsMatch(t, names(all), names(more))
		})
	}
}

// A job cluster made for a submitted run is tagged with that run too.
func TestSubmittedJobClusterTags(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	sub, err := w.Jobs.Submit(ctx, jobs.SubmitRun{RunName: "tagged", Tasks: []jobs.SubmitTask{{TaskKey: "t",
		NewCluster:   &compute.ClusterSpec{SparkVersion: lts164, NodeTypeId: "Standard_DS3_v2", NumWorkers: 1},
		NotebookTask: &jobs.NotebookTask{NotebookPath: "/Shared/x"}}}})
	require.NoError(t, err)
	r, err := w.Jobs.GetRun(ctx, jobs.GetRunRequest{RunId: sub.Response.RunId})
	require.NoError(t, err)
	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	require.Len(t, all, 1)
	assert.Equal(t, strconv.FormatInt(r.JobId, 10), all[0].DefaultTags["JobId"])
	assert.Equal(t, "tagged", all[0].DefaultTags["RunName"])
}

func getJSON(t *testing.T, srv *Server, path string, out any) {
	t.Helper()
	req, err := http.NewRequestWithContext(testCtx(t), http.MethodGet, srv.URL()+path, nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+srv.Token())
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode, path)
	require.NoError(t, json.NewDecoder(resp.Body).Decode(out))
}
