package demo

import (
	"strconv"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// billingStatement runs stmt on the running warehouse and returns its rows.
func billingStatement(t *testing.T, w *workspaceapi.Client, stmt string, params ...sql.StatementParameterListItem) sql.StatementResponse {
	t.Helper()
	r, err := w.StatementExecution.ExecuteStatement(testCtx(t), sql.ExecuteStatementRequest{WarehouseId: demoWarehouseID,
		Statement: stmt, Parameters: params, WaitTimeout: "30s"})
	require.NoError(t, err)
	return *r
}

func TestBillingUsageFollowsRunTime(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{})
	ctx := testCtx(t)
	org, err := w.CurrentWorkspaceID(ctx)
	require.NoError(t, err)
	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	byName := map[string]compute.ClusterDetails{}
	for _, c := range all {
		byName[c.ClusterName] = c
	}
	streaming := byName["streaming-orders"] // Photon, 3 × D8ds_v5 + driver, no auto-termination
	require.NotEmpty(t, streaming.ClusterId)
	now := srv.Clock().Now().UTC()
	from := now.Add(-30 * 24 * time.Hour).Format(time.DateOnly)
	to := now.Add(24 * time.Hour).Format(time.DateOnly)

	r := billingStatement(t, w, `SELECT usage_date, sku_name, cloud, usage_metadata.cluster_id AS cluster_id, SUM(usage_quantity) AS dbus
		FROM system.billing.usage
		WHERE workspace_id = :workspace_id AND usage_metadata.cluster_id = :cluster_id AND usage_unit = 'DBU' AND usage_date >= :from AND usage_date < :to
		GROUP BY usage_date, sku_name, cloud, usage_metadata.cluster_id ORDER BY usage_date`,
		sql.StatementParameterListItem{Name: "workspace_id", Value: strconv.FormatInt(org, 10)},
		sql.StatementParameterListItem{Name: "cluster_id", Value: streaming.ClusterId},
		sql.StatementParameterListItem{Name: "from", Value: from, Type: "DATE"},
		sql.StatementParameterListItem{Name: "to", Value: to, Type: "DATE"})
	require.Equal(t, sql.StatementStateSucceeded, r.Status.State, "%+v", r.Status.Error)
	assert.Equal(t, []string{"usage_date", "sku_name", "cloud", "cluster_id", "dbus"}, colNames(r))
	rows := r.Result.DataArray
	require.GreaterOrEqual(t, len(rows), 29, "30 days of history for a seeded cluster")
	// 4 nodes × 8 cores × 0.1875 DBU × 2 (Photon) = 12 DBU/h, all day long,
	// the day of its first run here included.
	for _, row := range rows[:len(rows)-1] {
		assert.Equal(t, "PREMIUM_ALL_PURPOSE_COMPUTE_(PHOTON)", row[1])
		assert.Equal(t, "AZURE", row[2])
		assert.Equal(t, streaming.ClusterId, row[3])
		if row[0] > rows[0][0] {
			dbus, err := strconv.ParseFloat(row[4], 64)
			require.NoError(t, err)
			assert.InDelta(t, 12*24, dbus, 2, "a full day on %s (less the minutes it took to start)", row[0])
		}
	}
	for i := 1; i < len(rows); i++ {
		assert.Less(t, rows[i-1][0], rows[i][0], "one row per day, in order")
	}

	// Another workspace id reads nothing.
	other := billingStatement(t, w, `SELECT SUM(usage_quantity) AS dbus FROM system.billing.usage WHERE workspace_id = :ws`,
		sql.StatementParameterListItem{Name: "ws", Value: strconv.FormatInt(org+1, 10)})
	require.Equal(t, sql.StatementStateSucceeded, other.Status.State)
	require.Len(t, other.Result.DataArray, 1)
	assert.Empty(t, other.Result.DataArray[0][0], "SUM of no rows is NULL")

	// The workspace's SKUs: clusters and the running serverless warehouse.
	skus := billingStatement(t, w, `SELECT sku_name, SUM(usage_quantity) AS dbus FROM system.billing.usage WHERE workspace_id = :ws GROUP BY sku_name`,
		sql.StatementParameterListItem{Name: "ws", Value: strconv.FormatInt(org, 10)})
	require.Equal(t, sql.StatementStateSucceeded, skus.Status.State, "%+v", skus.Status.Error)
	names := map[string]bool{}
	for _, row := range skus.Result.DataArray {
		names[row[0]] = true
	}
	assert.True(t, names["PREMIUM_ALL_PURPOSE_COMPUTE"] && names["PREMIUM_ALL_PURPOSE_COMPUTE_(PHOTON)"] && names["PREMIUM_SERVERLESS_SQL_COMPUTE"], "%v", names)
}

