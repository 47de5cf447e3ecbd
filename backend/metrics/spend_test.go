package metrics

import (
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSKUFamily(t *testing.T) {
	for sku, want := range map[string]string{
		"PREMIUM_ALL_PURPOSE_COMPUTE":            SKUAllPurpose,
		"STANDARD_ALL_PURPOSE_COMPUTE_(PHOTON)":  SKUAllPurposePhoton,
		"PREMIUM_JOBS_COMPUTE":                   SKUJobs,
		"ENTERPRISE_JOBS_COMPUTE_(PHOTON)":       SKUJobsPhoton,
		"JOBS_COMPUTE":                           SKUJobs,
		"PREMIUM_SQL_PRO_COMPUTE":                SKUSQLPro,
		"PREMIUM_SERVERLESS_SQL_COMPUTE_US_EAST": SKUSQLServerless,
		"ENTERPRISE_SQL_COMPUTE":                 SKUSQLClassic,
		"PREMIUM_NOT_SQL_COMPUTEX":               "",
		"PREMIUM_JOBS_SERVERLESS_COMPUTE":        "",
	} {
		assert.Equal(t, want, skuFamily(sku), sku)
	}
}

func TestSpendWindow(t *testing.T) {
	days, from, to := spendWindow(time.Date(2026, 3, 1, 15, 4, 0, 0, time.UTC))
	require.Len(t, days, SpendDays)
	assert.Equal(t, "2026-01-31", days[0])
	assert.Equal(t, "2026-03-01", days[SpendDays-1])
	assert.Equal(t, time.Date(2026, 1, 31, 0, 0, 0, 0, time.UTC), from)
	assert.Equal(t, time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC), to)
}

func TestSpendParamsAreBound(t *testing.T) {
	from, to := time.Date(2026, 1, 31, 0, 0, 0, 0, time.UTC), time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)
	days := []sql.StatementParameterListItem{
		{Name: "first_day", Value: "2026-01-31", Type: "DATE"}, {Name: "end_day", Value: "2026-03-02", Type: "DATE"}}
	wsID := sql.StatementParameterListItem{Name: "workspace_id", Value: "123", Type: "STRING"}
	tests := []struct {
		name  string
		scope spendScope
		want  []sql.StatementParameterListItem
	}{
		{"workspace", workspaceScope(), append([]sql.StatementParameterListItem{wsID}, days...)},
		{"cluster", clusterScope("0101-abc'; DROP"), append([]sql.StatementParameterListItem{wsID,
			{Name: "cluster_id", Value: "0101-abc'; DROP", Type: "STRING"}}, days...)},
		{"warehouse", warehouseScope("4f8c' OR '1'='1"), append([]sql.StatementParameterListItem{wsID,
			{Name: "warehouse_id", Value: "4f8c' OR '1'='1", Type: "STRING"}}, days...)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := spendParams("123", tc.scope, from, to)
			assert.Equal(t, tc.want, got)
			for _, p := range got {
				assert.Contains(t, tc.scope.stmt, ":"+p.Name, "every parameter has its marker")
				assert.NotContains(t, tc.scope.stmt, p.Value, "values are bound, never pasted")
			}
		})
	}
	for _, p := range []string{":window_start", ":window_end"} {
		assert.Contains(t, listPricesSQL, p)
	}
}

func TestUsageQueriesSplitByWarehouse(t *testing.T) {
	for _, stmt := range []string{usageSQL, clusterUsageSQL, warehouseUsageSQL} {
		assert.Contains(t, stmt, "usage_metadata.warehouse_id AS warehouse_id", "the same columns in every scope")
		assert.Contains(t, stmt, "GROUP BY usage_date, sku_name, cloud, usage_metadata.cluster_id, usage_metadata.warehouse_id")
	}
	assert.Contains(t, warehouseUsageSQL, "usage_metadata.warehouse_id = :warehouse_id")
}

