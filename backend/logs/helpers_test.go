package logs

import (
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
	"github.com/clusterdeck/clusterdeck/backend/internal/sdktest"
	"github.com/clusterdeck/clusterdeck/backend/testenv"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

func TestMain(m *testing.M) { testenv.Main(m, "logs") }

// empty starts an empty demo workspace on a frozen clock.
func empty(t *testing.T) (*Service, *workspaceapi.Client, *demo.Server) {
	t.Helper()
	srv, w := demotest.Start(t, demo.Options{Seed: 7, FreezeClock: true, Empty: true})
	return NewService(sdktest.OneWorkspace{W: w}), w, srv
}

// cluster creates a cluster delivering logs to conf (nil: no delivery) and,
// when run is set, steps the clock until it runs and 20 minutes more.
func cluster(t *testing.T, w *workspaceapi.Client, srv *demo.Server, conf *compute.ClusterLogConf, run bool) string {
	t.Helper()
	c := demotest.Ctx(t)
	nodes, err := w.Clusters.ListNodeTypes(c)
	require.NoError(t, err)
	versions, err := w.Clusters.SparkVersions(c)
	require.NoError(t, err)
	spec := compute.CreateCluster{ClusterName: "logs", SparkVersion: versions.Versions[0].Key,
		NodeTypeId: nodes.NodeTypes[0].NodeTypeId, NumWorkers: 1, AutoterminationMinutes: 120, ClusterLogConf: conf}
	created, err := w.Clusters.Create(c, spec)
	require.NoError(t, err)
	if !run {
		err = w.Clusters.DeleteByClusterId(c, created.ClusterId) // terminate before it ever runs
		require.NoError(t, err)
		return created.ClusterId
	}
	for i := 0; i < 400; i++ {
		d, err := w.Clusters.GetByClusterId(c, created.ClusterId)
		require.NoError(t, err)
		if d.State == compute.StateRunning {
			srv.Clock().Advance(20 * time.Minute)
			return created.ClusterId
		}
		srv.Clock().Advance(5 * time.Second)
	}
	t.Fatal("cluster never ran")
	return ""
}

var (
	dbfsConf   = &compute.ClusterLogConf{Dbfs: &compute.DbfsStorageInfo{Destination: "dbfs:/cluster-logs"}}
	volumeConf = &compute.ClusterLogConf{Volumes: &compute.VolumesStorageInfo{Destination: "/Volumes/main/ops/cluster_logs"}}
)
