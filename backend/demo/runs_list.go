package demo

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/databricks/databricks-sdk-go/service/jobs"
)

const (
	runsDefaultLimit = 20
	runsMaxLimit     = 25
)

// runList is jobs/runs/list: the runs the caller may see, newest first by
// end time (start time for runs not finished). Pages are found by the key of
// the run they start at (that time, then id), so runs submitted while a
// client pages do not shift them; a run that ends meanwhile moves to the
// top and a client paging older runs misses it, as on the service.
func (ws *workspace) runList(c *call) (any, error) {
	q := c.r.URL.Query()
	limit, offset, err := c.limitOffset(runsDefaultLimit, runsMaxLimit)
	if err != nil {
		return nil, err
	}
	jobID, err := c.queryInt("job_id", 0)
	if err != nil {
		return nil, err
	}
	from, err := c.queryInt("start_time_from", 0)
	if err != nil {
		return nil, err
	}
	to, err := c.queryInt("start_time_to", 0)
	if err != nil {
		return nil, err
	}
	active, completed := q.Get("active_only") == "true", q.Get("completed_only") == "true"
	if active && completed {
		return nil, errInvalidParam("active_only and completed_only cannot both be true")
	}
	runType := jobs.RunType(q.Get("run_type"))

	var matched []*run
	for _, rn := range ws.allRuns(runType) {
		r := &rn.r
		switch {
		case rn.r.CreatorUserName != c.user.userName && !c.user.isAdmin():
		case jobID != 0 && r.JobId != jobID:
		case runType != "" && r.RunType != runType:
		case from != 0 && r.StartTime < from, to != 0 && r.StartTime > to:
		case active && finished(r), completed && !finished(r):
		default:
			matched = append(matched, rn)
		}
	}
	sort.Slice(matched, func(i, j int) bool { return listKeyOf(matched[i]).before(listKeyOf(matched[j])) })
	if tok := q.Get("page_token"); tok != "" {
		key, err := decodeRunToken(tok)
		if err != nil {
			return nil, err
		}
		offset = int64(sort.Search(len(matched), func(i int) bool { return !listKeyOf(matched[i]).before(key) }))
	}
	total := int64(len(matched))
	lo := min(offset, total)
	hi := min(lo+limit, total)
	resp := jobs.ListRunsResponse{Runs: make([]jobs.BaseRun, 0, hi-lo), HasMore: hi < total}
	for _, rn := range matched[lo:hi] {
		b, err := baseRun(ws.withPageURLs(c, rn.r), q.Get("expand_tasks") == "true")
		if err != nil {
			return nil, err
		}
		resp.Runs = append(resp.Runs, b)
	}
	if hi < total {
		resp.NextPageToken = runToken(matched[hi])
	}
	if lo > 0 {
		resp.PrevPageToken = runToken(matched[max(lo-limit, 0)])
	}
	return resp, nil
}

func finished(r *jobs.Run) bool {
	switch r.State.LifeCycleState {
	case jobs.RunLifeCycleStateTerminated, jobs.RunLifeCycleStateSkipped, jobs.RunLifeCycleStateInternalError:
		return true
	}
	return false
}

// runListKey is where a run sorts in runs/list: its end time, or its start
// time while it has not finished, then its id. The SDK documents the order
// on JobsInterface.ListRuns (service/jobs/api.go): "List runs in descending
// order by end time. If a run has not finished, it falls back to start time."
type runListKey struct{ at, id int64 }

func listKeyOf(rn *run) runListKey {
	at := rn.r.EndTime
	if at == 0 {
		at = rn.r.StartTime
	}
	return runListKey{at: at, id: rn.r.RunId}
}

// before orders keys newest first.
func (k runListKey) before(o runListKey) bool {
	if k.at != o.at {
		return k.at > o.at
	}
	return k.id > o.id
}

// baseRun is a run as runs/list shows it; its tasks only when asked.
func baseRun(r jobs.Run, withTasks bool) (jobs.BaseRun, error) {
	if !withTasks {
		r.Tasks = nil
	}
	var b jobs.BaseRun
	raw, err := json.Marshal(r)
	if err == nil {
		err = json.Unmarshal(raw, &b)
	}
	return b, err
}

func runToken(rn *run) string {
	k := listKeyOf(rn)
	return base64.RawURLEncoding.EncodeToString([]byte(fmt.Sprintf("e:%d:%d", k.at, k.id)))
}

func decodeRunToken(tok string) (runListKey, error) {
	raw, err := base64.RawURLEncoding.DecodeString(tok)
	var k runListKey
	if err != nil {
		return k, errInvalidParam("Invalid page token: %q", tok)
	}
	if n, serr := fmt.Sscanf(string(raw), "e:%d:%d", &k.at, &k.id); serr != nil || n != 2 {
		return k, errInvalidParam("Invalid page token: %q", tok)
	}
	return k, nil
}
