package metrics

import (
	"errors"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/clusters"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
)

func TestRowPricerPutsTheEstimateOnRowsThatBill(t *testing.T) {
	table := policyeval.RateTable{Rates: map[string]float64{"m5.xlarge": 0.69, "m5.2xlarge": 1.37}, PhotonMultiplier: 2}
	snap := catalog.Snapshot{}
	snap.Pools.Items = []compute.InstancePoolAndStats{{InstancePoolId: "pool-1", NodeTypeId: "m5.2xlarge"}}
	prefs := NewPrefs("")
	require.NoError(t, prefs.SetPrices("ws", Prices{AllPurpose: 0.55, JobsPhoton: 0.2}))
	p := &RowPricer{Rates: func() policyeval.RateTable { return table }, Prefs: prefs,
		Catalog: func(string) (catalog.Snapshot, error) { return snap, nil }}

	row := func(d compute.ClusterDetails) clusters.Row { return clusters.RowOf(&d, false) }
	tests := []struct {
		name string
		d    compute.ClusterDetails
		want *clusters.RowCost
	}{
		{"running, 2 workers, priced", compute.ClusterDetails{State: compute.StateRunning, NodeTypeId: "m5.xlarge", NumWorkers: 2},
			&clusters.RowCost{DBUsPerHour: 2.07, DollarsPerHour: 1.14, Priced: true}},
		{"autoscaling, running at its size now", compute.ClusterDetails{State: compute.StateResizing, NodeTypeId: "m5.xlarge",
			NumWorkers: 1, Autoscale: &compute.AutoScale{MinWorkers: 1, MaxWorkers: 8}},
			&clusters.RowCost{DBUsPerHour: 1.38, DollarsPerHour: 0.76, Priced: true}},
		{"from a pool", compute.ClusterDetails{State: compute.StateRunning, InstancePoolId: "pool-1", NumWorkers: 1},
			&clusters.RowCost{DBUsPerHour: 2.74, DollarsPerHour: 1.51, Priced: true}},
		{"job compute on Photon", compute.ClusterDetails{State: compute.StateRunning, NodeTypeId: "m5.xlarge", NumWorkers: 1,
			ClusterSource: compute.ClusterSourceJob, RuntimeEngine: compute.RuntimeEnginePhoton},
			&clusters.RowCost{DBUsPerHour: 2.76, DollarsPerHour: 0.55, Priced: true}},
		{"no price for its SKU: DBUs only", compute.ClusterDetails{State: compute.StateRunning, NodeTypeId: "m5.xlarge",
			SparkVersion: "15.4.x-photon-scala2.12"},
			&clusters.RowCost{DBUsPerHour: 1.38}},
		{"terminated: nothing", compute.ClusterDetails{State: compute.StateTerminated, NodeTypeId: "m5.xlarge", NumWorkers: 2}, nil},
		{"starting: not yet", compute.ClusterDetails{State: compute.StatePending, NodeTypeId: "m5.xlarge", NumWorkers: 2}, nil},
		{"a node type nobody rates", compute.ClusterDetails{State: compute.StateRunning, NodeTypeId: "x9.huge", NumWorkers: 2}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rows := []clusters.Row{row(tc.d)}
			p.PriceRows("ws", rows)
			assert.Equal(t, tc.want, rows[0].Cost)
		})
	}

	t.Run("no catalog yet: no estimate", func(t *testing.T) {
		none := &RowPricer{Rates: p.Rates, Prefs: prefs,
			Catalog: func(string) (catalog.Snapshot, error) { return catalog.Snapshot{}, errors.New("not cached") }}
		rows := []clusters.Row{row(tests[0].d)}
		none.PriceRows("ws", rows)
		assert.Nil(t, rows[0].Cost)
	})
}
