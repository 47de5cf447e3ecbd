package demo

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

const (
	dashboardsID  = "6c8e0a2f4b3d5f71"
	alwaysOnID    = "8e0a2c4b6d5f7193"
	etlClassicID  = "5b7d9f1e3a2c4e60"
	liWeiUserID   = int64(7294410388120456)
	demoAdminUser = int64(4417920061329840)
)

var historyStart = time.Date(2026, 11, 25, 14, 30, 0, 0, time.UTC) // a Wednesday afternoon

// listAll pages through the history with the SDK, following has_next_page
// (the last page carries a token too, as the service's does).
func listAll(t *testing.T, w *workspaceapi.Client, req sql.ListQueryHistoryRequest) []sql.QueryInfo {
	t.Helper()
	var out []sql.QueryInfo
	for pages := 0; ; pages++ {
		require.Less(t, pages, 10_000, "paging does not end")
		resp, err := w.QueryHistory.List(testCtx(t), req)
		require.NoError(t, err)
		out = append(out, resp.Res...)
		if !resp.HasNextPage {
			return out
		}
		require.NotEmpty(t, resp.NextPageToken)
		req = sql.ListQueryHistoryRequest{PageToken: resp.NextPageToken, MaxResults: req.MaxResults, IncludeMetrics: req.IncludeMetrics}
	}
}

// listLean pages through as listAll does, with the SDK's request encoding
// but a plain decoding of the fields the tests read (the SDK's decoding of
// QueryInfo takes about 2 ms an entry).
func listLean(t *testing.T, w *workspaceapi.Client, req sql.ListQueryHistoryRequest) []sql.QueryInfo {
	t.Helper()
	var out []sql.QueryInfo
	for pages := 0; ; pages++ {
		require.Less(t, pages, 10_000, "paging does not end")
		var body bytes.Buffer
		require.NoError(t, w.Pages.Do(testCtx(t), http.MethodGet, "/api/2.0/sql/history/queries", map[string]string{"Accept": "application/json"},
			map[string]any{}, req, &body))
		var page struct {
			Res []struct {
				QueryID      string          `json:"query_id"`
				Status       sql.QueryStatus `json:"status"`
				QueryText    string          `json:"query_text"`
				EndpointID   string          `json:"endpoint_id"`
				End          int64           `json:"query_end_time_ms"`
				Duration     int64           `json:"duration"`
				Rows         int64           `json:"rows_produced"`
				IsFinal      bool            `json:"is_final"`
				UserID       int64           `json:"user_id"`
				UserName     string          `json:"user_name"`
				WarehouseID  string          `json:"warehouse_id"`
				Start        int64           `json:"query_start_time_ms"`
				ErrorMessage string          `json:"error_message"`
			} `json:"res"`
			HasNextPage   bool   `json:"has_next_page"`
			NextPageToken string `json:"next_page_token"`
		}
		require.NoError(t, json.Unmarshal(body.Bytes(), &page))
		for _, q := range page.Res {
			out = append(out, sql.QueryInfo{QueryId: q.QueryID, Status: q.Status, UserId: q.UserID, UserName: q.UserName,
				WarehouseId: q.WarehouseID, QueryStartTimeMs: q.Start, ErrorMessage: q.ErrorMessage, QueryText: q.QueryText,
				EndpointId: q.EndpointID, QueryEndTimeMs: q.End, Duration: q.Duration, RowsProduced: q.Rows, IsFinal: q.IsFinal})
		}
		if !page.HasNextPage {
			return out
		}
		req = sql.ListQueryHistoryRequest{PageToken: page.NextPageToken, MaxResults: req.MaxResults}
	}
}

