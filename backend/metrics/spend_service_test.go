package metrics

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
	"github.com/clusterdeck/clusterdeck/backend/internal/sdktest"
)

func TestSpendFromBillingUsage(t *testing.T) {
	srv, w := demotest.Start(t, demo.Options{})
	s := service(t, srv, w)
	ctx := demotest.Ctx(t)
	cl := sharedCluster(t, w)

	_, err := s.Spend(ctx, "demo", cl.ClusterId, SpendQuery{})
	require.ErrorIs(t, err, ErrNoWarehouse)
	whs, err := s.Warehouses(ctx, "demo")
	require.NoError(t, err)
	require.NoError(t, s.ChooseWarehouse("demo", whs.Items[0].ID))

	one, err := s.Spend(ctx, "demo", cl.ClusterId, SpendQuery{})
	require.NoError(t, err)
	require.Len(t, one.Days, SpendDays)
	assert.Equal(t, PricesList, one.Prices, "the demo user can read list prices")
	assert.Greater(t, one.TotalDBUs, 0.0)
	require.Len(t, one.BySKU, 1)
	assert.Equal(t, "PREMIUM_ALL_PURPOSE_COMPUTE", one.BySKU[0].SKU)
	assert.InDelta(t, one.TotalDBUs*0.55, one.TotalDollars, 0.2, "the list price of all-purpose compute")
	require.Len(t, one.TopClusters, 1)
	assert.Equal(t, cl.ClusterId, one.TopClusters[0].ClusterID)

	all, err := s.Spend(ctx, "demo", "", SpendQuery{})
	require.NoError(t, err)
	assert.Greater(t, all.TotalDBUs, one.TotalDBUs)
	assert.GreaterOrEqual(t, len(all.BySKU), 3, "all-purpose, Photon and the SQL warehouse")
	assert.LessOrEqual(t, len(all.TopClusters), spendTop)
	for _, c := range all.TopClusters {
		assert.NotEmpty(t, c.Name, "ranked clusters are named")
	}
	assert.Empty(t, one.TopClusters[0].Name, "the cluster's own view needs no names")
	assert.Empty(t, one.ByWarehouse, "a cluster's usage is no warehouse's")
	require.NotEmpty(t, all.ByWarehouse, "the running Starter warehouse billed")
	starter := all.ByWarehouse[0]
	for _, w := range all.ByWarehouse {
		if w.WarehouseID == whs.Items[0].ID {
			starter = w
		}
	}
	assert.Equal(t, whs.Items[0].ID, starter.WarehouseID)
	assert.Greater(t, starter.DBUs, 0.0)

	// One warehouse's own spend: its SQL SKU only, the same total as its row.
	wh, err := s.WarehouseSpend(ctx, "demo", starter.WarehouseID, SpendQuery{})
	require.NoError(t, err)
	assert.InDelta(t, starter.DBUs, wh.TotalDBUs, 0.5*starter.DBUs/float64(SpendDays))
	require.Len(t, wh.BySKU, 1)
	assert.Contains(t, wh.BySKU[0].SKU, "SQL")
	assert.Empty(t, wh.TopClusters)
	require.Len(t, wh.ByWarehouse, 1)
	assert.Equal(t, starter.WarehouseID, wh.ByWarehouse[0].WarehouseID)
	_, err = s.WarehouseSpend(ctx, "demo", "", SpendQuery{})
	require.ErrorIs(t, err, ErrNoWarehouseID)
	sum := 0.0
	for _, d := range all.Dollars {
		sum += d
	}
	assert.InDelta(t, all.TotalDollars, sum, 0.01)

	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	limited := service(t, srv, sdktest.Client(t, srv.URL(), lim))
	require.NoError(t, limited.ChooseWarehouse("demo", whs.Items[0].ID))
	_, err = limited.Spend(ctx, "demo", cl.ClusterId, SpendQuery{})
	require.ErrorIs(t, err, ErrNoBillingTables)
	assert.Contains(t, err.Error(), "USE SCHEMA on system.billing")
	assert.NotErrorIs(t, err, ErrNoSystemTables)

	// Priya may read usage but not list prices: $ come from her own prices,
	// labelled as an estimate, with the reason.
	ptok, err := srv.UserToken(srv.Token(), "priya.sharma@example.com")
	require.NoError(t, err)
	priya := service(t, srv, sdktest.Client(t, srv.URL(), ptok))
	require.NoError(t, priya.ChooseWarehouse("demo", whs.Items[0].ID))
	require.NoError(t, priya.SetPrices("demo", Prices{AllPurpose: 0.4}))
	est, err := priya.Spend(ctx, "demo", cl.ClusterId, SpendQuery{})
	require.NoError(t, err)
	assert.Equal(t, PricesEstimate, est.Prices)
	assert.Contains(t, est.PricesNote, "system.billing.list_prices")
	assert.InDelta(t, one.TotalDBUs, est.TotalDBUs, 0.5*one.TotalDBUs/float64(SpendDays), "the same usage")
	assert.InDelta(t, est.TotalDBUs*0.4, est.TotalDollars, 0.2)
}