// The spend queries' split by SQL warehouse (backend/metrics usageSQL and
// warehouseUsageSQL): warehouse records carry usage_metadata.warehouse_id,
// a SQL SKU and no cluster id; a bound :warehouse_id keeps only its rows.
func TestBillingUsageByWarehouse(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{})
	org, err := w.CurrentWorkspaceID(testCtx(t))
	require.NoError(t, err)
	now := srv.Clock().Now().UTC()
	params := func(extra ...sql.StatementParameterListItem) []sql.StatementParameterListItem {
		return append([]sql.StatementParameterListItem{{Name: "workspace_id", Value: strconv.FormatInt(org, 10), Type: "STRING"},
			{Name: "first_day", Value: now.AddDate(0, 0, -29).Format(time.DateOnly), Type: "DATE"},
			{Name: "end_day", Value: now.AddDate(0, 0, 1).Format(time.DateOnly), Type: "DATE"}}, extra...)
	}
	const sel = `SELECT usage_date, sku_name, cloud, usage_metadata.cluster_id AS cluster_id, usage_metadata.warehouse_id AS warehouse_id, SUM(usage_quantity) AS dbus FROM system.billing.usage `
	const group = ` GROUP BY usage_date, sku_name, cloud, usage_metadata.cluster_id, usage_metadata.warehouse_id ORDER BY usage_date`
	const scope = `WHERE workspace_id = :workspace_id AND usage_unit = 'DBU' AND usage_date >= :first_day AND usage_date < :end_day`

	all := billingStatement(t, w, sel+scope+group, params()...)
	require.Equal(t, sql.StatementStateSucceeded, all.Status.State, "%+v", all.Status.Error)
	assert.Equal(t, []string{"usage_date", "sku_name", "cloud", "cluster_id", "warehouse_id", "dbus"}, colNames(all))
	byWarehouse := map[string]float64{}
	for _, row := range all.Result.DataArray {
		if row[4] == "" {
			assert.NotEmpty(t, row[3], "usage of no warehouse is a cluster's")
			continue
		}
		assert.Empty(t, row[3], "a warehouse's usage has no cluster id")
		assert.Contains(t, row[1], "SQL", "a SQL SKU")
		dbus, err := strconv.ParseFloat(row[5], 64)
		require.NoError(t, err)
		byWarehouse[row[4]] += dbus
	}
	require.Contains(t, byWarehouse, demoWarehouseID, "the running Starter warehouse bills")

	one := billingStatement(t, w, sel+scope+` AND usage_metadata.warehouse_id = :warehouse_id`+group,
		params(sql.StatementParameterListItem{Name: "warehouse_id", Value: demoWarehouseID, Type: "STRING"})...)
	require.Equal(t, sql.StatementStateSucceeded, one.Status.State, "%+v", one.Status.Error)
	require.NotEmpty(t, one.Result.DataArray)
	sum := 0.0
	for _, row := range one.Result.DataArray {
		assert.Equal(t, demoWarehouseID, row[4])
		assert.Equal(t, "PREMIUM_SERVERLESS_SQL_COMPUTE", row[1])
		dbus, _ := strconv.ParseFloat(row[5], 64)
		sum += dbus
	}
	assert.InDelta(t, byWarehouse[demoWarehouseID], sum, 1e-6, "the filter keeps exactly its rows")

	// A value is compared, never read as SQL.
	none := billingStatement(t, w, sel+scope+` AND usage_metadata.warehouse_id = :warehouse_id`+group,
		params(sql.StatementParameterListItem{Name: "warehouse_id", Value: "x' OR '1'='1", Type: "STRING"})...)
	require.Equal(t, sql.StatementStateSucceeded, none.Status.State)
	assert.Empty(t, none.Result.DataArray)
}

