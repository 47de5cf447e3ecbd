package runs

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
	"github.com/clusterdeck/clusterdeck/backend/testenv"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

func TestMain(m *testing.M) { testenv.Main(m, "runs") }

type one struct{ w *workspaceapi.Client }

func (o one) Client(_ context.Context, ws string) (*workspaceapi.Client, error) {
	if ws != "demo" {
		return nil, fmt.Errorf("no workspace %q", ws)
	}
	return o.w, nil
}

// empty starts an empty demo workspace on a frozen clock.
func empty(t *testing.T) (*Service, *workspaceapi.Client, *demo.Server) {
	t.Helper()
	srv, w := demotest.Start(t, demo.Options{Empty: true})
	return NewService(one{w}), w, srv
}

func smallSpec(name string) compute.ClusterSpec {
	return compute.ClusterSpec{ClusterName: name, SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2",
		NumWorkers: 1, AutoterminationMinutes: 60}
}

// create makes a cluster with the spec (as a person would, not Ensure).
func create(t *testing.T, w *workspaceapi.Client, spec compute.ClusterSpec) string {
	t.Helper()
	c, err := w.Clusters.Create(demotest.Ctx(t), compute.CreateCluster{ClusterName: spec.ClusterName,
		SparkVersion: spec.SparkVersion, NodeTypeId: spec.NodeTypeId, NumWorkers: spec.NumWorkers, AutoterminationMinutes: 60})
	require.NoError(t, err)
	return c.ClusterId
}

// until steps the frozen clock until the cluster is in state.
func until(t *testing.T, w *workspaceapi.Client, srv *demo.Server, id string, state compute.State) {
	t.Helper()
	for i := 0; i < 400; i++ {
		d, err := w.Clusters.GetByClusterId(demotest.Ctx(t), id)
		require.NoError(t, err)
		if d.State == state {
			return
		}
		srv.Clock().Advance(5 * time.Second)
	}
	t.Fatalf("cluster %s never reached %s", id, state)
}

// runUntil steps the clock until the run's mapped status is want.
func runUntil(t *testing.T, svc *Service, srv *demo.Server, runID int64, want Status) Row {
	t.Helper()
	for i := 0; i < 400; i++ {
		row, err := svc.Get(demotest.Ctx(t), "demo", runID)
		require.NoError(t, err)
		if row.Status == want {
			return row
		}
		srv.Clock().Advance(5 * time.Second)
	}
	t.Fatalf("run %d never became %s", runID, want)
	return Row{}
}
