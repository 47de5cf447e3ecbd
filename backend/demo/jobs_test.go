package demo

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/jobs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seededNightlyJob is the hand-seeded job (seed.go) the seeded runs belong to.
const seededNightlyJob = 771204563

// jobsOpts is a workspace with the hand-seeded job and enough generated job
// clusters that every team's three nightly jobs ran: 25 jobs.
var jobsOpts = Options{Seed: 7, ExtraClusters: 600, EventHistory: 2}

// jobs/list pages by token as the 2.2 API does (ListJobsRequest: limit 1 to
// 100, default 20; next_page_token and prev_page_token; has_more), newest
// job first. Whatever the page size, walking the pages lists each job once,
// in the same order the SDK's iterator gives.
func TestJobsListPaging(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, jobsOpts)
	ctx := testCtx(t)
	all, err := w.Jobs.ListAll(ctx, jobs.ListJobsRequest{Limit: 100})
	require.NoError(t, err)
	require.Len(t, all, 1+len(scaleTeams)*3, "the seeded job and three per team")
	for i := 1; i < len(all); i++ {
		assert.GreaterOrEqual(t, all[i-1].CreatedTime, all[i].CreatedTime, "newest first")
	}
	want := make([]int64, len(all))
	for i, j := range all {
		want[i] = j.JobId
	}

	cases := []struct {
		name  string
		limit int // 0: the default
		pages int
	}{
		{"one a page", 1, 25},
		{"seven a page", 7, 4},
		{"the default twenty", 0, 2},
		{"all on one page", 100, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []int64
			var pages []jobs.ListJobsResponse
			for tok := ""; len(pages) == 0 || tok != ""; {
				q := fmt.Sprintf("/api/2.2/jobs/list?page_token=%s", tok)
				if tc.limit != 0 {
					q += "&limit=" + strconv.Itoa(tc.limit)
				}
				var page jobs.ListJobsResponse
				getJSON(t, srv, q, &page)
				pages = append(pages, page)
				for _, j := range page.Jobs {
					got = append(got, j.JobId)
				}
				assert.Equal(t, page.NextPageToken != "", page.HasMore, "has_more says a next page exists")
				tok = page.NextPageToken
				require.Less(t, len(pages), 30, "the walk ends")
			}
			assert.Equal(t, want, got)
			assert.Len(t, pages, tc.pages)
			assert.Empty(t, pages[0].PrevPageToken, "the first page has none before it")
			if len(pages) > 1 {
				// prev_page_token of the second page lists the first again.
				var back jobs.ListJobsResponse
				q := "/api/2.2/jobs/list?page_token=" + pages[1].PrevPageToken
				if tc.limit != 0 {
					q += "&limit=" + strconv.Itoa(tc.limit)
				}
				getJSON(t, srv, q, &back)
				assert.Equal(t, pages[0].Jobs, back.Jobs)
			}
			byIterator, err := w.Jobs.ListAll(ctx, jobs.ListJobsRequest{Limit: max(tc.limit, 1)})
			require.NoError(t, err)
			assert.Len(t, byIterator, len(want), "the SDK's iterator follows the tokens to the end")
		})
	}

	t.Run("the 2.1 path answers alike", func(t *testing.T) {
		var old jobs.ListJobsResponse
		getJSON(t, srv, "/api/2.1/jobs/list?limit=100", &old)
		require.Len(t, old.Jobs, len(want))
		assert.Equal(t, want[0], old.Jobs[0].JobId)
	})
}

