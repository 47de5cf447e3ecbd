package demo

import (
	"encoding/base64"
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
)

// The Query History API, GET /api/2.0/sql/history/queries, as the SDK
// (service/sql QueryHistoryAPI.List) calls it: the filter in query
// parameters with dot notation (filter_by.warehouse_ids=…,
// filter_by.statuses=…, filter_by.user_ids=…,
// filter_by.query_start_time_range.start_time_ms=…), max_results,
// page_token and include_metrics. Older clients sent the same fields as a
// JSON body; that is read too. Queries come newest first (by start time);
// a page token carries the filter it was made with and wins over a
// filter_by sent beside it. As the service does, every non-empty page
// carries a next_page_token, the last one too: has_next_page is what says
// whether another page has rows. Entries are made by the Statement
// Execution API (sql_statements.go) and seeded (sql_history_seed.go).

const (
	historyDefaultPage = 100
	historyMaxPage     = 1000
	historyMaxRange    = 30 * 24 * time.Hour
)

// historyRequest is a list request as read from the query string or body.
type historyRequest struct {
	Filter         *sql.QueryFilter `json:"filter_by,omitempty"`
	MaxResults     int              `json:"max_results,omitempty"`
	PageToken      string           `json:"page_token,omitempty"`
	IncludeMetrics bool             `json:"include_metrics,omitempty"`
}

// historyCursor is what a page token holds: the filter, and the last
// entry returned (the next page starts after it).
type historyCursor struct {
	Filter *sql.QueryFilter `json:"f,omitempty"`
	Start  int64            `json:"s"`
	Seq    int64            `json:"q"`
}

func (ws *workspace) queryHistoryList(c *call) (any, error) {
	req, err := readHistoryRequest(c)
	if err != nil {
		return nil, err
	}
	var cur *historyCursor
	if req.PageToken != "" {
		if cur, err = decodeHistoryToken(req.PageToken); err != nil {
			return nil, err
		}
		req.Filter = cur.Filter // the token's filter wins
	}
	if err := checkHistoryFilter(req.Filter); err != nil {
		return nil, err
	}
	size := req.MaxResults
	if size == 0 {
		size = historyDefaultPage
	}
	if size < 0 || size > historyMaxPage {
		return nil, errInvalidParam("max_results must be between 1 and %d, not %d.", historyMaxPage, size)
	}
	page := ws.historyPage(c.user, req.Filter, cur, size+1, millis(c.now))
	out := sql.ListQueriesResponse{Res: []sql.QueryInfo{}}
	now := millis(c.now)
	for i, q := range page {
		if i == size {
			out.HasNextPage = true
			break
		}
		out.Res = append(out.Res, q.info(now, req.IncludeMetrics))
	}
	switch {
	case len(out.Res) > 0:
		last := page[len(out.Res)-1]
		out.NextPageToken = historyToken(historyCursor{Filter: req.Filter, Start: last.start, Seq: last.seq})
	case req.PageToken != "":
		out.NextPageToken = req.PageToken // past the end: the same token again, as the service answers
	}
	out.ForceSendFields = []string{"HasNextPage"}
	return out, nil
}

func readHistoryRequest(c *call) (historyRequest, error) {
	var req historyRequest
	if err := c.decode(&req); err != nil {
		return req, err
	}
	q := c.r.URL.Query()
	if v := q.Get("max_results"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return req, errInvalidParam("Invalid value for parameter max_results: %q", v)
		}
		req.MaxResults = n
	}
	if v := q.Get("page_token"); v != "" {
		req.PageToken = v
	}
	if v := q.Get("include_metrics"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return req, errInvalidParam("Invalid value for parameter include_metrics: %q", v)
		}
		req.IncludeMetrics = b
	}
	has := false
	f := sql.QueryFilter{}
	if req.Filter != nil {
		f, has = *req.Filter, true
	}
	for key, vals := range q {
		name, ok := strings.CutPrefix(key, "filter_by.")
		if !ok {
			continue
		}
		has = true
		switch name {
		case "warehouse_ids", "endpoint_ids":
			f.WarehouseIds = append(f.WarehouseIds, vals...)
		case "statement_ids":
			f.StatementIds = append(f.StatementIds, vals...)
		case "statuses":
			for _, v := range vals {
				f.Statuses = append(f.Statuses, sql.QueryStatus(v))
			}
		case "user_ids":
			for _, v := range vals {
				n, err := strconv.ParseInt(v, 10, 64)
				if err != nil {
					return req, errInvalidParam("Invalid value for parameter filter_by.user_ids: %q", v)
				}
				f.UserIds = append(f.UserIds, n)
			}
		case "query_start_time_range.start_time_ms", "query_start_time_range.end_time_ms":
			n, err := strconv.ParseInt(vals[0], 10, 64)
			if err != nil {
				return req, errInvalidParam("Invalid value for parameter %s: %q", key, vals[0])
			}
			if f.QueryStartTimeRange == nil {
				f.QueryStartTimeRange = &sql.TimeRange{}
			}
			if strings.HasSuffix(name, "start_time_ms") {
				f.QueryStartTimeRange.StartTimeMs = n
			} else {
				f.QueryStartTimeRange.EndTimeMs = n
			}
		default:
			return req, errInvalidParam("Unknown filter field %s.", key)
		}
	}
	if has {
		req.Filter = &f
	}
	return req, nil
}

