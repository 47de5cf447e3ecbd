package warehouses

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
	"github.com/clusterdeck/clusterdeck/backend/metrics"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/rates"
)

func TestCostOf(t *testing.T) {
	table := rates.NewStore("").Table() // the built-in sizes: Small 12, Medium 24 DBU/h per cluster
	prices := metrics.Prices{SQLServerless: 0.7, SQLPro: 0.55}
	tests := []struct {
		name string
		w    WarehouseView
		want *Cost
	}{
		{"running pro, two clusters", WarehouseView{State: "RUNNING", Kind: KindPro, Size: "Medium", Clusters: 2, MinClusters: 1},
			&Cost{DBUsPerHour: 48, DollarsPerHour: 26.4, Priced: true, SKU: metrics.SKUSQLPro, Clusters: 2,
				AtMinDBUsPerHour: 24, AtMinDollarsPerHour: 13.2}},
		{"starting, none counted yet: its minimum", WarehouseView{State: "STARTING", Kind: KindServerless, Size: "Small", MinClusters: 2},
			&Cost{DBUsPerHour: 24, DollarsPerHour: 16.8, Priced: true, SKU: metrics.SKUSQLServerless, Clusters: 2,
				AtMinDBUsPerHour: 24, AtMinDollarsPerHour: 16.8}},
		{"stopped costs nothing, says what running would", WarehouseView{State: "STOPPED", Kind: KindPro, Size: "Small", MinClusters: 1},
			&Cost{SKU: metrics.SKUSQLPro, Priced: true, AtMinDBUsPerHour: 12, AtMinDollarsPerHour: 6.6}},
		{"no price for classic: DBU/h only", WarehouseView{State: "RUNNING", Kind: KindClassic, Size: "Small", Clusters: 1, MinClusters: 1},
			&Cost{DBUsPerHour: 12, SKU: metrics.SKUSQLClassic, Clusters: 1, AtMinDBUsPerHour: 12}},
		{"a size the table lacks: no estimate", WarehouseView{State: "RUNNING", Kind: KindPro, Size: "Huge", Clusters: 1}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.want != nil {
				tc.want.Label = table.Label
			}
			assert.Equal(t, tc.want, CostOf(tc.w, table, prices))
		})
	}
}

// The page's rows carry the estimate, from the injected rate table and
// the workspace's prices.
func TestListIsPricedAgainstDemo(t *testing.T) {
	_, w := demotest.Start(t, demo.Options{})
	prices := map[string]metrics.Prices{"ws": {SQLServerless: 0.7}}
	svc := NewService(fakeSource{}, fixedClient{w}, nil).WithPricer(&Pricer{
		Rates:  func() policyeval.RateTable { return rates.NewStore("").Table() },
		Prices: func(ws string) metrics.Prices { return prices[ws] },
	})
	v, err := svc.Live(demotest.Ctx(t), "ws")
	require.NoError(t, err)
	starter := find(t, v, starterID) // serverless 2X-Small, running one cluster
	require.NotNil(t, starter.Cost)
	assert.Equal(t, 4.0, starter.Cost.DBUsPerHour)
	assert.Equal(t, 2.8, starter.Cost.DollarsPerHour)
	pro := find(t, v, proID) // stopped
	require.NotNil(t, pro.Cost)
	assert.Zero(t, pro.Cost.DBUsPerHour, "a stopped warehouse costs nothing")
	assert.False(t, pro.Cost.Priced, "no SQL Pro price set")
}
