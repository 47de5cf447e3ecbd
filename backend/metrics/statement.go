package metrics

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// statementTimeout bounds one query, waits for the warehouse included.
const statementTimeout = 3 * time.Minute

// result is a finished statement's rows (JSON_ARRAY: every value a string
// or null) with how many chunks were read.
type result struct {
	id        string
	columns   []string
	rows      [][]*string
	chunks    int
	truncated bool
}

// run executes one parameterised statement and reads every chunk of its
// result, up to maxRows. Values are bound as parameters, never pasted in.
func (s *Service) run(ctx context.Context, w *workspaceapi.Client, warehouse, stmt string, params []sql.StatementParameterListItem) (result, error) {
	ctx, cancel := context.WithTimeout(ctx, statementTimeout)
	defer cancel()
	resp, err := w.StatementExecution.ExecuteStatement(ctx, sql.ExecuteStatementRequest{WarehouseId: warehouse, Statement: stmt,
		Parameters: params, WaitTimeout: "30s", OnWaitTimeout: sql.ExecuteStatementRequestOnWaitTimeoutContinue,
		Disposition: sql.DispositionInline, Format: sql.FormatJsonArray, RowLimit: int64(s.maxRows)})
	if err != nil {
		return result{}, fmt.Errorf("%w: %w", ErrStatementFailed, err)
	}
	for !finished(resp.Status) {
		select {
		case <-ctx.Done():
			// Cancel with a fresh context: ours is over.
			cctx, ccancel := context.WithTimeout(context.Background(), 10*time.Second)
			_ = w.StatementExecution.CancelExecution(cctx, sql.CancelExecutionRequest{StatementId: resp.StatementId})
			ccancel()
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return result{}, fmt.Errorf("%w (after %s; cancelled)", ErrStatementTimeout, statementTimeout)
			}
			return result{}, ctx.Err()
		case <-time.After(s.pollEvery):
		}
		if resp, err = w.StatementExecution.GetStatementByStatementId(ctx, resp.StatementId); err != nil {
			return result{}, fmt.Errorf("%w: %w", ErrStatementFailed, err)
		}
	}
	if err := statusError(resp.Status); err != nil {
		return result{}, err
	}
	out := result{id: resp.StatementId}
	if resp.Manifest != nil {
		out.truncated = resp.Manifest.Truncated
		if resp.Manifest.Schema != nil {
			for _, c := range resp.Manifest.Schema.Columns {
				out.columns = append(out.columns, c.Name)
			}
		}
	}
	data := resp.Result
	for data != nil {
		out.chunks++
		out.rows = append(out.rows, rawRows(data.DataArray)...)
		if len(out.rows) >= s.maxRows {
			out.truncated = out.truncated || data.NextChunkIndex > 0
			out.rows = out.rows[:min(len(out.rows), s.maxRows)]
			break
		}
		if data.NextChunkIndex == 0 {
			break
		}
		if data, err = w.StatementExecution.GetStatementResultChunkNByStatementIdAndChunkIndex(ctx, resp.StatementId, data.NextChunkIndex); err != nil {
			return result{}, fmt.Errorf("%w: chunk of %s: %w", ErrStatementFailed, resp.StatementId, err)
		}
	}
	return out, nil
}

// rawRows turns the SDK's [][]string into nullable cells (the SDK gives
// "" for JSON null; the table's numeric columns are never empty strings).
func rawRows(in [][]string) [][]*string {
	out := make([][]*string, len(in))
	for i, r := range in {
		row := make([]*string, len(r))
		for j := range r {
			if r[j] != "" {
				row[j] = &r[j]
			}
		}
		out[i] = row
	}
	return out
}

func finished(st *sql.StatementStatus) bool {
	if st == nil {
		return false
	}
	switch st.State {
	case sql.StatementStatePending, sql.StatementStateRunning:
		return false
	}
	return true
}

// deniedError is a statement refused for want of grants; the caller says
// which table and which grants (refusal).
type deniedError struct{ msg string }

func (e *deniedError) Error() string { return "permission denied: " + e.msg }

// refusal names the grants a refused statement needed: a denied read
// becomes sentinel (with grants); any other error is returned as it is.
func refusal(err error, sentinel error, grants string) error {
	var d *deniedError
	if errors.As(err, &d) {
		return fmt.Errorf("%w (%s): %s", sentinel, grants, d.msg)
	}
	return err
}

// statusError explains a statement that did not succeed: a refused read is
// a deniedError, named by the caller with refusal.
func statusError(st *sql.StatementStatus) error {
	if st.State == sql.StatementStateSucceeded {
		return nil
	}
	msg := string(st.State)
	code := ""
	if st.Error != nil {
		msg, code = st.Error.Message, string(st.Error.ErrorCode)
	}
	// SQLSTATE 42501 is the warehouse's "insufficient privileges"
	// (status.sql_state of a failed statement; older answers name the
	// error class in the message only).
	if code == "PERMISSION_DENIED" || st.SqlState == "42501" || strings.Contains(msg, "INSUFFICIENT_PERMISSIONS") {
		return &deniedError{msg: msg}
	}
	if st.State == sql.StatementStateCanceled {
		return fmt.Errorf("%w: the statement was cancelled", ErrStatementTimeout)
	}
	return fmt.Errorf("%w: %s", ErrStatementFailed, msg)
}

// ready gives the workspace's client and chosen warehouse, started only
// when the user agreed (a stopped warehouse bills once started).
func (s *Service) ready(ctx context.Context, ws string, start bool) (*workspaceapi.Client, string, error) {
	wh := s.chosen(ws)
	if wh == "" {
		return nil, "", ErrNoWarehouse
	}
	w, err := s.clients.Client(ctx, ws)
	if err != nil {
		return nil, "", err
	}
	info, err := w.Warehouses.GetById(ctx, wh)
	if err != nil {
		return nil, "", fmt.Errorf("SQL warehouse %s: %w", wh, err)
	}
	if info.State != sql.StateRunning && info.State != sql.StateStarting {
		if !start {
			return nil, "", fmt.Errorf("%w: %s is %s", ErrWarehouseStopped, info.Name, info.State)
		}
		if _, err := w.Warehouses.Start(ctx, sql.StartRequest{Id: wh}); err != nil {
			return nil, "", fmt.Errorf("start SQL warehouse %s: %w", info.Name, err)
		}
	}
	return w, wh, nil
}
