package demo

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/jobs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runs/list sorts by end time, newest first, and by start time a run that
// has not finished. Source: the SDK's doc of JobsInterface.ListRuns
// (databricks-sdk-go service/jobs/api.go): "List runs in descending order by
// end time. If a run has not finished, it falls back to start time." (Its
// ListRunsResponse.Runs field still says "from most recently started to
// least"; the operation's own doc is the later, precise one.) Paging by
// token, forwards and back, keeps that order.
func TestRunsListOrder(t *testing.T) {
	t.Parallel()
	type seeded struct{ id, start, end int64 } // end 0: still running
	cases := []struct {
		name string
		runs []seeded
		want []int64
	}{
		{name: "finished by end time, not start time",
			runs: []seeded{{1, 100, 900}, {2, 200, 300}, {3, 300, 600}},
			want: []int64{1, 3, 2}},
		{name: "a running run sorts by its start time",
			runs: []seeded{{1, 100, 500}, {2, 400, 0}, {3, 600, 0}, {4, 50, 450}},
			want: []int64{3, 1, 4, 2}},
		{name: "equal times: higher id first",
			runs: []seeded{{1, 100, 500}, {2, 500, 0}, {3, 200, 500}},
			want: []int64{3, 2, 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv, _ := frozen(t, Options{Empty: true})
			ws := srv.def
			ws.mu.Lock()
			for _, s := range tc.runs {
				st := jobs.RunLifeCycleStateRunning
				if s.end != 0 {
					st = jobs.RunLifeCycleStateTerminated
				}
				ws.runs[s.id] = &run{r: jobs.Run{RunId: s.id, RunName: "r" + strconv.FormatInt(s.id, 10), RunType: jobs.RunTypeSubmitRun,
					CreatorUserName: "someone@example.com", StartTime: s.start, EndTime: s.end, State: &jobs.RunState{LifeCycleState: st}}}
			}
			ws.mu.Unlock()

			for _, limit := range []int{1, 2, 25} {
				var got []int64
				var tokens []string // the token of each page after the first
				tok := ""
				for pages := 0; ; pages++ {
					require.Less(t, pages, 10)
					page := runsPage(t, srv, limit, tok)
					for _, r := range page.Runs {
						got = append(got, r.RunId)
					}
					if page.NextPageToken == "" {
						break
					}
					tok = page.NextPageToken
					tokens = append(tokens, tok)
				}
				assert.Equal(t, tc.want, got, "limit %d", limit)

				// Each page's prev_page_token leads back to the page before.
				for i, tok := range tokens {
					back := runsPage(t, srv, limit, runsPage(t, srv, limit, tok).PrevPageToken)
					first := tc.want[i*limit]
					require.NotEmpty(t, back.Runs)
					assert.Equal(t, first, back.Runs[0].RunId, "limit %d, page %d", limit, i+2)
				}
			}
		})
	}
}

func runsPage(t *testing.T, srv *Server, limit int, token string) jobs.ListRunsResponse {
	t.Helper()
	q := url.Values{"limit": {strconv.Itoa(limit)}}
	if token != "" {
		q.Set("page_token", token)
	}
	req, err := http.NewRequestWithContext(testCtx(t), http.MethodGet, srv.URL()+"/api/2.2/jobs/runs/list?"+q.Encode(), nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+srv.Token())
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var out jobs.ListRunsResponse
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	return out
}