func TestPriceOnEffectiveWindow(t *testing.T) {
	change := time.Date(2026, 2, 15, 0, 0, 0, 0, time.UTC)
	list := []listPrice{
		{sku: "PREMIUM_JOBS_COMPUTE", cloud: "AZURE", price: 0.30, from: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC), to: change},
		{sku: "PREMIUM_JOBS_COMPUTE", cloud: "AZURE", price: 0.35, from: change},
		{sku: "PREMIUM_JOBS_COMPUTE", cloud: "AWS", price: 0.15, from: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)},
	}
	tests := []struct {
		name, sku, cloud string
		day              time.Time
		want             float64
		ok               bool
	}{
		{"before the change", "PREMIUM_JOBS_COMPUTE", "AZURE", change.AddDate(0, 0, -1), 0.30, true},
		{"on the day it changes", "PREMIUM_JOBS_COMPUTE", "AZURE", change, 0.35, true},
		{"open end", "PREMIUM_JOBS_COMPUTE", "AZURE", change.AddDate(1, 0, 0), 0.35, true},
		{"other cloud", "PREMIUM_JOBS_COMPUTE", "AWS", change, 0.15, true},
		{"before any price", "PREMIUM_JOBS_COMPUTE", "AWS", time.Date(2019, 1, 1, 0, 0, 0, 0, time.UTC), 0, false},
		{"unknown SKU", "PREMIUM_SQL_PRO_COMPUTE", "AZURE", change, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := priceOn(list, tc.sku, tc.cloud, tc.day)
			assert.Equal(t, tc.ok, ok)
			assert.InDelta(t, tc.want, got, 1e-9)
		})
	}
}

func TestShapeSpend(t *testing.T) {
	now := time.Date(2026, 3, 1, 15, 0, 0, 0, time.UTC)
	rows := []usageRow{
		{day: "2026-03-01", sku: "PREMIUM_ALL_PURPOSE_COMPUTE", cloud: "AZURE", cluster: "a", dbus: 10},
		{day: "2026-03-01", sku: "PREMIUM_JOBS_COMPUTE_(PHOTON)", cloud: "AZURE", cluster: "b", dbus: 4},
		{day: "2026-02-28", sku: "PREMIUM_ALL_PURPOSE_COMPUTE", cloud: "AZURE", cluster: "a", dbus: 2.5},
		{day: "2026-02-28", sku: "PREMIUM_SQL_PRO_COMPUTE", cloud: "AZURE", dbus: 3},
		{day: "2025-12-01", sku: "PREMIUM_ALL_PURPOSE_COMPUTE", cloud: "AZURE", cluster: "a", dbus: 99}, // outside the window
	}
	list := []listPrice{
		{sku: "PREMIUM_ALL_PURPOSE_COMPUTE", cloud: "AZURE", price: 0.55, from: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)},
		{sku: "PREMIUM_JOBS_COMPUTE_(PHOTON)", cloud: "AZURE", price: 0.30, from: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)},
	}
	own := Prices{AllPurpose: 0.40, JobsPhoton: 0.20}
	tests := []struct {
		name          string
		list          []listPrice
		own           Prices
		wantPrices    string
		wantToday     float64 // $ on the last day
		wantTotal     float64
		wantUnpriced  []string
		wantTopFirst  string
		wantTopDollar float64
	}{
		{"list prices", list, own, PricesList, 10*0.55 + 4*0.30, 12.5*0.55 + 4*0.30,
			[]string{"PREMIUM_SQL_PRO_COMPUTE"}, "a", 12.5 * 0.55},
		{"no list prices: own prices", nil, own, PricesEstimate, 10*0.40 + 4*0.20, 12.5*0.40 + 4*0.20,
			[]string{"PREMIUM_SQL_PRO_COMPUTE"}, "a", 5},
		{"list without a SKU: own for it", list[:1], own, PricesMixed, 10*0.55 + 4*0.20, 12.5*0.55 + 4*0.20,
			[]string{"PREMIUM_SQL_PRO_COMPUTE"}, "a", 6.88},
		{"no prices at all", nil, Prices{}, PricesEstimate, 0, 0,
			[]string{"PREMIUM_ALL_PURPOSE_COMPUTE", "PREMIUM_JOBS_COMPUTE_(PHOTON)", "PREMIUM_SQL_PRO_COMPUTE"}, "a", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := shapeSpend(rows, tc.list, tc.own, now)
			require.Len(t, s.Days, SpendDays)
			require.Len(t, s.DBUs, SpendDays)
			assert.Equal(t, tc.wantPrices, s.Prices)
			assert.InDelta(t, 14, s.DBUs[SpendDays-1], 1e-9)
			assert.InDelta(t, 5.5, s.DBUs[SpendDays-2], 1e-9)
			assert.InDelta(t, 19.5, s.TotalDBUs, 1e-9, "the row outside the window is left out")
			assert.InDelta(t, tc.wantToday, s.Dollars[SpendDays-1], 0.006)
			assert.InDelta(t, tc.wantTotal, s.TotalDollars, 0.011)
			assert.Equal(t, tc.wantUnpriced, s.Unpriced)
			require.Len(t, s.TopClusters, 2, "usage with no cluster is not ranked")
			assert.Equal(t, tc.wantTopFirst, s.TopClusters[0].ClusterID)
			assert.InDelta(t, tc.wantTopDollar, s.TopClusters[0].Dollars, 0.006)
			require.Len(t, s.BySKU, 3)
			assert.Equal(t, "PREMIUM_ALL_PURPOSE_COMPUTE", s.BySKU[0].SKU, "largest first")
			assert.InDelta(t, 12.5, s.BySKU[0].TotalDBUs, 1e-9)
			sum := 0.0
			for _, k := range s.BySKU {
				sum += k.TotalDollars
			}
			assert.InDelta(t, s.TotalDollars, sum, 0.011, "SKUs add up to the total")
			assert.Equal(t, time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC).Unix(), s.X[SpendDays-1])
		})
	}
}

