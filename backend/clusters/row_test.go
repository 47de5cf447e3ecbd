package clusters

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
)

// The request mark Clusterdeck puts on what it creates is not the user's tag:
// the Tags column leaves it out.
func TestRowTagsLeaveOutTheRequestMark(t *testing.T) {
	d := &compute.ClusterDetails{ClusterId: "c1", State: compute.StateRunning,
		CustomTags: map[string]string{"team": "bi", clusterspec.RequestIDTag: "cd-1"}}
	assert.Equal(t, map[string]string{"team": "bi"}, RowOf(d, false).Tags)
	assert.Equal(t, "cd-1", d.CustomTags[clusterspec.RequestIDTag], "the cluster's own map is untouched")
}
