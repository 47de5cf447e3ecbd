package finder

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/clusters"
)

func TestIndex(t *testing.T) {
	listings := []clusters.Listed{
		{Workspace: "prod", View: clusters.ViewAllPurpose, Rows: []clusters.Row{{ID: "c2", Name: "zeta", State: "RUNNING"}, {ID: "c1", Name: "alpha", State: "TERMINATED"}}},
		{Workspace: "prod", View: clusters.ViewJob, Rows: []clusters.Row{{ID: "j1", Name: "job-1-run-2", State: "RUNNING"}}},
		{Workspace: "dev", View: clusters.ViewAllPurpose},
	}
	snaps := map[string]catalog.Snapshot{
		"dev": {
			Pools:      catalog.Section[[]compute.InstancePoolAndStats]{Items: []compute.InstancePoolAndStats{{InstancePoolId: "p1", InstancePoolName: "warm pool"}}},
			Policies:   catalog.Section[[]compute.Policy]{Items: []compute.Policy{{PolicyId: "pol1", Name: "Small jobs"}}},
			Warehouses: catalog.Section[[]sql.EndpointInfo]{Items: []sql.EndpointInfo{{Id: "w1", Name: "BI", State: sql.StateStopped}}},
		},
	}
	src := Sources{
		Clusters: func(wss []string) []clusters.Listed {
			assert.Equal(t, []string{"prod", "dev", "gone"}, wss)
			return listings
		},
		Catalog: func(ws string) (catalog.Snapshot, error) {
			if s, ok := snaps[ws]; ok {
				return s, nil
			}
			return catalog.Snapshot{}, catalog.ErrNotCached
		},
	}
	tests := []struct {
		name string
		src  Sources
		wss  []string
		want []Entry
	}{
		{
			name: "every workspace's clusters, pools, policies and warehouses, job clusters left out",
			src:  src, wss: []string{"prod", "dev", "gone"},
			want: []Entry{
				{Kind: Cluster, Workspace: "prod", ID: "c1", Name: "alpha", Detail: "terminated"},
				{Kind: Cluster, Workspace: "prod", ID: "c2", Name: "zeta", Detail: "running"},
				{Kind: Policy, Workspace: "dev", ID: "pol1", Name: "Small jobs"},
				{Kind: Pool, Workspace: "dev", ID: "p1", Name: "warm pool"},
				{Kind: Warehouse, Workspace: "dev", ID: "w1", Name: "BI", Detail: "stopped"},
			},
		},
		{name: "nothing held, nothing listed", src: Sources{}, wss: []string{"prod"}, want: nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Index(tt.src, tt.wss))
		})
	}
}
