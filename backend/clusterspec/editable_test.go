package clusterspec

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEditable(t *testing.T) {
	logs := &compute.ClusterLogConf{Dbfs: &compute.DbfsStorageInfo{Destination: "dbfs:/logs"}}
	cases := []struct {
		name      string
		d         compute.ClusterDetails
		driver    string
		workers   int
		autoscale *compute.AutoScale
		logs      bool
	}{
		{name: "no requested spec: the effective one",
			d:      compute.ClusterDetails{ClusterName: "a", NodeTypeId: "n1", DriverNodeTypeId: "n1", NumWorkers: 2},
			driver: "n1", workers: 2},
		{name: "same as worker survives; effective-only fields are kept; size is the current one",
			d: compute.ClusterDetails{ClusterName: "a", NodeTypeId: "n1", DriverNodeTypeId: "n1", NumWorkers: 5, ClusterLogConf: logs,
				Spec: &compute.ClusterSpec{ClusterName: "a", NodeTypeId: "n1", NumWorkers: 2}},
			workers: 5, logs: true},
		{name: "an own driver type is kept",
			d: compute.ClusterDetails{ClusterName: "a", NodeTypeId: "n1", DriverNodeTypeId: "n2", NumWorkers: 1,
				Spec: &compute.ClusterSpec{ClusterName: "a", NodeTypeId: "n1", DriverNodeTypeId: "n2", NumWorkers: 1}},
			driver: "n2", workers: 1},
		{name: "autoscale now, fixed size requested",
			d: compute.ClusterDetails{ClusterName: "a", NodeTypeId: "n1", DriverNodeTypeId: "n1", Autoscale: &compute.AutoScale{MinWorkers: 1, MaxWorkers: 4},
				Spec: &compute.ClusterSpec{ClusterName: "a", NodeTypeId: "n1", NumWorkers: 3}},
			autoscale: &compute.AutoScale{MinWorkers: 1, MaxWorkers: 4}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := Editable(&c.d)
			require.NoError(t, err)
			assert.Equal(t, c.driver, s.DriverNodeTypeId)
			assert.Equal(t, c.workers, s.NumWorkers)
			if c.autoscale == nil {
				assert.Nil(t, s.Autoscale)
			} else {
				require.NotNil(t, s.Autoscale)
				assert.Equal(t, [2]int{c.autoscale.MinWorkers, c.autoscale.MaxWorkers}, [2]int{s.Autoscale.MinWorkers, s.Autoscale.MaxWorkers})
			}
			assert.Equal(t, c.logs, s.ClusterLogConf != nil)
			assert.Equal(t, "a", s.ClusterName)
			if c.autoscale == nil {
				assert.Contains(t, s.ForceSendFields, "NumWorkers")
			}
		})
	}
}