func TestQueryHistorySeedAndFilters(t *testing.T) {
	_, w := frozen(t, Options{Seed: 42, StartTime: historyStart})
	now := historyStart.UnixMilli()
	all := listLean(t, w, sql.ListQueryHistoryRequest{MaxResults: 1000})
	require.Greater(t, len(all), 1000, "a week of a team's queries")
	// The SDK's client pages through one warehouse's entries alike.
	const sandbox = "7d9f1b3a5c4e6082"
	bySDK := listAll(t, w, sql.ListQueryHistoryRequest{MaxResults: 60, FilterBy: &sql.QueryFilter{WarehouseIds: []string{sandbox}}})
	var sandboxAll []sql.QueryInfo
	for _, q := range all {
		if q.WarehouseId == sandbox {
			sandboxAll = append(sandboxAll, q)
		}
	}
	require.Greater(t, len(sandboxAll), 60)
	require.Len(t, bySDK, len(sandboxAll))
	for i, q := range bySDK {
		want := sandboxAll[i]
		assert.Equal(t, []any{want.QueryId, want.Status, want.QueryStartTimeMs, want.Duration, want.RowsProduced, want.UserId, want.QueryText},
			[]any{q.QueryId, q.Status, q.QueryStartTimeMs, q.Duration, q.RowsProduced, q.UserId, q.QueryText})
	}
	ids := map[string]bool{}
	byStatus := map[sql.QueryStatus]int{}
	users := map[string]bool{}
	for i, q := range all {
		assert.False(t, ids[q.QueryId], "each entry once: %s", q.QueryId)
		ids[q.QueryId] = true
		byStatus[q.Status]++
		users[q.UserName] = true
		if i > 0 {
			assert.LessOrEqual(t, q.QueryStartTimeMs, all[i-1].QueryStartTimeMs, "newest first")
		}
		assert.GreaterOrEqual(t, q.QueryStartTimeMs, now-8*24*time.Hour.Milliseconds())
		assert.LessOrEqual(t, q.QueryStartTimeMs, now)
		assert.Equal(t, q.WarehouseId, q.EndpointId)
		assert.NotEmpty(t, q.QueryText)
		switch q.Status {
		case sql.QueryStatusFailed:
			assert.NotEmpty(t, q.ErrorMessage)
			assert.True(t, q.IsFinal)
		case sql.QueryStatusFinished:
			assert.Positive(t, q.RowsProduced)
			assert.Equal(t, q.QueryEndTimeMs-q.QueryStartTimeMs, q.Duration)
		case sql.QueryStatusRunning, sql.QueryStatusQueued:
			assert.False(t, q.IsFinal)
			assert.Zero(t, q.QueryEndTimeMs)
		}
	}
	assert.Positive(t, byStatus[sql.QueryStatusFailed])
	assert.Positive(t, byStatus[sql.QueryStatusCanceled])
	assert.Equal(t, 2, byStatus[sql.QueryStatusRunning], "a dashboard refresh and a long report run now")
	assert.Equal(t, 1, byStatus[sql.QueryStatusQueued])
	assert.GreaterOrEqual(t, len(users), 5, "several users and service accounts")

	// Small pages list the same entries, each once, in the same order.
	again := listLean(t, w, sql.ListQueryHistoryRequest{MaxResults: 37, FilterBy: &sql.QueryFilter{WarehouseIds: []string{alwaysOnID}}})
	var want, gotIDs []string
	for _, q := range all {
		if q.WarehouseId == alwaysOnID {
			want = append(want, q.QueryId)
		}
	}
	for _, q := range again {
		gotIDs = append(gotIDs, q.QueryId)
	}
	require.Greater(t, len(want), 37*3)
	assert.Equal(t, want, gotIDs)

	for _, tc := range []struct {
		name    string
		filter  sql.QueryFilter
		check   func(q sql.QueryInfo) bool
		atLeast int
	}{
		{"one warehouse", sql.QueryFilter{WarehouseIds: []string{dashboardsID}},
			func(q sql.QueryInfo) bool { return q.WarehouseId == dashboardsID }, 100},
		{"two warehouses", sql.QueryFilter{WarehouseIds: []string{dashboardsID, alwaysOnID}},
			func(q sql.QueryInfo) bool { return q.WarehouseId == dashboardsID || q.WarehouseId == alwaysOnID }, 200},
		{"a user", sql.QueryFilter{UserIds: []int64{liWeiUserID}},
			func(q sql.QueryInfo) bool { return q.UserId == liWeiUserID && q.UserName == limitedUserName }, 50},
		{"failed", sql.QueryFilter{Statuses: []sql.QueryStatus{sql.QueryStatusFailed}},
			func(q sql.QueryInfo) bool { return q.Status == sql.QueryStatusFailed && q.ErrorMessage != "" }, 5},
		{"running or queued", sql.QueryFilter{Statuses: []sql.QueryStatus{sql.QueryStatusRunning, sql.QueryStatusQueued}},
			func(q sql.QueryInfo) bool {
				return q.Status == sql.QueryStatusRunning || q.Status == sql.QueryStatusQueued
			}, 3},
		{"the last day", sql.QueryFilter{QueryStartTimeRange: &sql.TimeRange{StartTimeMs: now - 24*time.Hour.Milliseconds(), EndTimeMs: now}},
			func(q sql.QueryInfo) bool { return q.QueryStartTimeMs >= now-24*time.Hour.Milliseconds() }, 50},
		{"all of them together", sql.QueryFilter{WarehouseIds: []string{alwaysOnID}, UserIds: []int64{demoAdminUser},
			Statuses: []sql.QueryStatus{sql.QueryStatusRunning}, QueryStartTimeRange: &sql.TimeRange{StartTimeMs: now - time.Hour.Milliseconds()}},
			func(q sql.QueryInfo) bool { return q.WarehouseId == alwaysOnID && q.Status == sql.QueryStatusRunning }, 1},
		{"a warehouse that does not exist", sql.QueryFilter{WarehouseIds: []string{"0000000000000000"}}, nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := tc.filter
			got := listLean(t, w, sql.ListQueryHistoryRequest{FilterBy: &f, MaxResults: 300})
			assert.GreaterOrEqual(t, len(got), tc.atLeast)
			want := 0
			for _, q := range all {
				if tc.check != nil && tc.check(q) && (f.QueryStartTimeRange == nil || f.QueryStartTimeRange.EndTimeMs == 0 || q.QueryStartTimeMs <= f.QueryStartTimeRange.EndTimeMs) &&
					(len(f.UserIds) == 0 || q.UserId == f.UserIds[0]) {
					want++
				}
			}
			assert.Len(t, got, want, "the filter keeps exactly the matching entries")
			for _, q := range got {
				assert.True(t, tc.check(q), "%+v", q)
			}
		})
	}
}