// jobs/list filters by exact name, case-insensitively, and shows a job's
// tasks and clusters only with expand_tasks; limits outside 1–100 are
// refused.
func TestJobsListFilters(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, jobsOpts)
	ctx := testCtx(t)
	cases := []struct {
		name   string
		req    jobs.ListJobsRequest
		want   []int64
		tasks  bool
		refuse bool
	}{
		{name: "exact name", req: jobs.ListJobsRequest{Name: "nightly-orders-etl"}, want: []int64{seededNightlyJob}},
		{name: "name in another case", req: jobs.ListJobsRequest{Name: "NIGHTLY-Orders-ETL"}, want: []int64{seededNightlyJob}},
		{name: "a prefix is not a name", req: jobs.ListJobsRequest{Name: "nightly-orders"}, want: nil},
		{name: "a generated job", req: jobs.ListJobsRequest{Name: "finance-nightly-2"}, want: []int64{generatedJobID(3, 2)}},
		{name: "expanded", req: jobs.ListJobsRequest{Name: "nightly-orders-etl", ExpandTasks: true}, want: []int64{seededNightlyJob}, tasks: true},
		{name: "limit 0 is the default", req: jobs.ListJobsRequest{Name: "nightly-orders-etl", Limit: 0}, want: []int64{seededNightlyJob}},
		{name: "limit over 100", req: jobs.ListJobsRequest{Limit: 101}, refuse: true},
		{name: "negative limit", req: jobs.ListJobsRequest{Limit: -1}, refuse: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := w.Jobs.ListAll(ctx, tc.req)
			if tc.refuse {
				assert.ErrorIs(t, err, apierr.ErrInvalidParameterValue)
				return
			}
			require.NoError(t, err)
			var ids []int64
			for _, j := range got {
				ids = append(ids, j.JobId)
				require.NotNil(t, j.Settings)
				assert.NotEmpty(t, j.Settings.Name)
				assert.NotNil(t, j.Settings.Schedule)
				if tc.tasks {
					assert.Len(t, j.Settings.Tasks, 1)
					assert.Len(t, j.Settings.JobClusters, 1)
				} else {
					assert.Empty(t, j.Settings.Tasks, "tasks only with expand_tasks")
					assert.Empty(t, j.Settings.JobClusters)
				}
			}
			assert.Equal(t, tc.want, ids)
		})
	}
}

// jobs/get answers each job its runs name, with the settings its runs and
// job clusters were made from; an unknown id is the service's 400 that the
// SDK reads as ErrResourceDoesNotExist; a user sees only the jobs they own.
func TestJobsGet(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, jobsOpts)
	ctx := testCtx(t)
	limited, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	priyaTok, err := srv.UserToken(srv.Token(), "priya.sharma@example.com")
	require.NoError(t, err)
	cases := []struct {
		name     string
		token    string
		id       int64
		wantName string
		wantErr  error
		wantMsg  string
	}{
		{name: "the seeded job", id: seededNightlyJob, wantName: "nightly-orders-etl"},
		{name: "a generated job", id: generatedJobID(1, 4), wantName: "data-engineering-nightly-1"},
		{name: "its owner reads it", token: priyaTok, id: seededNightlyJob, wantName: "nightly-orders-etl"},
		{name: "unknown id", id: 1, wantErr: apierr.ErrResourceDoesNotExist, wantMsg: "Job 1 does not exist."},
		{name: "no id", id: 0, wantErr: apierr.ErrResourceDoesNotExist, wantMsg: "Job 0 does not exist."},
		{name: "another user's job", token: limited, id: seededNightlyJob, wantErr: apierr.ErrPermissionDenied},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := w
			if tc.token != "" {
				c = client(t, srv, tc.token)
			}
			j, err := c.Jobs.Get(ctx, jobs.GetJobRequest{JobId: tc.id})
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
				var ae *apierr.APIError
				require.ErrorAs(t, err, &ae)
				if tc.wantMsg != "" {
					assert.Equal(t, tc.wantMsg, ae.Message)
				}
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.id, j.JobId)
			assert.Equal(t, tc.wantName, j.Settings.Name)
			assert.Equal(t, j.CreatorUserName, j.RunAsUserName)
			require.Len(t, j.Settings.Tasks, 1)
			require.Len(t, j.Settings.JobClusters, 1)
			assert.Equal(t, j.Settings.JobClusters[0].JobClusterKey, j.Settings.Tasks[0].JobClusterKey)
			assert.NotEmpty(t, j.Settings.Tasks[0].NotebookTask.NotebookPath)
		})
	}

	t.Run("the limited user lists none, the owner hers", func(t *testing.T) {
		none, err := client(t, srv, limited).Jobs.ListAll(ctx, jobs.ListJobsRequest{})
		require.NoError(t, err)
		assert.Empty(t, none)
		hers, err := client(t, srv, priyaTok).Jobs.ListAll(ctx, jobs.ListJobsRequest{})
		require.NoError(t, err)
		require.NotEmpty(t, hers)
		for _, j := range hers {
			assert.Equal(t, "priya.sharma@example.com", j.CreatorUserName)
		}
	})
}

