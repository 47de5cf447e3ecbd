package apply

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/clusters"
	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
)

// EditTarget is an existing cluster opened in the editor.
type EditTarget struct {
	ClusterID string `json:"clusterId"`
	Name      string `json:"name"`
	State     string `json:"state"`
	Editable  bool   `json:"editable"`
	Reason    string `json:"reason"` // why it cannot be edited now
	Spec      string `json:"spec"`   // create-API JSON of the cluster as it is
}

// OpenForEdit reads a cluster for the editor: its spec as the create API
// takes it (as requested, so "same as worker" stays that way) and whether
// the state → actions table lets it be edited now.
func (s *Service) OpenForEdit(ctx context.Context, workspaceID, clusterID string) (EditTarget, error) {
	w, err := s.clients(ctx, workspaceID)
	if err != nil {
		return EditTarget{}, err
	}
	d, err := w.Clusters.GetByClusterId(ctx, clusterID)
	if err != nil {
		return EditTarget{}, fmt.Errorf("get cluster %s: %w", clusterID, err)
	}
	spec, err := clusterspec.OfCluster(d, clusterspec.ForEdit)
	if err != nil {
		return EditTarget{}, err
	}
	raw, err := json.Marshal(clusterspec.Clean(spec))
	if err != nil {
		return EditTarget{}, fmt.Errorf("encode cluster spec: %w", err)
	}
	t := EditTarget{ClusterID: d.ClusterId, Name: d.ClusterName, State: string(d.State), Spec: string(raw)}
	t.Editable, t.Reason = editableNow(d)
	return t, nil
}

// editableNow follows the clusters' action table; a pipeline's compute is
// changed through its pipeline.
func editableNow(d *compute.ClusterDetails) (bool, string) {
	if d.ClusterSource == compute.ClusterSourcePipeline {
		return false, "This cluster belongs to a pipeline; change the pipeline's cluster settings instead."
	}
	var na *clusters.NotAllowedError
	if err := clusters.Check(clusters.ActionEdit, d.State, clusters.KindOf(d.ClusterSource)); errors.As(err, &na) {
		return false, na.Reason
	}
	return true, ""
}