// The page token carries the filter; the last page carries one too, and
// following it gives no rows and no further page.
func TestQueryHistoryPageTokens(t *testing.T) {
	_, w := frozen(t, Options{Seed: 42, StartTime: historyStart})
	ctx := testCtx(t)
	f := &sql.QueryFilter{WarehouseIds: []string{alwaysOnID}}
	first, err := w.QueryHistory.List(ctx, sql.ListQueryHistoryRequest{FilterBy: f, MaxResults: 5})
	require.NoError(t, err)
	require.Len(t, first.Res, 5)
	assert.True(t, first.HasNextPage)
	next, err := w.QueryHistory.List(ctx, sql.ListQueryHistoryRequest{PageToken: first.NextPageToken, MaxResults: 5})
	require.NoError(t, err)
	for _, q := range next.Res {
		assert.Equal(t, alwaysOnID, q.WarehouseId, "the token's filter applies")
		assert.LessOrEqual(t, q.QueryStartTimeMs, first.Res[4].QueryStartTimeMs)
	}
	// A different filter beside a token does not change the listing.
	other, err := w.QueryHistory.List(ctx, sql.ListQueryHistoryRequest{PageToken: first.NextPageToken, MaxResults: 5,
		FilterBy: &sql.QueryFilter{WarehouseIds: []string{dashboardsID}}})
	require.NoError(t, err)
	assert.Equal(t, next.Res, other.Res)

	last, err := w.QueryHistory.List(ctx, sql.ListQueryHistoryRequest{FilterBy: &sql.QueryFilter{Statuses: []sql.QueryStatus{sql.QueryStatusQueued}}})
	require.NoError(t, err)
	require.Len(t, last.Res, 1)
	assert.False(t, last.HasNextPage)
	require.NotEmpty(t, last.NextPageToken, "the service's last page has a token too")
	past, err := w.QueryHistory.List(ctx, sql.ListQueryHistoryRequest{PageToken: last.NextPageToken})
	require.NoError(t, err)
	assert.Empty(t, past.Res)
	assert.False(t, past.HasNextPage)
}