// Every job cluster was made from its job's job_clusters[].new_cluster and
// serves a run that names the job (id and name); jobs/runs/list --job-id
// lists exactly the job's runs.
func TestJobsAgreeWithTheirRunsAndClusters(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, jobsOpts)
	ctx := testCtx(t)
	clusterName := regexp.MustCompile(`^job-(\d+)-run-(\d+)$`)
	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	runsOf := map[int64]int{}
	for _, c := range all {
		if c.ClusterSource != compute.ClusterSourceJob {
			continue
		}
		m := clusterName.FindStringSubmatch(c.ClusterName)
		require.NotNil(t, m, c.ClusterName)
		jobID, _ := strconv.ParseInt(m[1], 10, 64)
		runID, _ := strconv.ParseInt(m[2], 10, 64)
		runsOf[jobID]++

		j, err := w.Jobs.Get(ctx, jobs.GetJobRequest{JobId: jobID})
		require.NoError(t, err, "the job of %s", c.ClusterName)
		spec := j.Settings.JobClusters[0].NewCluster
		assert.Equal(t, spec.SparkVersion, c.SparkVersion, c.ClusterName)
		assert.Equal(t, spec.NodeTypeId, c.NodeTypeId, c.ClusterName)
		assert.Equal(t, spec.DataSecurityMode, c.DataSecurityMode, c.ClusterName)
		assert.Equal(t, spec.CustomTags, c.CustomTags, c.ClusterName)
		assert.Equal(t, j.CreatorUserName, c.CreatorUserName, c.ClusterName)
		if spec.Autoscale != nil {
			require.NotNil(t, c.Autoscale, c.ClusterName)
			assert.Equal(t, [2]int{spec.Autoscale.MinWorkers, spec.Autoscale.MaxWorkers}, [2]int{c.Autoscale.MinWorkers, c.Autoscale.MaxWorkers}, c.ClusterName)
		} else {
			assert.Nil(t, c.Autoscale, c.ClusterName)
			if c.State == compute.StateRunning {
				assert.Equal(t, spec.NumWorkers, c.NumWorkers, c.ClusterName)
			}
		}

		r, err := w.Jobs.GetRun(ctx, jobs.GetRunRequest{RunId: runID})
		require.NoError(t, err)
		assert.Equal(t, j.JobId, r.JobId)
		assert.Equal(t, j.Settings.Name, r.RunName, "a job's run is named after it")
		assert.Equal(t, j.Settings.JobClusters, r.JobClusters)
		require.Len(t, r.Tasks, 1)
		assert.Equal(t, j.Settings.Tasks[0].JobClusterKey, r.Tasks[0].JobClusterKey)
		assert.Equal(t, j.Settings.Tasks[0].NotebookTask.NotebookPath, r.Tasks[0].NotebookTask.NotebookPath)
	}
	require.Contains(t, runsOf, int64(seededNightlyJob))
	require.Len(t, runsOf, 1+len(scaleTeams)*3, "every job ran")
	for jobID, n := range runsOf {
		runs, err := w.Jobs.ListRunsAll(ctx, jobs.ListRunsRequest{JobId: jobID})
		require.NoError(t, err)
		assert.Len(t, runs, n, "job %d", jobID)
		for _, r := range runs {
			assert.Equal(t, jobID, r.JobId)
		}
	}
}
