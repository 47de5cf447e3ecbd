package libraries

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/internal/sdktest"
	"github.com/clusterdeck/clusterdeck/backend/testenv"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

func TestMain(m *testing.M) { testenv.Main(m, "libraries") }

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
	srv, err := demo.Start(context.Background(), demo.Options{Seed: 42, FreezeClock: true, Empty: true})
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	w := sdktest.Client(t, srv.URL(), srv.Token())
	return NewService(one{w}), w, srv
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return c
}

// running creates a cluster (optionally under a policy) and steps the
// clock until it runs.
func running(t *testing.T, w *workspaceapi.Client, srv *demo.Server, name, policyID string) string {
	t.Helper()
	nodes, err := w.Clusters.ListNodeTypes(ctx(t))
	require.NoError(t, err)
	versions, err := w.Clusters.SparkVersions(ctx(t))
	require.NoError(t, err)
	c, err := w.Clusters.Create(ctx(t), compute.CreateCluster{ClusterName: name, SparkVersion: versions.Versions[0].Key,
		NodeTypeId: nodes.NodeTypes[0].NodeTypeId, NumWorkers: 1, AutoterminationMinutes: 60, PolicyId: policyID})
	require.NoError(t, err)
	return until(t, w, srv, c.ClusterId, compute.StateRunning)
}

func until(t *testing.T, w *workspaceapi.Client, srv *demo.Server, id string, state compute.State) string {
	t.Helper()
	for i := 0; i < 400; i++ {
		d, err := w.Clusters.GetByClusterId(ctx(t), id)
		require.NoError(t, err)
		if d.State == state {
			return id
		}
		srv.Clock().Advance(5 * time.Second)
	}
	t.Fatalf("cluster %s never reached %s", id, state)
	return ""
}

// statusOf steps the clock until the library labelled label leaves the
// transitional statuses, and returns its entry.
func settle(t *testing.T, svc *Service, srv *demo.Server, id, label string) Entry {
	t.Helper()
	for i := 0; i < 200; i++ {
		v, err := svc.Get(ctx(t), "demo", id)
		require.NoError(t, err)
		if e := entry(v, label); e != nil && !e.Changing {
			return *e
		}
		srv.Clock().Advance(5 * time.Second)
	}
	t.Fatalf("library %s never settled", label)
	return Entry{}
}

func entry(v View, label string) *Entry {
	for i := range v.Libraries {
		if v.Libraries[i].Label == label {
			return &v.Libraries[i]
		}
	}
	return nil
}
