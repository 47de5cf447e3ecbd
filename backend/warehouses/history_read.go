package warehouses

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/databricks/databricks-sdk-go/service/sql"

	"github.com/clusterdeck/clusterdeck/backend/leanread"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// listQueries reads one page of the Query History API through the client's
// lean reader: the SDK's request (it encodes the filter into the query
// string as QueryHistory.List does), the answer decoded into the fields
// the history and the load read. The SDK's typed decoding of QueryInfo
// took about 2 s for a page of 1,000 queries, this about 10 ms.
func listQueries(ctx context.Context, w *workspaceapi.Client, req sql.ListQueryHistoryRequest) (*sql.ListQueriesResponse, error) {
	headers := map[string]string{"Accept": "application/json"}
	if w.Pages.Config.WorkspaceID != "" {
		headers["X-Databricks-Workspace-Id"] = w.Pages.Config.WorkspaceID
	}
	var body bytes.Buffer
	if err := w.Pages.Do(ctx, http.MethodGet, "/api/2.0/sql/history/queries", headers, map[string]any{}, req, &body); err != nil {
		return nil, err
	}
	var page struct {
		Res           []leanQuery `json:"res"`
		HasNextPage   bool        `json:"has_next_page"`
		NextPageToken string      `json:"next_page_token"`
	}
	if err := json.Unmarshal(body.Bytes(), &page); err != nil {
		return nil, fmt.Errorf("decoding the query history: %w", err)
	}
	out := &sql.ListQueriesResponse{HasNextPage: page.HasNextPage, NextPageToken: page.NextPageToken,
		Res: make([]sql.QueryInfo, len(page.Res))}
	for i, q := range page.Res {
		out.Res[i] = sql.QueryInfo{QueryId: q.QueryID, Status: q.Status, QueryText: q.QueryText, UserName: q.UserName,
			UserId: int64(q.UserID), ExecutedAsUserName: q.ExecutedAsUserName, WarehouseId: q.WarehouseID,
			QueryStartTimeMs: int64(q.Start), QueryEndTimeMs: int64(q.End), Duration: int64(q.Duration),
			RowsProduced: int64(q.Rows), StatementType: q.StatementType, ErrorMessage: q.ErrorMessage}
	}
	return out, nil
}

// leanQuery is what the history and the load read of a QueryInfo.
type leanQuery struct {
	QueryID            string                 `json:"query_id"`
	Status             sql.QueryStatus        `json:"status"`
	QueryText          string                 `json:"query_text"`
	UserName           string                 `json:"user_name"`
	UserID             leanread.Int64         `json:"user_id"`
	ExecutedAsUserName string                 `json:"executed_as_user_name"`
	WarehouseID        string                 `json:"warehouse_id"`
	Start              leanread.Int64         `json:"query_start_time_ms"`
	End                leanread.Int64         `json:"query_end_time_ms"`
	Duration           leanread.Int64         `json:"duration"`
	Rows               leanread.Int64         `json:"rows_produced"`
	StatementType      sql.QueryStatementType `json:"statement_type"`
	ErrorMessage       string                 `json:"error_message"`
}
