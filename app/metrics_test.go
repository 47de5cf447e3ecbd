package app

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/clusterdeck/clusterdeck/backend/metrics"
)

func TestMetricsErrorsSaySentences(t *testing.T) {
	f := NewErrorFormatter(errorRules()...)
	tests := []struct {
		err        error
		code, hint string
	}{
		{metrics.ErrNoWarehouse, "NO_WAREHOUSE", "Pick one"},
		{fmt.Errorf("%w: Analytics Pro is STOPPED", metrics.ErrWarehouseStopped), "WAREHOUSE_STOPPED", "bills"},
		{fmt.Errorf("%w (%s): [INSUFFICIENT_PERMISSIONS] …", metrics.ErrNoSystemTables, metrics.Grants), "NO_SYSTEM_TABLE_ACCESS", "USE CATALOG on system, USE SCHEMA on system.compute, and SELECT on system.compute.node_timeline"},
		{fmt.Errorf("%w (%s): [INSUFFICIENT_PERMISSIONS] …", metrics.ErrNoBillingTables, metrics.BillingGrants), "NO_BILLING_TABLE_ACCESS", "USE CATALOG on system, USE SCHEMA on system.billing, and SELECT on system.billing.usage and system.billing.list_prices"},
		{fmt.Errorf("%w (after 3m0s; cancelled)", metrics.ErrStatementTimeout), "STATEMENT_TIMEOUT", "shorter range"},
		{fmt.Errorf("%w: [PARSE_SYNTAX_ERROR] …", metrics.ErrStatementFailed), "STATEMENT_FAILED", "message is below"},
		{fmt.Errorf("%w: a price per DBU is from $0 to $100", metrics.ErrBadPrice), "BAD_PRICE", "per DBU"},
		{metrics.ErrNoWarehouseID, "NO_WAREHOUSE_ID", "Spend tab"},
	}
	for _, tc := range tests {
		got, ok := f.Format(tc.err).(UIError)
		if !assert.True(t, ok) {
			continue
		}
		assert.Equal(t, tc.code, got.Code)
		assert.Contains(t, got.Hint, tc.hint)
	}
}
