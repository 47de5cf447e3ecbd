package app

import (
	"context"
	"testing"

	"github.com/databricks/databricks-sdk-go"
	"github.com/databricks/databricks-sdk-go/config"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/libraries"
)

// The Libraries facade reaches the demo through the workspaces' clients and
// a policy's library refuses removal with a sentence and a fix.
func TestLibrariesFacadeOnTheDemo(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	srv, err := demo.Start(ctx, demo.Options{Seed: 3, FreezeClock: true})
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	a, _ := newCatalogTestApp(t, srv.URL(), srv.Token())
	w, err := databricks.NewWorkspaceClient(&databricks.Config{Host: srv.URL(), Token: srv.Token(),
		Loaders: []config.Loader{config.ConfigAttributes}})
	require.NoError(t, err)
	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	require.NotEmpty(t, all)
	id := all[0].ClusterId

	out, err := a.Libraries.Install("demo", id, LibraryForm{Kind: "maven", Coordinates: "bad"})
	require.NoError(t, err)
	assert.False(t, out.Done)
	assert.Equal(t, "coordinates", out.Problems[0].Field)

	assert.Equal(t, "POLICY_LIBRARY", a.errors.UIError(libraries.ErrPolicyLibrary).Code)
	_, err = a.Libraries.Get("demo", "no-such-cluster")
	assert.Error(t, err)
}
