package demo

// Job definitions: jobs/list and jobs/get over the seeded runs' jobs
// (jobs_seed.go). The demo makes no new jobs: runs/submit runs are one-off.

import (
	"encoding/base64"
	"fmt"
	"sort"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/jobs"
)

const (
	jobsDefaultLimit = 20 // ListJobsRequest.Limit: "greater than 0 and less or equal to 100. The default value is 20."
	jobsMaxLimit     = 100
	jobArraysListed  = 100 // BaseJob.HasMore: expand_tasks shows "only the first 100 elements"
)

// jobRoutes serves jobs/list and jobs/get at 2.2 (the SDK's) and 2.1, as
// runRoutes does.
func jobRoutes() map[string]handler {
	r := map[string]handler{}
	for _, v := range []string{"2.1", "2.2"} {
		r["GET /api/"+v+"/jobs/list"] = (*workspace).jobList
		r["GET /api/"+v+"/jobs/get"] = (*workspace).jobGet
	}
	return r
}

// canView is the runs' rule for jobs too: admins see every job, other users
// the jobs they own.
func canView(u *user, j *jobs.Job) bool { return u.isAdmin() || j.CreatorUserName == u.userName }

// jobList is jobs/list: the jobs the caller may see, most recently created
// first (ListJobsRequest.Offset counts "relative to the most recently
// created job"), an exact case-insensitive name filter, and page tokens
// that name the job a page starts at, so jobs made while a client pages do
// not shift its pages.
func (ws *workspace) jobList(c *call) (any, error) {
	q := c.r.URL.Query()
	limit, offset, err := c.limitOffset(jobsDefaultLimit, jobsMaxLimit)
	if err != nil {
		return nil, err
	}
	name := q.Get("name")
	var matched []*jobs.Job
	for _, j := range ws.jobs {
		if canView(c.user, j) && (name == "" || strings.EqualFold(j.Settings.Name, name)) {
			matched = append(matched, j)
		}
	}
	sort.Slice(matched, func(a, b int) bool { return jobKeyOf(matched[a]).before(jobKeyOf(matched[b])) })
	if tok := q.Get("page_token"); tok != "" {
		key, err := decodeJobToken(tok)
		if err != nil {
			return nil, err
		}
		offset = int64(sort.Search(len(matched), func(i int) bool { return !jobKeyOf(matched[i]).before(key) }))
	}
	total := int64(len(matched))
	lo := min(max(offset, 0), total)
	hi := min(lo+limit, total)
	resp := jobs.ListJobsResponse{HasMore: hi < total}
	for _, j := range matched[lo:hi] {
		resp.Jobs = append(resp.Jobs, baseJob(j, q.Get("expand_tasks") == "true"))
	}
	if hi < total {
		resp.NextPageToken = jobToken(matched[hi])
	}
	if lo > 0 {
		resp.PrevPageToken = jobToken(matched[max(lo-limit, 0)])
	}
	return resp, nil
}

// baseJob is a job as jobs/list shows it: its settings without tasks and
// job clusters unless expand_tasks asks for them (the first 100 of each,
// with has_more set past that, per BaseJob.HasMore).
func baseJob(j *jobs.Job, withTasks bool) jobs.BaseJob {
	s := *j.Settings
	b := jobs.BaseJob{JobId: j.JobId, CreatorUserName: j.CreatorUserName, CreatedTime: j.CreatedTime, Settings: &s}
	if !withTasks {
		s.Tasks, s.JobClusters = nil, nil
		return b
	}
	if len(s.Tasks) > jobArraysListed || len(s.JobClusters) > jobArraysListed {
		b.HasMore = true
		s.Tasks, s.JobClusters = s.Tasks[:min(len(s.Tasks), jobArraysListed)], s.JobClusters[:min(len(s.JobClusters), jobArraysListed)]
	}
	return b
}

// jobGet is jobs/get. An unknown id is the service's 400
// INVALID_PARAMETER_VALUE "Job <id> does not exist.", which the SDK turns
// into ErrResourceDoesNotExist on this path (databricks-sdk-go
// apierr/error_overrides.go, "Jobs InvalidParameterValue=>ResourceDoesNotExist";
// databricks-sdk-py#612: "the API currently returns a 400"). The words are
// quoted in terraform-provider-databricks#740 ("Error: Job <id> does not
// exist.") and astronomer-providers#1254 ("Job 0 does not exist.").
func (ws *workspace) jobGet(c *call) (any, error) {
	id, err := c.queryInt("job_id", 0)
	if err != nil {
		return nil, err
	}
	j, ok := ws.jobs[id]
	if !ok {
		return nil, errJobMissing(id)
	}
	if !canView(c.user, j) {
		return nil, errJobViewDenied(c.user.userName, id)
	}
	out := *j
	s := *j.Settings
	out.Settings = &s
	return out, nil
}

func errJobMissing(id int64) error { return errInvalidParam("Job %d does not exist.", id) }

func errJobViewDenied(userName string, id int64) error {
	return errPermission("User %s does not have View permission on job %d.", userName, id)
}

// jobListKey is where a job sorts in jobs/list: newest first, then by id.
type jobListKey struct{ created, id int64 }

func jobKeyOf(j *jobs.Job) jobListKey { return jobListKey{created: j.CreatedTime, id: j.JobId} }

func (k jobListKey) before(o jobListKey) bool {
	if k.created != o.created {
		return k.created > o.created
	}
	return k.id > o.id
}

func jobToken(j *jobs.Job) string {
	k := jobKeyOf(j)
	return base64.RawURLEncoding.EncodeToString([]byte(fmt.Sprintf("j:%d:%d", k.created, k.id)))
}

func decodeJobToken(tok string) (jobListKey, error) {
	var k jobListKey
	raw, err := base64.RawURLEncoding.DecodeString(tok)
	if err != nil {
		return k, errInvalidParam("Invalid page token: %q", tok)
	}
	if n, serr := fmt.Sscanf(string(raw), "j:%d:%d", &k.created, &k.id); serr != nil || n != 2 {
		return k, errInvalidParam("Invalid page token: %q", tok)
	}
	return k, nil
}
