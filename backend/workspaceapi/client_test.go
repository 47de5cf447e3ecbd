package workspaceapi_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/databricks/databricks-sdk-go"
	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/client"
	"github.com/databricks/databricks-sdk-go/config"
	"github.com/databricks/databricks-sdk-go/httpclient"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/iam"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

func TestServicesReachTheWorkspace(t *testing.T) {
	srv, w := demotest.Start(t, demo.Options{})
	ctx := demotest.Ctx(t)
	me, err := w.CurrentUser.Me(ctx, iam.MeRequest{})
	require.NoError(t, err)
	assert.NotEmpty(t, me.UserName)
	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	assert.NotEmpty(t, all)

	// The SDK's own WorkspaceClient reads the same workspace id.
	sdk, err := databricks.NewWorkspaceClient(&databricks.Config{Host: srv.URL(), Token: srv.Token(),
		Loaders: []config.Loader{config.ConfigAttributes}})
	require.NoError(t, err)
	want, err := sdk.CurrentWorkspaceID(ctx)
	require.NoError(t, err)
	got, err := w.CurrentWorkspaceID(ctx)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

func TestCurrentWorkspaceIDFailures(t *testing.T) {
	tests := []struct {
		name    string
		handler http.HandlerFunc
		check   func(t *testing.T, err error)
	}{
		{"no id header", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte(`{}`)) },
			func(t *testing.T, err error) { assert.ErrorContains(t, err, `workspace id ""`) }},
		{"token refused", func(w http.ResponseWriter, _ *http.Request) {
			w.WriteHeader(http.StatusForbidden)
			_, _ = w.Write([]byte(`{"error_code":"PERMISSION_DENIED","message":"Invalid access token."}`))
		}, func(t *testing.T, err error) { assert.ErrorIs(t, err, apierr.ErrPermissionDenied) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := httptest.NewServer(tt.handler)
			defer s.Close()
			w, err := workspaceapi.New(&config.Config{Host: s.URL, Token: "dapi-x",
				Loaders: []config.Loader{config.ConfigAttributes}, RetryTimeoutSeconds: 1})
			require.NoError(t, err)
			_, err = w.CurrentWorkspaceID(demotest.Ctx(t))
			require.Error(t, err)
			tt.check(t, err)
		})
	}
}

func TestNewRefusesAnUnresolvableConfig(t *testing.T) {
	_, err := workspaceapi.New(&config.Config{Host: "https://x.example", Token: "t", Username: "u", Password: "p",
		Loaders: []config.Loader{config.ConfigAttributes}})
	assert.ErrorContains(t, err, "more than one authorization method")
}

// Variants built while another goroutine makes the client's first call
// (which authenticates and rewrites Config) reach the same workspace with
// their own settings; under -race, as CI runs it, this finds a variant that
// reads Config unguarded.
func TestVariantAlongsideTheFirstCall(t *testing.T) {
	_, w := demotest.Start(t, demo.Options{})
	ctx := demotest.Ctx(t)
	first := make(chan error, 1)
	go func() {
		_, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
		first <- err
	}()
	var tuned httpclient.ClientConfig
	var dc *client.DatabricksClient
	for done := false; !done; {
		var err error
		dc, err = w.Variant(func(hc *httpclient.ClientConfig) {
			hc.RateLimitPerSecond = 7
			tuned = *hc
		})
		require.NoError(t, err)
		select {
		case err := <-first:
			require.NoError(t, err)
			done = true
		default:
		}
	}
	assert.Equal(t, 7, tuned.RateLimitPerSecond)
	assert.Equal(t, w.Config.RetryTimeoutSeconds, int(tuned.RetryTimeout.Seconds()), "the rest as configured")
	all, err := compute.NewClusters(dc).ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	assert.NotEmpty(t, all)
}
