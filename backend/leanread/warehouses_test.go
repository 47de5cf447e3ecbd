package leanread_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/databricks/databricks-sdk-go/config"
	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
	"github.com/clusterdeck/clusterdeck/backend/leanread"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

func TestWarehousesMatchTheSDKsListing(t *testing.T) {
	_, w := demotest.Start(t, demo.Options{ExtraWarehouses: 40})
	ctx := demotest.Ctx(t)

	want, err := w.Warehouses.ListAll(ctx, sql.ListWarehousesRequest{})
	require.NoError(t, err)
	got, err := leanread.Warehouses(ctx, w.Pages)
	require.NoError(t, err)
	require.Greater(t, len(got), 40)
	for i := range want {
		want[i].ForceSendFields = nil
	}
	assert.Equal(t, want, got)
}

// Pages are followed by their token, and a 64-bit integer sent as a string
// reads as the SDK reads it.
func TestWarehousesFollowPagesAndReadIntegersSentAsStrings(t *testing.T) {
	pages := map[string]string{
		"":   `{"warehouses":[{"id":"a","name":"one","num_active_sessions":"12","auto_stop_mins":10}],"next_page_token":"p2"}`,
		"p2": `{"warehouses":[{"id":"b","name":"two","num_active_sessions":3,"tags":{"custom_tags":[{"key":"k","value":"v"}]}}]}`,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/2.0/sql/warehouses" { // the SDK asks the host about itself first
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(pages[r.URL.Query().Get("page_token")]))
	}))
	t.Cleanup(srv.Close)
	w, err := workspaceapi.New(&config.Config{Host: srv.URL, Token: "t", Loaders: []config.Loader{config.ConfigAttributes}})
	require.NoError(t, err)
	got, err := leanread.Warehouses(demotest.Ctx(t), w.Pages)
	require.NoError(t, err)
	require.Len(t, got, 2)
	assert.Equal(t, sql.EndpointInfo{Id: "a", Name: "one", NumActiveSessions: 12, AutoStopMins: 10}, got[0])
	assert.Equal(t, "b", got[1].Id)
	assert.Equal(t, int64(3), got[1].NumActiveSessions)
	require.NotNil(t, got[1].Tags)
	assert.Equal(t, "v", got[1].Tags.CustomTags[0].Value)
}
