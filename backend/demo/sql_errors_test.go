package demo

import (
	"net/http"
	"regexp"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A failed statement carries the SQLSTATE of its error class in
// status.sql_state (the SDK's StatementStatus.SqlState) and at the end of
// its message, as a warehouse reports it: a real failure reads
// "[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function
// parameter with name `signal_count` cannot be resolved. ... SQLSTATE:
// 42703". The classes' SQLSTATEs are Databricks' error conditions
// (docs.databricks.com/error-messages: TABLE_OR_VIEW_NOT_FOUND 42P01,
// UNRESOLVED_COLUMN 42703, ...) as Spark declares them (apache/spark
// common/utils/src/main/resources/error/error-conditions.json).
func TestFailedStatementsCarrySQLState(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{})
	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	limited := client(t, srv, lim)
	tests := []struct {
		name, stmt string
		params     []sql.StatementParameterListItem
		denied     bool // run by a user without grants on the system catalog
		class      string
		state      string
	}{
		{"parse error", "DROP TABLE x", nil, false, "[PARSE_SYNTAX_ERROR]", "42601"},
		{"no such table", "SELECT * FROM main.nope.missing", nil, false, "[TABLE_OR_VIEW_NOT_FOUND]", "42P01"},
		{"no such column", "SELECT avg(cpu_user_percent) FROM system.compute.node_timeline", nil, false, "[UNRESOLVED_COLUMN]", "42703"},
		{"no such column in a filter", "SELECT sku_name FROM system.billing.usage WHERE nope = 'x'", nil, false, "[UNRESOLVED_COLUMN]", "42703"},
		{"sum without group by", "SELECT sku_name, SUM(usage_quantity) FROM system.billing.usage", nil, false, "[MISSING_GROUP_BY]", "42803"},
		{"unbound parameter", "SELECT sku_name FROM system.billing.usage WHERE sku_name = :sku", nil, false, "[UNBOUND_SQL_PARAMETER]", "42P02"},
		{"bad timestamp", "SELECT start_time FROM system.compute.node_timeline WHERE start_time >= :from",
			[]sql.StatementParameterListItem{{Name: "from", Value: "yesterday"}}, false, "[CANNOT_PARSE_TIMESTAMP]", "22007"},
		{"no grant on the system catalog", timelineStmt, nil, true, "[INSUFFICIENT_PERMISSIONS]", "42501"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := w
			if tc.denied {
				c = limited
			}
			r, err := c.StatementExecution.ExecuteStatement(testCtx(t), sql.ExecuteStatementRequest{WarehouseId: demoWarehouseID,
				Statement: tc.stmt, Parameters: tc.params, WaitTimeout: "30s"})
			require.NoError(t, err)
			require.Equal(t, sql.StatementStateFailed, r.Status.State)
			assert.Equal(t, tc.state, r.Status.SqlState)
			require.NotNil(t, r.Status.Error)
			assert.Regexp(t, `^`+regexp.QuoteMeta(tc.class), r.Status.Error.Message)
			assert.Regexp(t, `SQLSTATE: `+tc.state+`$`, r.Status.Error.Message)
			got, err := c.StatementExecution.GetStatementByStatementId(testCtx(t), r.StatementId)
			require.NoError(t, err)
			assert.Equal(t, tc.state, got.Status.SqlState, "a later read says the same")
		})
	}

	ok := billingStatement(t, w, "SELECT sku_name FROM system.billing.usage")
	require.Equal(t, sql.StatementStateSucceeded, ok.Status.State)
	assert.Empty(t, ok.Status.SqlState, "only a failed statement has one")

	// On the wire the SQLSTATE sits in status, beside state and error.
	raw := rawStatementCall(t, srv, http.MethodPost, "/api/2.0/sql/statements", map[string]any{
		"warehouse_id": demoWarehouseID, "statement": "SELECT * FROM main.nope.missing"})
	state, found := jsonAt(raw, "status", "sql_state")
	require.True(t, found)
	assert.Equal(t, "42P01", state)
	code, _ := jsonAt(raw, "status", "error", "error_code")
	assert.NotEmpty(t, code)
}
