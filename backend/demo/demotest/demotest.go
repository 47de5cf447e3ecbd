// Package demotest starts the Demo workspace for the tests of other
// packages, with an SDK client that reads nothing of the user's.
package demotest

import (
	"context"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/config"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// Start starts a Demo workspace on a frozen clock (seed 42 unless opts
// says) and returns it with an admin SDK client; both end with the test.
func Start(t testing.TB, opts demo.Options) (*demo.Server, *workspaceapi.Client) {
	t.Helper()
	if opts.Seed == 0 {
		opts.Seed = 42
	}
	opts.FreezeClock = true
	srv, err := demo.Start(context.Background(), opts)
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	w, err := workspaceapi.New(&config.Config{Host: srv.URL(), Token: srv.Token(),
		Loaders: []config.Loader{config.ConfigAttributes}, RetryTimeoutSeconds: 20, HTTPTimeoutSeconds: 10, RateLimitPerSecond: 1000})
	require.NoError(t, err)
	return srv, w
}

// Ctx is a context that ends with the test, after a minute at most.
func Ctx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}
