package apply

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
)

// The editor opens a cluster for editing when the state → actions table
// allows Edit; otherwise it says why, in the table's words.
func TestEditableNowFollowsTheActionTable(t *testing.T) {
	tests := []struct {
		name   string
		d      compute.ClusterDetails
		want   bool
		reason string
	}{
		{"running", compute.ClusterDetails{State: compute.StateRunning, ClusterSource: compute.ClusterSourceUi}, true, ""},
		{"terminated", compute.ClusterDetails{State: compute.StateTerminated, ClusterSource: compute.ClusterSourceApi}, true, ""},
		{"starting", compute.ClusterDetails{State: compute.StatePending, ClusterSource: compute.ClusterSourceUi}, false, "wait"},
		{"job compute", compute.ClusterDetails{State: compute.StateRunning, ClusterSource: compute.ClusterSourceJob}, false, "job run"},
		{"pipeline compute", compute.ClusterDetails{State: compute.StateRunning, ClusterSource: compute.ClusterSourcePipeline}, false, "pipeline"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ok, why := editableNow(&tt.d)
			assert.Equal(t, tt.want, ok)
			if tt.reason == "" {
				assert.Empty(t, why)
			} else {
				assert.Contains(t, why, tt.reason)
			}
		})
	}
}
