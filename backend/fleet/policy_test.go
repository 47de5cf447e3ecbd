package fleet

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/clusters"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
)

func TestPolicySizeFlagsOnlyWhatMakesAClusterLarger(t *testing.T) {
	small := compute.Policy{PolicyId: "p-small", Name: "Small",
		Definition: `{"num_workers": {"type": "range", "maxValue": 4}, "autoscale.max_workers": {"type": "range", "maxValue": 4},` +
			` "spark_version": {"type": "fixed", "value": "15.4.x-scala2.12"}}`}
	snap := catalog.Snapshot{Policies: catalog.Section[[]compute.Policy]{Items: []compute.Policy{small, {PolicyId: "p-bad", Definition: "{not json"}}}}
	check := NewPolicySize(snap, policyeval.RateTable{Rates: map[string]float64{"m5.xlarge": 1}}).Check
	row := func(d compute.ClusterDetails) clusters.Row {
		d.State = compute.StateRunning
		d.NodeTypeId = "m5.xlarge"
		return clusters.RowOf(&d, false)
	}
	tests := []struct {
		name string
		d    compute.ClusterDetails
		want bool
	}{
		{"within its policy", compute.ClusterDetails{PolicyId: "p-small", NumWorkers: 3, SparkVersion: "15.4.x-scala2.12"}, false},
		{"too many workers", compute.ClusterDetails{PolicyId: "p-small", NumWorkers: 6, SparkVersion: "15.4.x-scala2.12"}, true},
		{"autoscales too far", compute.ClusterDetails{PolicyId: "p-small", NumWorkers: 2,
			Autoscale: &compute.AutoScale{MinWorkers: 1, MaxWorkers: 10}, SparkVersion: "15.4.x-scala2.12"}, true},
		{"breaks a rule that is not about size", compute.ClusterDetails{PolicyId: "p-small", NumWorkers: 2, SparkVersion: "16.4.x-scala2.12"}, false},
		{"no policy", compute.ClusterDetails{NumWorkers: 60}, false},
		{"a policy that cannot be read", compute.ClusterDetails{PolicyId: "p-bad", NumWorkers: 60}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			why := check(row(tc.d))
			assert.Equal(t, tc.want, why != "", why)
			if tc.want {
				assert.Contains(t, why, "Larger than its policy allows")
			}
		})
	}
}
