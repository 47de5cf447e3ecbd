package metrics

import (
	"errors"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
)

// statusError reads a refusal from the status's SQLSTATE (42501, the SDK's
// StatementStatus.SqlState) as well as from the error class in the message.
func TestStatusError(t *testing.T) {
	tests := []struct {
		name   string
		st     sql.StatementStatus
		denied bool
		is     error
	}{
		{"succeeded", sql.StatementStatus{State: sql.StatementStateSucceeded}, false, nil},
		{"refused by SQLSTATE", sql.StatementStatus{State: sql.StatementStateFailed, SqlState: "42501",
			Error: &sql.ServiceError{ErrorCode: "BAD_REQUEST", Message: "User does not have USE CATALOG on Catalog 'system'."}}, true, nil},
		{"refused by error class", sql.StatementStatus{State: sql.StatementStateFailed,
			Error: &sql.ServiceError{ErrorCode: "BAD_REQUEST", Message: "[INSUFFICIENT_PERMISSIONS] Insufficient privileges"}}, true, nil},
		{"no such table", sql.StatementStatus{State: sql.StatementStateFailed, SqlState: "42P01",
			Error: &sql.ServiceError{ErrorCode: "BAD_REQUEST", Message: "[TABLE_OR_VIEW_NOT_FOUND] x SQLSTATE: 42P01"}}, false, ErrStatementFailed},
		{"cancelled", sql.StatementStatus{State: sql.StatementStateCanceled}, false, ErrStatementTimeout},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := statusError(&tc.st)
			var d *deniedError
			assert.Equal(t, tc.denied, errors.As(err, &d))
			if tc.is != nil {
				assert.ErrorIs(t, err, tc.is)
			}
			if !tc.denied && tc.is == nil {
				assert.NoError(t, err)
			}
		})
	}
}