func TestQueryHistoryBadRequests(t *testing.T) {
	_, w := frozen(t, Options{Seed: 42, StartTime: historyStart})
	now := historyStart.UnixMilli()
	for _, tc := range []struct {
		name string
		req  sql.ListQueryHistoryRequest
	}{
		{"too many results", sql.ListQueryHistoryRequest{MaxResults: 1001}},
		{"negative results", sql.ListQueryHistoryRequest{MaxResults: -1}},
		{"a bad token", sql.ListQueryHistoryRequest{PageToken: "not-a-token"}},
		{"an unknown status", sql.ListQueryHistoryRequest{FilterBy: &sql.QueryFilter{Statuses: []sql.QueryStatus{"DONE"}}}},
		{"a range over 30 days", sql.ListQueryHistoryRequest{FilterBy: &sql.QueryFilter{QueryStartTimeRange: &sql.TimeRange{
			StartTimeMs: now - 31*24*time.Hour.Milliseconds(), EndTimeMs: now}}}},
		{"a range that ends before it starts", sql.ListQueryHistoryRequest{FilterBy: &sql.QueryFilter{QueryStartTimeRange: &sql.TimeRange{
			StartTimeMs: now, EndTimeMs: now - 1}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := w.QueryHistory.List(testCtx(t), tc.req)
			require.ErrorIs(t, err, apierr.ErrInvalidParameterValue)
		})
	}
}

// Statements run through the Statement Execution API become entries with
// their user, warehouse, wait, status and rows; list and get count the
// queries in flight as sessions.
func TestStatementsBecomeHistory(t *testing.T) {
	srv, w := frozen(t, Options{Seed: 42, StartTime: historyStart})
	ctx := testCtx(t)
	// Analytics Pro is stopped: the statement waits for its start.
	resp, err := w.StatementExecution.ExecuteStatement(ctx, sql.ExecuteStatementRequest{WarehouseId: "8a1e0c4d2b6f9e13", WaitTimeout: "0s",
		Statement: "SELECT cluster_id, cpu_user_percent FROM system.compute.node_timeline"})
	require.NoError(t, err)
	bad, err := w.StatementExecution.ExecuteStatement(ctx, sql.ExecuteStatementRequest{WarehouseId: "8a1e0c4d2b6f9e13", WaitTimeout: "0s",
		Statement: "SELECT * FROM main.nope.missing"})
	require.NoError(t, err)
	f := &sql.QueryFilter{StatementIds: []string{resp.StatementId, bad.StatementId}}
	got := listAll(t, w, sql.ListQueryHistoryRequest{FilterBy: f, IncludeMetrics: true})
	require.Len(t, got, 2)
	assert.Equal(t, bad.StatementId, got[0].QueryId, "newest first")
	for _, q := range got {
		assert.Equal(t, sql.QueryStatusQueued, q.Status, "waiting for the warehouse to start")
		assert.Equal(t, adminUserName, q.UserName)
		assert.Equal(t, "8a1e0c4d2b6f9e13", q.WarehouseId)
		require.NotNil(t, q.Metrics)
		assert.Equal(t, historyStart.UnixMilli(), q.Metrics.ProvisioningQueueStartTimestamp)
	}
	g, err := w.Warehouses.GetById(ctx, "8a1e0c4d2b6f9e13")
	require.NoError(t, err)
	assert.EqualValues(t, 2, g.NumActiveSessions)

	srv.Clock().Advance(warehouseStartTime + statementRunTime + time.Second)
	got = listAll(t, w, sql.ListQueryHistoryRequest{FilterBy: f})
	require.Len(t, got, 2)
	assert.Equal(t, sql.QueryStatusFailed, got[0].Status)
	assert.Contains(t, got[0].ErrorMessage, "TABLE_OR_VIEW_NOT_FOUND")
	assert.Equal(t, sql.QueryStatusFinished, got[1].Status)
	assert.Equal(t, sql.QueryStatementTypeSelect, got[1].StatementType)
	assert.Equal(t, (warehouseStartTime + statementRunTime).Milliseconds(), got[1].Duration)
	g, err = w.Warehouses.GetById(ctx, "8a1e0c4d2b6f9e13")
	require.NoError(t, err)
	assert.EqualValues(t, 0, g.NumActiveSessions)

	// A statement cancelled while it waits for Classic BI to start is
	// CANCELED in the history.
	long, err := w.StatementExecution.ExecuteStatement(ctx, sql.ExecuteStatementRequest{WarehouseId: classicWarehouseID, WaitTimeout: "0s",
		Statement: "SELECT cluster_id FROM system.compute.node_timeline"})
	require.NoError(t, err)
	list, err := w.Warehouses.ListAll(ctx, sql.ListWarehousesRequest{})
	require.NoError(t, err)
	for _, e := range list {
		if e.Id == classicWarehouseID {
			assert.EqualValues(t, 1, e.NumActiveSessions, "list counts sessions as get does")
		}
	}
	require.NoError(t, w.StatementExecution.CancelExecution(ctx, sql.CancelExecutionRequest{StatementId: long.StatementId}))
	got = listAll(t, w, sql.ListQueryHistoryRequest{FilterBy: &sql.QueryFilter{StatementIds: []string{long.StatementId}}})
	require.Len(t, got, 1)
	assert.Equal(t, sql.QueryStatusCanceled, got[0].Status)
}

// Users who are not admins see their own queries, and every query of a
// warehouse they may manage.
func TestQueryHistoryVisibility(t *testing.T) {
	srv, w := frozen(t, Options{Seed: 42, StartTime: historyStart})
	tok, err := srv.UserToken(srv.Token(), limitedUserName)
	require.NoError(t, err)
	li := client(t, srv, tok)
	mine := listAll(t, li, sql.ListQueryHistoryRequest{MaxResults: 1000})
	require.NotEmpty(t, mine)
	for _, q := range mine {
		assert.Equal(t, limitedUserName, q.UserName)
	}
	all := listLean(t, w, sql.ListQueryHistoryRequest{MaxResults: 1000, FilterBy: &sql.QueryFilter{UserIds: []int64{liWeiUserID}}})
	assert.Len(t, mine, len(all))
}

// An Empty workspace has no seeded history; a scaled one has as many
// more entries as asked for.
func TestQueryHistorySeedScale(t *testing.T) {
	_, empty := frozen(t, Options{Seed: 42, Empty: true, StartTime: historyStart})
	resp, err := empty.QueryHistory.List(testCtx(t), sql.ListQueryHistoryRequest{})
	require.NoError(t, err)
	assert.Empty(t, resp.Res)

	count := func(opts Options) int {
		srv := startServer(t, opts)
		ws := srv.def
		ws.mu.Lock()
		defer ws.mu.Unlock()
		n := 0
		for _, wh := range ws.warehouses {
			n += len(wh.queries)
		}
		return n
	}
	base := count(Options{Seed: 42, FreezeClock: true, StartTime: historyStart})
	scaled := count(Options{Seed: 42, FreezeClock: true, StartTime: historyStart, ExtraQueries: 5000})
	assert.InDelta(t, base+5000, scaled, 200, "rounding per session, and the ones that would still run are left out")
	assert.Equal(t, base, count(Options{Seed: 42, FreezeClock: true, StartTime: historyStart}), "deterministic")
}

// The raw API: filter in query parameters with dot notation, as the SDK
// sends it, and the older JSON body.
func TestQueryHistoryWire(t *testing.T) {
	srv, _ := frozen(t, Options{Seed: 42, StartTime: historyStart})
	get := func(q url.Values, body string) sql.ListQueriesResponse {
		req, err := http.NewRequest(http.MethodGet, srv.URL()+"/api/2.0/sql/history/queries?"+q.Encode(), stringsReader(body))
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+srv.Token())
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		require.Equal(t, http.StatusOK, res.StatusCode)
		var out sql.ListQueriesResponse
		require.NoError(t, json.NewDecoder(res.Body).Decode(&out))
		return out
	}
	q := url.Values{"filter_by.warehouse_ids": {etlClassicID}, "max_results": {"3"},
		"filter_by.query_start_time_range.start_time_ms": {strconv.FormatInt(historyStart.Add(-48*time.Hour).UnixMilli(), 10)}}
	byQuery := get(q, "")
	require.Len(t, byQuery.Res, 3)
	byBody := get(url.Values{}, `{"filter_by":{"warehouse_ids":["`+etlClassicID+`"]},"max_results":3}`)
	assert.Equal(t, byQuery.Res, byBody.Res)
	for _, r := range byQuery.Res {
		assert.Equal(t, etlClassicID, r.WarehouseId)
	}
}
