package apply

import (
	"context"
	"fmt"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// PlanEdit plans replacing one cluster's spec with spec, whatever its name:
// the editor opens a cluster by id and may rename it, so unlike PlanFor the
// name is not a key here. The plan is resize (only the size changed on a
// running cluster), edit (RestartRequired when it runs), or noop.
func PlanEdit(ctx context.Context, clusters compute.ClustersInterface, spec compute.ClusterSpec, clusterID string) (*Plan, error) {
	d, err := clusters.GetByClusterId(ctx, clusterID)
	if err != nil {
		return nil, fmt.Errorf("get cluster %s: %w", clusterID, err)
	}
	p := &Plan{ClusterName: spec.ClusterName, Candidates: candidates([]compute.ClusterDetails{*d})}
	return p, classify(p, d, spec)
}
