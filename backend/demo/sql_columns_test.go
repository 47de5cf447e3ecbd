package demo

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every column type the demo emits is described as the warehouse describes
// it. Sources: the SDK's ColumnInfo (service/sql/model.go: type_name is the
// base type, type_text "the full SQL type specification", type_precision
// and type_scale "apply to the DECIMAL type"), and a real answer of the
// service: {"name": "count(1)", "position": 0, "type_name": "LONG",
// "type_text": "BIGINT"}. Integers print as BIGINT/INT, DECIMAL as
// DECIMAL(p,s); the other base types print as their name.
func TestResultColumnTypes(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{})
	tests := []struct {
		name, stmt, column         string
		typeName                   sql.ColumnInfoTypeName
		typeText                   string
		precision, scale, position int
	}{
		{"string", "SELECT cluster_id FROM system.compute.node_timeline", "cluster_id",
			sql.ColumnInfoTypeNameString, "STRING", 0, 0, 0},
		{"timestamp", "SELECT cluster_id, start_time FROM system.compute.node_timeline", "start_time",
			sql.ColumnInfoTypeNameTimestamp, "TIMESTAMP", 0, 0, 1},
		{"boolean", "SELECT driver FROM system.compute.node_timeline", "driver",
			sql.ColumnInfoTypeNameBoolean, "BOOLEAN", 0, 0, 0},
		{"double", "SELECT cpu_user_percent FROM system.compute.node_timeline", "cpu_user_percent",
			sql.ColumnInfoTypeNameDouble, "DOUBLE", 0, 0, 0},
		{"64-bit integer", "SELECT network_sent_bytes FROM system.compute.node_timeline", "network_sent_bytes",
			sql.ColumnInfoTypeNameLong, "BIGINT", 0, 0, 0},
		{"32-bit integer", "SELECT cluster_count FROM system.compute.warehouse_events", "cluster_count",
			sql.ColumnInfoTypeNameInt, "INT", 0, 0, 0},
		{"date", "SELECT usage_date FROM system.billing.usage", "usage_date",
			sql.ColumnInfoTypeNameDate, "DATE", 0, 0, 0},
		{"decimal", "SELECT sku_name, usage_quantity FROM system.billing.usage", "usage_quantity",
			sql.ColumnInfoTypeNameDecimal, "DECIMAL(38,18)", 38, 18, 1},
		{"sum of a decimal keeps its type", "SELECT SUM(usage_quantity) AS dbus FROM system.billing.usage", "dbus",
			sql.ColumnInfoTypeNameDecimal, "DECIMAL(38,18)", 38, 18, 0},
		{"list price", "SELECT pricing.default FROM system.billing.list_prices", "default",
			sql.ColumnInfoTypeNameDecimal, "DECIMAL(38,18)", 38, 18, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := billingStatement(t, w, tc.stmt)
			require.Equal(t, sql.StatementStateSucceeded, r.Status.State, "%+v", r.Status.Error)
			cols := r.Manifest.Schema.Columns
			require.Greater(t, len(cols), tc.position)
			c := cols[tc.position]
			assert.Equal(t, tc.column, c.Name)
			assert.Equal(t, tc.typeName, c.TypeName)
			assert.Equal(t, tc.typeText, c.TypeText)
			assert.Equal(t, tc.precision, c.TypePrecision)
			assert.Equal(t, tc.scale, c.TypeScale)
			assert.Equal(t, tc.position, c.Position)
		})
	}
}
