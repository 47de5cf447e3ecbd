package demo

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/config"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/testenv"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// TestMain keeps the SDK away from the user's files and variables.
func TestMain(m *testing.M) { testenv.Main(m, "demo") }

// Virtual-time speed for tests that use SDK waiters: a 4-minute start
// takes under a second of real time.
const waiterScale = 400

// startServer starts a demo server for one test and closes it afterwards.
func startServer(t testing.TB, opts Options) *Server {
	t.Helper()
	if opts.Seed == 0 {
		opts.Seed = 42
	}
	srv, err := Start(context.Background(), opts)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, srv.Close()) })
	return srv
}

// client is a plain SDK workspace client for token, with short timeouts so
// a failing test does not hang for the SDK's 5-minute default. The HTTP one
// still leaves room for a busy machine: a 10 MB import under -race took over
// 10 s to answer while the browser suites ran.
func client(t testing.TB, srv *Server, token string) *workspaceapi.Client {
	t.Helper()
	w, err := workspaceapi.New(&config.Config{
		Host:                srv.URL(),
		Token:               token,
		Loaders:             []config.Loader{config.ConfigAttributes},
		RetryTimeoutSeconds: 20,
		HTTPTimeoutSeconds:  40,
		RateLimitPerSecond:  10000,
	})
	require.NoError(t, err)
	return w
}

func testCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// frozen starts a server whose clock moves only when the test steps it.
func frozen(t testing.TB, opts Options) (*Server, *workspaceapi.Client) {
	t.Helper()
	opts.FreezeClock = true
	opts.TimeScale = 0
	srv := startServer(t, opts)
	return srv, client(t, srv, srv.Token())
}

func lower(s string) string { return strings.ToLower(s) }

// stepUntil advances a frozen clock in small steps until the cluster is in
// state, so tests do not depend on the jittered phase lengths.
func stepUntil(t testing.TB, srv *Server, w *workspaceapi.Client, id string, state compute.State) *compute.ClusterDetails {
	t.Helper()
	ctx := testCtx(t)
	for i := 0; i < 400; i++ {
		d, err := w.Clusters.GetByClusterId(ctx, id)
		require.NoError(t, err)
		if d.State == state {
			return d
		}
		srv.Clock().Advance(5 * time.Second)
	}
	t.Fatalf("cluster %s never reached %s", id, state)
	return nil
}
