package apply

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/config"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// startDemo starts an empty demo workspace whose clock moves only when the
// test advances it.
func startDemo(t *testing.T) *demo.Server {
	t.Helper()
	t.Setenv("HOME", t.TempDir())
	for _, k := range []string{"DATABRICKS_HOST", "DATABRICKS_TOKEN", "DATABRICKS_CONFIG_PROFILE", "DATABRICKS_CONFIG_FILE"} {
		t.Setenv(k, "")
	}
	srv, err := demo.Start(context.Background(), demo.Options{Seed: 7, Empty: true, FreezeClock: true})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, srv.Close()) })
	return srv
}

func sdkClient(t *testing.T, host, token string) *workspaceapi.Client {
	t.Helper()
	w, err := workspaceapi.New(&config.Config{
		Host: host, Token: token, Loaders: []config.Loader{config.ConfigAttributes},
		RetryTimeoutSeconds: 20, HTTPTimeoutSeconds: 10, RateLimitPerSecond: 10000,
	})
	require.NoError(t, err)
	return w
}

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func baseSpec(name string) compute.ClusterSpec {
	return compute.ClusterSpec{ClusterName: name, SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2",
		NumWorkers: 2, AutoterminationMinutes: 60, SparkConf: map[string]string{"spark.sql.shuffle.partitions": "64"}}
}

// createRunning creates a cluster and advances the clock until it runs.
func createRunning(t *testing.T, srv *demo.Server, w *workspaceapi.Client, spec compute.ClusterSpec) string {
	t.Helper()
	req, err := clusterspec.ToCreate(clusterspec.Clean(spec))
	require.NoError(t, err)
	wait, err := w.Clusters.Create(testCtx(t), req)
	require.NoError(t, err)
	waitState(t, srv, w, wait.ClusterId, compute.StateRunning)
	return wait.ClusterId
}

func waitState(t *testing.T, srv *demo.Server, w *workspaceapi.Client, id string, state compute.State) {
	t.Helper()
	for i := 0; i < 200; i++ {
		d, err := w.Clusters.GetByClusterId(testCtx(t), id)
		require.NoError(t, err)
		if d.State == state {
			return
		}
		srv.Clock().Advance(10 * time.Second)
	}
	t.Fatalf("cluster %s never reached %s", id, state)
}

// dropProxy forwards to the demo server; for the first `drop` create calls
// it forwards the request (so the server does make the cluster) and then
// loses the answer: it resets the connection, or with hang it answers
// nothing until the client gives up.
type dropProxy struct {
	*httptest.Server
	drop      atomic.Int32
	hang      bool
	forwarded atomic.Int32 // create calls that reached the server
	wg        sync.WaitGroup
}

func newDropProxy(t *testing.T, target string, drop int, hang bool) *dropProxy {
	t.Helper()
	u, err := url.Parse(target)
	require.NoError(t, err)
	p := &dropProxy{hang: hang}
	p.drop.Store(int32(drop))
	rp := httputil.NewSingleHostReverseProxy(u)
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/api/2.1/clusters/create" {
			rp.ServeHTTP(w, r)
			return
		}
		p.forwarded.Add(1)
		if p.drop.Add(-1) < 0 {
			rp.ServeHTTP(w, r)
			return
		}
		out, err := http.NewRequest(r.Method, target+r.URL.RequestURI(), r.Body)
		require.NoError(t, err)
		out.Header = r.Header.Clone()
		resp, err := http.DefaultClient.Do(out)
		require.NoError(t, err)
		_, _ = io.Copy(io.Discard, resp.Body)
		_ = resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode, "the server made the cluster")
		if p.hang {
			<-r.Context().Done()
			return
		}
		conn, _, err := w.(http.Hijacker).Hijack()
		require.NoError(t, err)
		if tcp, ok := conn.(*net.TCPConn); ok {
			_ = tcp.SetLinger(0)
		}
		_ = conn.Close()
	}))
	t.Cleanup(p.Close)
	return p
}

// clustersNamed lists the clusters with the name.
func clustersNamed(t *testing.T, w *workspaceapi.Client, name string) []compute.ClusterDetails {
	t.Helper()
	found, err := FindByName(testCtx(t), w, name)
	require.NoError(t, err)
	return found
}

func jsonNum(s string) any { return json.Number(s) }
