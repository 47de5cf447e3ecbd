package demo

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
)

// Statement life cycles: PENDING while the warehouse starts, RUNNING for a
// moment, then SUCCEEDED or FAILED. wait_timeout (5s to 50s, default 10s)
// makes the call wait on the demo clock, the warehouse's start included,
// for the result (statementWait); when the wait runs out on_wait_timeout
// decides: CONTINUE answers the statement as it is, CANCEL cancels it.
// "0s" answers PENDING at once (SDK ExecuteStatementRequest.WaitTimeout).
const (
	statementRunTime   = 2 * time.Second
	defaultWaitTimeout = 10 * time.Second
)

type statement struct {
	resp     sql.StatementResponse // the finished answer (status SUCCEEDED or FAILED)
	rows     [][]string
	runsAt   time.Time // the warehouse is up: PENDING → RUNNING
	doneAt   time.Time // RUNNING → the finished answer
	canceled bool
	hist     *queryEntry // its entry in the query history (sql_history.go)
}

func sqlRoutes() map[string]handler {
	return map[string]handler{
		"GET /api/2.0/sql/warehouses":                            (*workspace).warehousesList,
		"POST /api/2.0/sql/warehouses":                           (*workspace).warehouseCreate,
		"GET /api/2.0/sql/warehouses/{id}":                       (*workspace).warehouseGet,
		"POST /api/2.0/sql/warehouses/{id}/edit":                 (*workspace).warehouseEdit,
		"DELETE /api/2.0/sql/warehouses/{id}":                    (*workspace).warehouseDelete,
		"POST /api/2.0/sql/warehouses/{id}/start":                (*workspace).warehouseStart,
		"POST /api/2.0/sql/warehouses/{id}/stop":                 (*workspace).warehouseStop,
		"POST /api/2.0/sql/statements":                           (*workspace).statementExecute,
		"GET /api/2.0/sql/statements/{id}":                       (*workspace).statementGet,
		"GET /api/2.0/sql/statements/{id}/result/chunks/{chunk}": (*workspace).statementChunk,
		"POST /api/2.0/sql/statements/{id}/cancel":               (*workspace).statementCancel,
		"GET /api/2.0/sql/history/queries":                       (*workspace).queryHistoryList,
	}
}

// insufficientPrivileges is the refusal a user without grants on the
// system catalog gets (the SQL error class and SQLSTATE real warehouses send).
const insufficientPrivileges = "[INSUFFICIENT_PERMISSIONS] Insufficient privileges:\nUser does not have USE CATALOG on Catalog 'system'. SQLSTATE: 42501"

// parseWaitTimeout reads wait_timeout: "Ns" with N 0 or from 5 to 50 (the
// SDK's ExecuteStatementRequest). The refusal is INVALID_PARAMETER_VALUE;
// the service's own wording was not found, so the message says what is allowed.
func parseWaitTimeout(s string) (time.Duration, error) {
	if s == "" {
		return defaultWaitTimeout, nil
	}
	n, err := strconv.Atoi(strings.TrimSuffix(s, "s"))
	if err != nil || !strings.HasSuffix(s, "s") || (n != 0 && (n < 5 || n > 50)) {
		return 0, errInvalidParam("wait_timeout must be 0s or from 5s to 50s, not %q.", s)
	}
	return time.Duration(n) * time.Second, nil
}