func TestShapeSpendByWarehouse(t *testing.T) {
	now := time.Date(2026, 3, 1, 15, 0, 0, 0, time.UTC)
	rows := []usageRow{
		{day: "2026-03-01", sku: "PREMIUM_SQL_PRO_COMPUTE", cloud: "AZURE", warehouse: "pro", dbus: 10},
		{day: "2026-02-28", sku: "PREMIUM_SQL_PRO_COMPUTE", cloud: "AZURE", warehouse: "pro", dbus: 2},
		{day: "2026-03-01", sku: "PREMIUM_SERVERLESS_SQL_COMPUTE", cloud: "AZURE", warehouse: "sls", dbus: 8},
		{day: "2026-03-01", sku: "PREMIUM_ALL_PURPOSE_COMPUTE", cloud: "AZURE", cluster: "a", dbus: 50},
		{day: "2026-03-01", sku: "PREMIUM_SQL_PRO_COMPUTE", cloud: "AZURE", warehouse: "cheap", dbus: 1},
	}
	since := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	list := []listPrice{
		{sku: "PREMIUM_SQL_PRO_COMPUTE", cloud: "AZURE", price: 0.55, from: since},
		{sku: "PREMIUM_SERVERLESS_SQL_COMPUTE", cloud: "AZURE", price: 0.70, from: since},
		{sku: "PREMIUM_ALL_PURPOSE_COMPUTE", cloud: "AZURE", price: 0.55, from: since},
	}
	s := shapeSpend(rows, list, Prices{}, now)
	assert.Equal(t, []SpendWarehouse{
		{WarehouseID: "pro", DBUs: 12, Dollars: 6.6},
		{WarehouseID: "sls", DBUs: 8, Dollars: 5.6},
		{WarehouseID: "cheap", DBUs: 1, Dollars: 0.55},
	}, s.ByWarehouse, "every warehouse that billed, most $ first; cluster usage is not a warehouse's")
	est := shapeSpend(rows, nil, Prices{SQLPro: 0.5, SQLServerless: 0.7}, now)
	assert.Equal(t, SpendWarehouse{WarehouseID: "pro", DBUs: 12, Dollars: 6}, est.ByWarehouse[0], "without list prices: the user's price for the warehouse's kind")
	none := shapeSpend(rows[3:4], list, Prices{}, now)
	assert.Equal(t, []SpendWarehouse{}, none.ByWarehouse, "an empty list, not null, for the page")
}

func TestUsageAndPriceRows(t *testing.T) {
	str := func(s string) *string { return &s }
	u := usageRows([][]*string{
		{str("2026-03-01"), str("PREMIUM_JOBS_COMPUTE"), str("AZURE"), nil, nil, str("1.5")},
		{str("2026-03-01T00:00:00.000Z"), str("X"), nil, str("c1"), nil, str("2")},
		{str("2026-03-01"), str("PREMIUM_SQL_PRO_COMPUTE"), nil, nil, str("wh1"), str("3")},
		{str("2026-03-01"), str("X"), nil, nil, nil, str("not a number")},
		{nil, str("X"), nil, nil, nil, str("1")},
		{str("2026-03-01"), str("X"), nil, nil, str("1")}, // the old five columns
	})
	assert.Equal(t, []usageRow{{day: "2026-03-01", sku: "PREMIUM_JOBS_COMPUTE", cloud: "AZURE", dbus: 1.5},
		{day: "2026-03-01", sku: "X", cluster: "c1", dbus: 2},
		{day: "2026-03-01", sku: "PREMIUM_SQL_PRO_COMPUTE", warehouse: "wh1", dbus: 3}}, u)
	p := listPriceRows([][]*string{
		{str("S"), str("AZURE"), str("0.55"), str("2024-01-01T00:00:00.000Z"), nil},
		{str("S"), str("AZURE"), str("0.50"), str("2020-01-01 00:00:00"), str("2024-01-01T00:00:00.000Z")},
		{str("S"), str("AZURE"), str("n/a"), str("2020-01-01T00:00:00Z"), nil},
	})
	require.Len(t, p, 2)
	assert.True(t, p[0].to.IsZero())
	assert.Equal(t, time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), p[1].to)
}
