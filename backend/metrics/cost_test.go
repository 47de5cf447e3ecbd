package metrics

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/rates"
)

func TestSKU(t *testing.T) {
	tests := []struct {
		source compute.ClusterSource
		engine compute.RuntimeEngine
		want   string
	}{
		{compute.ClusterSourceUi, "", SKUAllPurpose},
		{compute.ClusterSourceApi, compute.RuntimeEngineStandard, SKUAllPurpose},
		{compute.ClusterSourceUi, compute.RuntimeEnginePhoton, SKUAllPurposePhoton},
		{compute.ClusterSourceJob, "", SKUJobs},
		{compute.ClusterSourceJob, compute.RuntimeEnginePhoton, SKUJobsPhoton},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, SKU(tc.source, tc.engine), "%s/%s", tc.source, tc.engine)
	}
}

func TestCostPerHour(t *testing.T) {
	srv, w := demotest.Start(t, demo.Options{})
	s := service(t, srv, w)
	table := rates.NewStore("").Table()
	s.Rates = func() policyeval.RateTable { return table }
	ctx := demotest.Ctx(t)
	cl := sharedCluster(t, w)

	c, err := s.Cost(ctx, "demo", cl.ClusterId)
	require.NoError(t, err)
	assert.Greater(t, c.DBUsPerHour, 0.0)
	assert.Equal(t, 0.0, c.DollarsPerHour, "no price set: no dollars")

	require.ErrorIs(t, s.SetPrices("demo", Prices{AllPurpose: -1}), ErrBadPrice)
	require.NoError(t, s.SetPrices("demo", Prices{AllPurpose: 0.55, AllPurposePhoton: 0.6, Jobs: 0.15, JobsPhoton: 0.2}))
	c, err = s.Cost(ctx, "demo", cl.ClusterId)
	require.NoError(t, err)
	want := SKU(cl.ClusterSource, cl.RuntimeEngine)
	assert.Equal(t, want, c.SKU)
	assert.Equal(t, c.Prices.For(want), c.PricePerDBU)
	assert.InDelta(t, c.DBUsPerHour*c.PricePerDBU, c.DollarsPerHour, 0.006)
	assert.Equal(t, cl.NumWorkers, c.Workers, "priced at its size now")

	// The prices survive a restart of the app (the same file).
	again := NewService(one{w}, NewPrefs(s.prefs.path))
	assert.Equal(t, 0.55, again.prefs.Prices("demo").AllPurpose)
}

// Warehouse SKUs are priced and checked as the cluster ones are.
func TestWarehousePrices(t *testing.T) {
	p := Prices{AllPurpose: 0.55, SQLServerless: 0.7, SQLPro: 0.55, SQLClassic: 0.22}
	tests := []struct {
		sku        string
		dbus       float64
		want       float64
		wantPriced bool
	}{
		{SKUSQLServerless, 12, 8.4, true},
		{SKUSQLPro, 24, 13.2, true},
		{SKUSQLClassic, 4, 0.88, true},
		{SKUJobs, 4, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.sku, func(t *testing.T) {
			got, priced := p.DollarsPerHour(tc.sku, tc.dbus)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.wantPriced, priced)
		})
	}
	for _, bad := range []Prices{{SQLServerless: -1}, {SQLPro: 101}, {SQLClassic: -0.01}} {
		assert.ErrorIs(t, bad.valid(), ErrBadPrice, "%+v", bad)
	}
	require.NoError(t, p.valid())

	// Saved and read back with the others.
	prefs := NewPrefs(t.TempDir() + "/prefs.json")
	require.NoError(t, prefs.SetPrices("ws", p))
	assert.Equal(t, p, NewPrefs(prefs.path).Prices("ws"))
}