func (ws *workspace) statementExecute(c *call) (any, error) {
	var req sql.ExecuteStatementRequest
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	wh, err := ws.warehouseByID(req.WarehouseId)
	if err != nil {
		return nil, err
	}
	if err := ws.authorize(c.user, kindWarehouse, wh.info.Id, levelUse); err != nil {
		return nil, err
	}
	if wh.info.State == sql.StateDeleting {
		return nil, errInvalidState("SQL warehouse %s is being deleted.", wh.info.Id)
	}
	if (req.Format != "" && req.Format != sql.FormatJsonArray) || (req.Disposition != "" && req.Disposition != sql.DispositionInline) {
		return nil, errInvalidParam("The demo workspace returns results INLINE in JSON_ARRAY format only.")
	}
	wait, err := parseWaitTimeout(req.WaitTimeout)
	if err != nil {
		return nil, err
	}
	switch req.OnWaitTimeout {
	case "", sql.ExecuteStatementRequestOnWaitTimeoutContinue, sql.ExecuteStatementRequestOnWaitTimeoutCancel:
	default:
		return nil, errInvalidParam("on_wait_timeout must be CONTINUE or CANCEL, not %q.", req.OnWaitTimeout)
	}
	id := fmt.Sprintf("01f0%s-%s-%s-%s-%s", strings.ToLower(ws.randomHex(4)), strings.ToLower(ws.randomHex(4)),
		strings.ToLower(ws.randomHex(4)), strings.ToLower(ws.randomHex(4)), strings.ToLower(ws.randomHex(12)))
	// A stopped warehouse starts on the first statement (and bills).
	st := &statement{resp: sql.StatementResponse{StatementId: id}, runsAt: ws.startWarehouse(wh, c.now)}
	st.doneAt = st.runsAt
	if !st.runsAt.Equal(c.now) {
		st.doneAt = st.runsAt.Add(statementRunTime)
	}
	var qerr *sql.ServiceError
	var cols []sql.ColumnInfo
	var rows [][]string
	if msg := systemRefusal(c.user, statementTable(req.Statement)); msg != "" {
		qerr = &sql.ServiceError{ErrorCode: sql.ServiceErrorCodeBadRequest, Message: msg}
	} else {
		cols, rows, qerr = ws.runQuery(req.Statement, req.Parameters, c.now)
	}
	st.finish(cols, rows, qerr, req.RowLimit)
	ws.statements[id] = st
	ws.busy(wh, st.doneAt) // a statement is activity: auto-stop counts from its end
	st.hist = ws.recordStatement(c, wh, st, req.Statement)
	if wait == 0 {
		return sql.StatementResponse{StatementId: id, Status: &sql.StatementStatus{State: sql.StatementStatePending}}, nil
	}
	if resp := st.at(c.now); statementDone(resp.Status.State) {
		return resp, nil
	}
	return &statementWait{st: st, wait: wait, deadline: c.now.Add(wait),
		cancel: req.OnWaitTimeout == sql.ExecuteStatementRequestOnWaitTimeoutCancel}, nil
}

// statementDone: the statement will not change any more.
func statementDone(s sql.StatementState) bool {
	return s != sql.StatementStatePending && s != sql.StatementStateRunning
}

// statementWait is a call waiting for its statement until deadline on the
// demo clock (a pendingAnswer, await.go).
type statementWait struct {
	st       *statement
	wait     time.Duration
	deadline time.Time
	cancel   bool // on_wait_timeout CANCEL
}

func (w *statementWait) realLimit() time.Duration { return w.wait }

// poll answers once the statement is done within the wait, or when the wait
// ran out: the statement as it was then (CONTINUE) or cancelled then (CANCEL).
func (w *statementWait) poll(now time.Time, timedOut bool) (any, bool) {
	end := minTime(now, w.deadline)
	resp := w.st.at(end)
	if statementDone(resp.Status.State) {
		return resp, true
	}
	if !timedOut && now.Before(w.deadline) {
		return nil, false
	}
	if w.cancel {
		w.st.canceled = true
		w.st.hist.cancel(end)
		resp = w.st.at(end)
	}
	return resp, true
}

