package warehouses

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/iam"
	"github.com/databricks/databricks-sdk-go/service/sql"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// A warehouse's query history, read through the Query History API
// (GET /api/2.0/sql/history/queries): one page of its queries, newest
// first, filtered by user and status. The API's page token carries the
// filter it was made with, so a next page is asked for with the token
// alone (the service has been seen to ignore a token sent with a filter
// and start over), and has_next_page, not the token, says whether there
// is one: the service's last page carries a token too.

const (
	// HistoryPageSize is a page's rows unless asked otherwise; the API
	// takes at most historyMaxPage.
	HistoryPageSize = 50
	historyMaxPage  = 1000
	// HistoryPollSec: how soon the page reads again while something runs.
	HistoryPollSec = 5
	statementLine  = 120 // runes of a statement's first line on a row
)

// ErrBadHistoryQuery: a status or user the history cannot filter by.
var ErrBadHistoryQuery = errors.New("the history filter is not valid")

// HistoryStatuses are the statuses a query can have, in the page's order.
var HistoryStatuses = []string{"QUEUED", "RUNNING", "FINISHED", "FAILED", "CANCELED"}

// HistoryQuery is a history page's filter and where it is.
type HistoryQuery struct {
	Users     []string // user names (e-mail) or user ids (a row's UserID); empty: everyone's
	Statuses  []string // of HistoryStatuses; empty: all
	PageToken string   // from the previous page's NextPageToken; "" the first page
	PageSize  int      // 0: HistoryPageSize
}

// QueryRow is one query of the history as the page shows it.
type QueryRow struct {
	ID         string `json:"id"`
	Status     string `json:"status"`
	User       string `json:"user"`
	UserID     string `json:"userId"`     // filter by it (service principals have no user name to look up)
	StartedAt  string `json:"startedAt"`  // RFC 3339
	DurationMs int64  `json:"durationMs"` // so far while it runs or waits
	Rows       int64  `json:"rows"`
	Statement  string `json:"statement"` // first line, whitespace collapsed, truncated
	Type       string `json:"type"`      // SELECT, INSERT, …
	Error      string `json:"error"`
	Live       bool   `json:"live"` // queued or running
}

// HistoryPage is one page of a warehouse's history.
type HistoryPage struct {
	WarehouseID   string     `json:"warehouseId"`
	Rows          []QueryRow `json:"rows"`
	NextPageToken string     `json:"nextPageToken"` // "" on the last page
	// Running: some query of this page is queued or running, so the page
	// reads again after NextPollSec (0: no need).
	Running     bool `json:"running"`
	NextPollSec int  `json:"nextPollSec"`
}

// History reads one page of the warehouse's queries. A warehouse that is
// gone is ErrNotFound.
func (s *Service) History(ctx context.Context, ws, warehouseID string, q HistoryQuery) (HistoryPage, error) {
	w, err := s.existing(ctx, ws, warehouseID)
	if err != nil {
		return HistoryPage{}, err
	}
	req, err := historyRequest(ctx, w, warehouseID, q)
	if err != nil {
		return HistoryPage{}, err
	}
	resp, err := listQueries(ctx, w, req)
	if err != nil {
		return HistoryPage{}, fmt.Errorf("read the query history of SQL warehouse %s: %w", warehouseID, err)
	}
	now := s.now()
	page := HistoryPage{WarehouseID: warehouseID, Rows: make([]QueryRow, 0, len(resp.Res))}
	for _, qi := range resp.Res {
		r := rowOf(qi, now)
		page.Running = page.Running || r.Live
		page.Rows = append(page.Rows, r)
	}
	if resp.HasNextPage {
		page.NextPageToken = resp.NextPageToken
	}
	if page.Running {
		page.NextPollSec = HistoryPollSec
	}
	return page, nil
}

// existing gives the client once the warehouse is known to exist: a
// deleted one reads as ErrNotFound, not as an empty history.
func (s *Service) existing(ctx context.Context, ws, warehouseID string) (*workspaceapi.Client, error) {
	if _, err := s.Get(ctx, ws, warehouseID); err != nil {
		return nil, err
	}
	return s.client(ctx, ws)
}

