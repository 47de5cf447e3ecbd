package permissions

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/config"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/testenv"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// TestMain keeps the SDK away from the user's files and variables.
func TestMain(m *testing.M) { testenv.Main(m, "permissions") }

// users maps a workspace id to a client: "admin" and "limited" here.
type users map[string]*workspaceapi.Client

func (u users) Client(_ context.Context, ws string) (*workspaceapi.Client, error) {
	if w, ok := u[ws]; ok {
		return w, nil
	}
	return nil, fmt.Errorf("no workspace %q", ws)
}

func sdk(t *testing.T, srv *demo.Server, token string) *workspaceapi.Client {
	t.Helper()
	w, err := workspaceapi.New(&config.Config{Host: srv.URL(), Token: token,
		Loaders: []config.Loader{config.ConfigAttributes}, RetryTimeoutSeconds: 10, HTTPTimeoutSeconds: 10})
	require.NoError(t, err)
	return w
}

// seeded starts the seeded demo workspace and returns the service with an
// "admin" workspace (the demo user) and a "limited" one (the analyst).
func seeded(t *testing.T, opts demo.Options) (*Service, users) {
	t.Helper()
	opts.Seed, opts.FreezeClock = 42, true
	srv, err := demo.Start(context.Background(), opts)
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	u := users{"admin": sdk(t, srv, srv.Token()), "limited": sdk(t, srv, lim)}
	return NewService(u), u
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return c
}

func clusterID(t *testing.T, w *workspaceapi.Client, name string) string {
	t.Helper()
	all, err := w.Clusters.ListAll(ctx(t), compute.ListClustersRequest{})
	require.NoError(t, err)
	for _, c := range all {
		if c.ClusterName == name {
			return c.ClusterId
		}
	}
	t.Fatalf("no cluster %q", name)
	return ""
}

func terminatedCluster(t *testing.T, w *workspaceapi.Client) string {
	t.Helper()
	all, err := w.Clusters.ListAll(ctx(t), compute.ListClustersRequest{})
	require.NoError(t, err)
	for _, c := range all {
		if c.State == compute.StateTerminated && c.ClusterSource != compute.ClusterSourceJob {
			return c.ClusterId
		}
	}
	t.Fatal("no terminated cluster")
	return ""
}
