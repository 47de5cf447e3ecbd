// Package proxytest gives tests the Demo workspace behind a fault proxy,
// reached through the app's own client factory (its transport, timeouts
// and call observer), as a laptop reaches a real workspace.
package proxytest

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/faultproxy"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Workspace is the demo, the proxy in front of it, and a manager whose
// Demo workspace (workspaces.DemoID) is reached through the proxy.
type Workspace struct {
	Demo    *demo.Server
	Proxy   *faultproxy.Proxy
	Manager *workspaces.Manager
}

// Start starts them, closed when the test ends.
func Start(t *testing.T, d demo.Options, c workspaces.ClientOptions) Workspace {
	t.Helper()
	srv, err := demo.Start(context.Background(), d)
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	p, err := faultproxy.Start(srv.URL(), 0)
	require.NoError(t, err)
	t.Cleanup(func() { _ = p.Close() })
	dir := t.TempDir()
	m, err := workspaces.NewManager(workspaces.Deps{Paths: workspaces.Paths{Config: dir, Data: dir, Cache: dir},
		Secrets: credentials.NewMemoryStore(), LookupEnv: func(string) (string, bool) { return "", false }, Home: dir, Client: c})
	require.NoError(t, err)
	m.SetDemo(workspaces.Demo{URL: p.URL(), Token: srv.Token()})
	return Workspace{Demo: srv, Proxy: p, Manager: m}
}

// Client is the Demo workspace's client through the proxy.
func (w Workspace) Client(ctx context.Context, _ string) (*workspaceapi.Client, error) {
	return w.Manager.Client(ctx, workspaces.DemoID)
}