// historyRequest is the API's request for q: the filter on the first page,
// the token alone after.
func historyRequest(ctx context.Context, w *workspaceapi.Client, warehouseID string, q HistoryQuery) (sql.ListQueryHistoryRequest, error) {
	size := q.PageSize
	if size <= 0 {
		size = HistoryPageSize
	}
	size = min(size, historyMaxPage)
	if q.PageToken != "" {
		return sql.ListQueryHistoryRequest{PageToken: q.PageToken, MaxResults: size}, nil
	}
	f := &sql.QueryFilter{WarehouseIds: []string{warehouseID}}
	for _, st := range q.Statuses {
		st = strings.ToUpper(strings.TrimSpace(st))
		if st == "" {
			continue
		}
		if !validStatus(st) {
			return sql.ListQueryHistoryRequest{}, fmt.Errorf("%w: no status %q (one of %s)", ErrBadHistoryQuery, st, strings.Join(HistoryStatuses, ", "))
		}
		f.Statuses = append(f.Statuses, sql.QueryStatus(st))
	}
	ids, err := userIDs(ctx, w, q.Users)
	if err != nil {
		return sql.ListQueryHistoryRequest{}, err
	}
	f.UserIds = ids
	return sql.ListQueryHistoryRequest{FilterBy: f, MaxResults: size}, nil
}

func validStatus(st string) bool {
	for _, s := range HistoryStatuses {
		if s == st {
			return true
		}
	}
	return false
}

// userIDs are the ids the API filters by, for user names (a number is
// taken as an id already).
func userIDs(ctx context.Context, w *workspaceapi.Client, names []string) ([]int64, error) {
	var out []int64
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		if id, err := strconv.ParseInt(n, 10, 64); err == nil {
			out = append(out, id)
			continue
		}
		id, err := userID(ctx, w, n)
		if err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, nil
}

func userID(ctx context.Context, w *workspaceapi.Client, name string) (int64, error) {
	found, err := w.Users.ListAll(ctx, iam.ListUsersRequest{Filter: fmt.Sprintf("userName eq %q", name), Attributes: "id,userName"})
	if err != nil {
		return 0, fmt.Errorf("look up user %s: %w", name, err)
	}
	for _, u := range found {
		if strings.EqualFold(u.UserName, name) {
			if id, err := strconv.ParseInt(u.Id, 10, 64); err == nil {
				return id, nil
			}
		}
	}
	return 0, fmt.Errorf("%w: no user %s in the workspace", ErrBadHistoryQuery, name)
}

// rowOf is one query as a row; one still queued or running shows how
// long it has taken so far.
func rowOf(q sql.QueryInfo, now time.Time) QueryRow {
	r := QueryRow{ID: q.QueryId, Status: string(q.Status), User: q.UserName, DurationMs: q.Duration, Rows: q.RowsProduced,
		Statement: FirstLine(q.QueryText, statementLine), Type: string(q.StatementType), Error: q.ErrorMessage}
	if r.User == "" {
		r.User = q.ExecutedAsUserName
	}
	if q.UserId != 0 {
		r.UserID = strconv.FormatInt(q.UserId, 10)
	}
	if q.QueryStartTimeMs > 0 {
		r.StartedAt = time.UnixMilli(q.QueryStartTimeMs).UTC().Format(time.RFC3339)
	}
	switch q.Status {
	case sql.QueryStatusQueued, sql.QueryStatusRunning, sql.QueryStatusStarted, sql.QueryStatusCompiling, sql.QueryStatusCompiled:
		r.Live = true
		if q.QueryStartTimeMs > 0 {
			r.DurationMs = max(now.UnixMilli()-q.QueryStartTimeMs, 0)
		}
	}
	if r.DurationMs == 0 && q.QueryEndTimeMs > q.QueryStartTimeMs && q.QueryStartTimeMs > 0 {
		r.DurationMs = q.QueryEndTimeMs - q.QueryStartTimeMs
	}
	return r
}

// FirstLine is the statement's first line that says something (comment
// lines such as a dashboard's "-- Dashboard: …" do, blank ones do not),
// with its whitespace collapsed, cut to max runes with an ellipsis.
func FirstLine(stmt string, max int) string {
	line := ""
	for _, l := range strings.Split(stmt, "\n") {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			line = l
			break
		}
	}
	if r := []rune(line); len(r) > max {
		return strings.TrimRight(string(r[:max-1]), " ") + "…"
	}
	return line
}