var historyStatuses = map[sql.QueryStatus]bool{sql.QueryStatusQueued: true, sql.QueryStatusRunning: true,
	sql.QueryStatusCanceled: true, sql.QueryStatusFailed: true, sql.QueryStatusFinished: true}

func checkHistoryFilter(f *sql.QueryFilter) error {
	if f == nil {
		return nil
	}
	for _, s := range f.Statuses {
		if !historyStatuses[s] {
			return errInvalidParam("Invalid status %q: expected one of QUEUED, RUNNING, CANCELED, FAILED, FINISHED.", string(s))
		}
	}
	if r := f.QueryStartTimeRange; r != nil {
		if r.StartTimeMs < 0 || r.EndTimeMs < 0 || (r.EndTimeMs > 0 && r.EndTimeMs < r.StartTimeMs) {
			return errInvalidParam("query_start_time_range: end_time_ms must not be before start_time_ms.")
		}
		if r.StartTimeMs > 0 && r.EndTimeMs > 0 && time.Duration(r.EndTimeMs-r.StartTimeMs)*time.Millisecond > historyMaxRange {
			return errInvalidParam("query_start_time_range must be at most 30 days.")
		}
	}
	return nil
}

func historyToken(c historyCursor) string {
	raw, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(raw)
}

func decodeHistoryToken(tok string) (*historyCursor, error) {
	raw, err := base64.RawURLEncoding.DecodeString(tok)
	var c historyCursor
	if err != nil || json.Unmarshal(raw, &c) != nil || c.Start <= 0 {
		return nil, errInvalidParam("Invalid page token: %q", tok)
	}
	return &c, nil
}

// historyPage is up to n entries the user may see that pass the filter,
// newest first, after the cursor: a merge of the warehouses' histories,
// each read backwards from its newest entry (or the cursor).
func (ws *workspace) historyPage(u *user, f *sql.QueryFilter, cur *historyCursor, n int, now int64) []*queryEntry {
	var ids []string
	if f != nil && len(f.WarehouseIds) > 0 {
		ids = f.WarehouseIds
	} else {
		ids = sortedWarehouseIDs(ws.warehouses)
	}
	type head struct {
		qs     []*queryEntry
		i      int // next to take, counting down
		seeAll bool
	}
	var heads []*head
	seen := map[string]bool{}
	for _, id := range ids {
		wh, ok := ws.warehouses[id]
		if !ok || seen[id] {
			continue
		}
		seen[id] = true
		qs := wh.queries
		i := len(qs) - 1
		if cur != nil {
			i = sort.Search(len(qs), func(k int) bool {
				return qs[k].start > cur.Start || (qs[k].start == cur.Start && qs[k].seq >= cur.Seq)
			}) - 1
		}
		if f != nil && f.QueryStartTimeRange != nil && f.QueryStartTimeRange.EndTimeMs > 0 {
			end := f.QueryStartTimeRange.EndTimeMs
			i = min(i, sort.Search(len(qs), func(k int) bool { return qs[k].start > end })-1)
		}
		heads = append(heads, &head{qs: qs, i: i, seeAll: ws.effective(u, kindWarehouse, id) >= levelManage})
	}
	keep := historyMatcher(now, f)
	var out []*queryEntry
	for len(out) < n {
		var best *head
		for _, h := range heads {
			if h.i >= 0 && (best == nil || queryBefore(best.qs[best.i], h.qs[h.i])) {
				best = h
			}
		}
		if best == nil {
			break
		}
		q := best.qs[best.i]
		best.i--
		if f != nil && f.QueryStartTimeRange != nil && q.start < f.QueryStartTimeRange.StartTimeMs {
			best.i = -1 // older ones are out of the range too
			continue
		}
		if (best.seeAll || q.user == u) && keep(q) {
			out = append(out, q)
		}
	}
	return out
}

// historyMatcher tests the filter's users, statuses and statement ids
// (warehouses and times are handled by the merge).
func historyMatcher(now int64, f *sql.QueryFilter) func(*queryEntry) bool {
	if f == nil {
		return func(*queryEntry) bool { return true }
	}
	users := map[string]bool{}
	for _, id := range f.UserIds {
		users[strconv.FormatInt(id, 10)] = true
	}
	statuses := map[sql.QueryStatus]bool{}
	for _, s := range f.Statuses {
		statuses[s] = true
	}
	stmts := map[string]bool{}
	for _, s := range f.StatementIds {
		stmts[s] = true
	}
	return func(q *queryEntry) bool {
		if len(users) > 0 && !users[q.user.id] {
			return false
		}
		if len(stmts) > 0 && !stmts[q.id] {
			return false
		}
		// The status is read when the request is answered.
		return len(statuses) == 0 || statuses[q.status(now)]
	}
}