// finish prepares the answer the statement gives once done.
func (st *statement) finish(cols []sql.ColumnInfo, rows [][]string, qerr *sql.ServiceError, rowLimit int64) {
	if qerr != nil {
		st.resp.Status = failedStatus(qerr)
		return
	}
	truncated := false
	if rowLimit > 0 && int64(len(rows)) > rowLimit {
		rows, truncated = rows[:rowLimit], true
	}
	st.rows = rows
	schema := &sql.ResultSchema{ColumnCount: len(cols), Columns: cols}
	chunks := max(1, (len(rows)+chunkRows-1)/chunkRows)
	st.resp.Status = &sql.StatementStatus{State: sql.StatementStateSucceeded}
	// Zero counts, indexes and offsets are sent as the service sends them
	// (chunk 0 at row_offset 0, "truncated": false): the SDK's types omit
	// zero values unless forced.
	st.resp.Manifest = &sql.ResultManifest{Format: sql.FormatJsonArray, Schema: schema, TotalRowCount: int64(len(rows)),
		TotalChunkCount: chunks, Truncated: truncated, ForceSendFields: []string{"TotalRowCount", "Truncated"}}
	for i := 0; i < chunks; i++ {
		lo, hi := i*chunkRows, min((i+1)*chunkRows, len(rows))
		st.resp.Manifest.Chunks = append(st.resp.Manifest.Chunks, sql.BaseChunkInfo{ChunkIndex: i, RowOffset: int64(lo), RowCount: int64(hi - lo),
			ForceSendFields: zeroChunkFields()})
	}
	st.resp.Result = st.chunk(0)
}

// at is the statement as a GET sees it at now.
func (st *statement) at(now time.Time) sql.StatementResponse {
	switch {
	case st.canceled:
		return sql.StatementResponse{StatementId: st.resp.StatementId, Status: &sql.StatementStatus{State: sql.StatementStateCanceled}}
	case now.Before(st.runsAt):
		return sql.StatementResponse{StatementId: st.resp.StatementId, Status: &sql.StatementStatus{State: sql.StatementStatePending}}
	case now.Before(st.doneAt):
		return sql.StatementResponse{StatementId: st.resp.StatementId, Status: &sql.StatementStatus{State: sql.StatementStateRunning}}
	}
	return st.resp
}

// zeroChunkFields are a chunk's fields sent even when 0 (the first chunk's
// index and offset, an empty result's row count).
func zeroChunkFields() []string { return []string{"ChunkIndex", "RowOffset", "RowCount"} }

func (st *statement) chunk(i int) *sql.ResultData {
	lo, hi := min(i*chunkRows, len(st.rows)), min((i+1)*chunkRows, len(st.rows))
	d := &sql.ResultData{ChunkIndex: i, RowOffset: int64(lo), RowCount: int64(hi - lo), DataArray: st.rows[lo:hi],
		ForceSendFields: zeroChunkFields()}
	if hi < len(st.rows) {
		d.NextChunkIndex = i + 1
		d.NextChunkInternalLink = fmt.Sprintf("/api/2.0/sql/statements/%s/result/chunks/%d", st.resp.StatementId, i+1)
	}
	return d
}

func (ws *workspace) statementGet(c *call) (any, error) {
	st, ok := ws.statements[c.r.PathValue("id")]
	if !ok {
		return nil, errNotFound("Statement %s does not exist.", c.r.PathValue("id"))
	}
	return st.at(c.now), nil
}

func (ws *workspace) statementChunk(c *call) (any, error) {
	st, ok := ws.statements[c.r.PathValue("id")]
	if !ok {
		return nil, errNotFound("Statement %s does not exist.", c.r.PathValue("id"))
	}
	if r := st.at(c.now); r.Status.State != sql.StatementStateSucceeded {
		return nil, errInvalidState("Statement %s is %s: it has no result.", st.resp.StatementId, r.Status.State)
	}
	i, err := strconv.Atoi(c.r.PathValue("chunk"))
	if err != nil || st.resp.Manifest == nil || i < 0 || i >= st.resp.Manifest.TotalChunkCount {
		return nil, errInvalidParam("Invalid chunk index %s.", c.r.PathValue("chunk"))
	}
	return st.chunk(i), nil
}

// statementCancel stops a statement that has not finished; a finished one
// keeps its result.
func (ws *workspace) statementCancel(c *call) (any, error) {
	st, ok := ws.statements[c.r.PathValue("id")]
	if !ok {
		return nil, errNotFound("Statement %s does not exist.", c.r.PathValue("id"))
	}
	if c.now.Before(st.doneAt) {
		st.canceled = true
		st.hist.cancel(c.now)
	}
	return struct{}{}, nil
}