func TestBillingListPricesAndRefusals(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{})
	r := billingStatement(t, w, `SELECT sku_name, cloud, pricing.default AS price, price_start_time, price_end_time
		FROM system.billing.list_prices
		WHERE usage_unit = 'DBU' AND currency_code = 'USD' AND price_start_time < :to AND (price_end_time IS NULL OR price_end_time > :from)`,
		sql.StatementParameterListItem{Name: "from", Value: "2026-01-01T00:00:00Z", Type: "TIMESTAMP"},
		sql.StatementParameterListItem{Name: "to", Value: "2026-02-01T00:00:00Z", Type: "TIMESTAMP"})
	require.Equal(t, sql.StatementStateSucceeded, r.Status.State, "%+v", r.Status.Error)
	assert.Equal(t, "price", r.Manifest.Schema.Columns[2].Name)
	jobs := 0
	for _, row := range r.Result.DataArray {
		if row[0] == "PREMIUM_JOBS_COMPUTE" && row[1] == "AZURE" {
			jobs++
			assert.Equal(t, "0.30", row[2], "the price that ended in 2023 is outside the window")
			assert.Empty(t, row[4])
		}
	}
	assert.Equal(t, 1, jobs)

	tests := []struct{ name, stmt, want string }{
		{"unknown column", "SELECT usage_qty FROM system.billing.usage", "UNRESOLVED_COLUMN"},
		{"sum without group by", "SELECT sku_name, SUM(usage_quantity) FROM system.billing.usage", "MISSING_GROUP_BY"},
		{"unbound parameter", "SELECT sku_name FROM system.billing.usage WHERE workspace_id = :nope", "UNBOUND_SQL_PARAMETER"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := billingStatement(t, w, tc.stmt)
			require.Equal(t, sql.StatementStateFailed, r.Status.State)
			assert.Contains(t, r.Status.Error.Message, tc.want)
		})
	}

	// A user without grants on the system catalog is refused.
	tok, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	limited := client(t, srv, tok)
	for _, table := range []string{"system.billing.usage", "system.billing.list_prices"} {
		r := billingStatement(t, limited, "SELECT sku_name FROM "+table)
		require.Equal(t, sql.StatementStateFailed, r.Status.State, table)
		assert.Contains(t, r.Status.Error.Message, "INSUFFICIENT_PERMISSIONS")
	}
	// Priya may read usage but not the list prices.
	ptok, err := srv.UserToken(srv.Token(), "priya.sharma@example.com")
	require.NoError(t, err)
	priya := client(t, srv, ptok)
	assert.Equal(t, sql.StatementStateSucceeded, billingStatement(t, priya, "SELECT sku_name FROM system.billing.usage").Status.State)
	r = billingStatement(t, priya, "SELECT sku_name FROM system.billing.list_prices")
	require.Equal(t, sql.StatementStateFailed, r.Status.State)
	assert.Contains(t, r.Status.Error.Message, "does not have SELECT on Table 'system.billing.list_prices'")
}

func colNames(r sql.StatementResponse) []string {
	var out []string
	for _, c := range r.Manifest.Schema.Columns {
		out = append(out, c.Name)
	}
	return out
}

func TestCompareSQL(t *testing.T) {
	tests := []struct {
		a, op, b string
		want     bool
	}{
		{"2026-03-01", ">=", "2026-03-01", true},
		{"2026-02-28", ">=", "2026-03-01", false},
		{"2026-03-01", "<", "2026-03-02", true},
		{"2023-01-01T00:00:00.000Z", "<", "2026-02-01T00:00:00Z", true},
		{"1000000000000000001", "=", "1000000000000000002", false}, // beyond a float's precision
		{"0.55", ">", "0.3", true},
		{"DBU", "=", "DBU", true},
		{"PREMIUM_JOBS_COMPUTE", "=", "PREMIUM_JOBS_COMPUTE_(PHOTON)", false},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, compareSQL(tc.a, tc.op, tc.b), "%s %s %s", tc.a, tc.op, tc.b)
	}
}
