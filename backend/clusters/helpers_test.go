package clusters

import (
	"context"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/config"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/testenv"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// TestMain keeps the SDK away from the user's files and variables.
func TestMain(m *testing.M) { testenv.Main(m, "clusters") }

// demoSource is a ClientSource over a demo server, with the app's own
// client settings (10 rps shared limiter), so figures match the app.
type demoSource struct {
	srv   *demo.Server
	token string
	w     *workspaceapi.Client
}

func (s *demoSource) Client(context.Context, string) (*workspaceapi.Client, error) {
	return s.w, nil
}

func startDemo(t testing.TB, opts demo.Options) (*demo.Server, *demoSource) {
	t.Helper()
	if opts.Seed == 0 {
		opts.Seed = 42
	}
	if !opts.FreezeClock && opts.TimeScale == 0 {
		opts.FreezeClock = true
	}
	srv, err := demo.Start(context.Background(), opts)
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	w, err := workspaceapi.New(&config.Config{
		Host: srv.URL(), Token: srv.Token(), Loaders: []config.Loader{config.ConfigAttributes},
		RetryTimeoutSeconds: 20, HTTPTimeoutSeconds: 10, RateLimitPerSecond: 10,
	})
	require.NoError(t, err)
	return srv, &demoSource{srv: srv, token: srv.Token(), w: w}
}

func testCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}
