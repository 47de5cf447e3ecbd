package runs

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/check"
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

// empty starts an empty demo workspace on a frozen clock; its service
// checks drafts with no catalog cached.
func empty(t *testing.T) (*Service, *workspaceapi.Client, *demo.Server) {
	t.Helper()
	srv, w := demotest.Start(t, demo.Options{Empty: true})
	return NewService(one{w}, applyOn(w, nil)), w, srv
}

// applyOn is the apply service on w, as the app builds it: specs are
// checked against snaps (nil: nothing cached, the check is partial).
func applyOn(w *workspaceapi.Client, snaps check.Snapshots) *apply.Service {
	clients := func(context.Context, string) (*workspaceapi.Client, error) { return w, nil }
	return apply.NewService(clients, check.New(snaps, nil), nil, apply.InteractiveBudgets(), nil)
}

// at is the demo workspace as Ensure works on it, with nothing cached.
func at(w *workspaceapi.Client) Workspace {
	return Workspace{ID: "demo", Client: w, Apply: applyOn(w, nil)}
}

// cachedCatalog fetches the demo's catalog as the app caches it.
func cachedCatalog(t *testing.T, w *workspaceapi.Client) check.Snapshots {
	t.Helper()
	snap, err := catalog.NewCache(t.TempDir()).Refresh(demotest.Ctx(t), "demo", w, time.Now)
	require.NoError(t, err)
	require.NotEmpty(t, snap.NodeTypes.Items)
	return func(context.Context, string) (catalog.Snapshot, error) { return snap, nil }
}

// createGate forwards to the demo and counts the cluster creates sent
// through it; with hold set, it holds each create (never forwarding it)
// until the client gives up.
type createGate struct {
	*httptest.Server
	creates atomic.Int32
	held    chan struct{} // one value per create held
}

func newCreateGate(t *testing.T, target string, hold bool) *createGate {
	t.Helper()
	u, err := url.Parse(target)
	require.NoError(t, err)
	g := &createGate{held: make(chan struct{}, 8)}
	rp := httputil.NewSingleHostReverseProxy(u)
	g.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == "/api/2.1/clusters/create" {
			g.creates.Add(1)
			if hold {
				// Read to the end: only then does the server notice the client leave.
				_, _ = io.Copy(io.Discard, r.Body)
				g.held <- struct{}{}
				<-r.Context().Done()
				return
			}
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(g.Close)
	return g
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
