package demo

import (
	"fmt"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/sql"
)

// A failed statement's error as a warehouse reports it: the message starts
// with the error class in brackets and ends with its SQLSTATE, and the
// statement's status carries the SQLSTATE too (StatementStatus.sql_state in
// the SDK's service/sql/model.go: "SQLSTATE error code returned when the
// statement execution fails. Only populated when the statement status is
// FAILED"; ServiceError itself has only error_code and message).

// sqlErrorStates are the SQLSTATEs of the error classes the demo raises, as
// Databricks documents them (docs.databricks.com/error-messages: e.g.
// TABLE_OR_VIEW_NOT_FOUND "SQLSTATE: 42P01", UNRESOLVED_COLUMN "SQLSTATE:
// 42703") and Spark declares them (apache/spark
// common/utils/src/main/resources/error/error-conditions.json).
var sqlErrorStates = map[string]string{
	"PARSE_SYNTAX_ERROR":       "42601",
	"TABLE_OR_VIEW_NOT_FOUND":  "42P01",
	"UNRESOLVED_COLUMN":        "42703",
	"MISSING_GROUP_BY":         "42803",
	"UNBOUND_SQL_PARAMETER":    "42P02",
	"CANNOT_PARSE_TIMESTAMP":   "22007",
	"INSUFFICIENT_PERMISSIONS": "42501",
}

// sqlFail is a statement's failure: format starts with the error class in
// brackets; the message gets its SQLSTATE at the end, as a warehouse's does.
func sqlFail(format string, args ...any) *sql.ServiceError {
	return sqlFailWith(sql.ServiceErrorCodeBadRequest, format, args...)
}

func sqlFailWith(code sql.ServiceErrorCode, format string, args ...any) *sql.ServiceError {
	msg := fmt.Sprintf(format, args...)
	if state := sqlStateOf(msg); state != "" && !strings.Contains(msg, "SQLSTATE:") {
		msg += " SQLSTATE: " + state
	}
	return &sql.ServiceError{ErrorCode: code, Message: msg}
}

// sqlStateOf is the SQLSTATE of a message's error class ("[CLASS] ..." or
// "[CLASS.SUBCLASS] ..."), or "" for a class the demo does not know.
func sqlStateOf(msg string) string {
	class, ok := strings.CutPrefix(msg, "[")
	if !ok {
		return ""
	}
	if i := strings.IndexAny(class, ".]"); i >= 0 {
		return sqlErrorStates[class[:i]]
	}
	return ""
}

// failedStatus is the status of a statement that failed with qerr.
func failedStatus(qerr *sql.ServiceError) *sql.StatementStatus {
	return &sql.StatementStatus{State: sql.StatementStateFailed, Error: qerr, SqlState: sqlStateOf(qerr.Message)}
}
