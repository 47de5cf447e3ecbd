package drafts

import (
	"context"
	"sort"
	"strings"

	"github.com/databricks/databricks-sdk-go/client"
	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/leanread"
)

// ClusterOption is a cluster that can be saved as a draft.
type ClusterOption struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	State string `json:"state"`
}

// SavableClusters lists the clusters a user made (in the UI or through the
// API; not job or pipeline compute), by name.
func SavableClusters(ctx context.Context, api *client.DatabricksClient) ([]ClusterOption, error) {
	all, err := leanread.Clusters(ctx, api, compute.ListClustersRequest{
		FilterBy: &compute.ListClustersFilterBy{ClusterSources: []compute.ClusterSource{compute.ClusterSourceUi, compute.ClusterSourceApi}}})
	if err != nil {
		return nil, err
	}
	out := make([]ClusterOption, 0, len(all))
	for _, c := range all {
		out = append(out, ClusterOption{ID: c.ClusterId, Name: c.ClusterName, State: string(c.State)})
	}
	sort.Slice(out, func(i, j int) bool { return strings.ToLower(out[i].Name) < strings.ToLower(out[j].Name) })
	return out, nil
}

// SaveFromClusterID makes a draft of an existing cluster (what its create
// call would take), targeted at its workspace.
func (s *Store) SaveFromClusterID(ctx context.Context, api compute.ClustersInterface, clusterID, name, workspaceID string) (Draft, error) {
	c, err := api.GetByClusterId(ctx, clusterID)
	if err != nil {
		return Draft{}, err
	}
	return s.SaveFromCluster(c, name, workspaceID)
}
