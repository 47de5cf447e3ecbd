package warehouses

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/adopt"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
	"github.com/clusterdeck/clusterdeck/backend/faultproxy"
	"github.com/clusterdeck/clusterdeck/backend/faultproxy/proxytest"
	"github.com/clusterdeck/clusterdeck/backend/internal/sdktest"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// named counts the live warehouses with the name, asking the demo directly
// (not through the proxy).
func named(t *testing.T, ws proxytest.Workspace, name string) int {
	t.Helper()
	all, err := sdktest.Client(t, ws.Demo.URL(), ws.Demo.Token()).Warehouses.ListAll(context.Background(), sql.ListWarehousesRequest{})
	require.NoError(t, err)
	n := 0
	for _, w := range all {
		if w.Name == name && w.State != sql.StateDeleted {
			n++
		}
	}
	return n
}

const createPath = "/api/2.0/sql/warehouses"

// A warehouse create whose answer is lost is found by its name (unique in
// a workspace) and adopted, or said not made, or said unknown; never
// "rejected", and a retry never makes a second warehouse.
func TestCreateSurvivesALostAnswer(t *testing.T) {
	t.Parallel()
	post := func(f faultproxy.Fault) faultproxy.Fault { f.Path, f.Method = createPath, http.MethodPost; return f }
	tests := []struct {
		name    string
		fault   faultproxy.Fault
		adopted bool
		err     error // nil: created or adopted
		count   int
	}{
		{"503 from a proxy after the workspace made it", post(faultproxy.Fault{Mode: faultproxy.Status, Status: 503, Forward: true, Count: 1}), true, nil, 1},
		{"the connection dropped after it was made", post(faultproxy.Fault{Mode: faultproxy.LoseAnswer, Count: 1}), true, nil, 1},
		{"no answer after it was made", post(faultproxy.Fault{Mode: faultproxy.LoseAnswer, Hang: true, Count: 1}), true, nil, 1},
		{"a captive portal answered instead", post(faultproxy.Fault{Mode: faultproxy.HTML}), false, adopt.ErrNotMade, 0},
		{"refused: never sent", faultproxy.Fault{Mode: faultproxy.Refuse}, false, workspaces.ErrNotSent, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ws := proxytest.Start(t, demo.Options{Empty: true}, workspaces.ClientOptions{HTTPTimeout: 2 * time.Second, RetryTimeout: 4 * time.Second})
			svc := NewService(fakeSource{}, ws, nil)
			require.NoError(t, ws.Proxy.Set(tt.fault))
			saved, err := svc.Create(context.Background(), "ws", sql.CreateWarehouseRequest{Name: "etl", ClusterSize: "Small", MaxNumClusters: 2})
			if tt.err != nil {
				require.ErrorIs(t, err, tt.err)
			} else {
				require.NoError(t, err)
				assert.NotEmpty(t, saved.ID)
			}
			assert.Equal(t, tt.adopted, saved.Adopted)
			assert.Equal(t, tt.count, named(t, ws, "etl"))
		})
	}
}

// The answer is lost and the workspace stays away: the outcome is unknown;
// once it is back, the same create adopts the warehouse the first one made
// instead of refusing its name or making a second. Another warehouse of
// the name is refused at the name.
func TestCreateRetriedAfterAnUnknownOutcome(t *testing.T) {
	t.Parallel()
	ws := proxytest.Start(t, demo.Options{Empty: true}, workspaces.ClientOptions{HTTPTimeout: 2 * time.Second, RetryTimeout: 3 * time.Second})
	svc := NewService(fakeSource{}, ws, nil)
	req := sql.CreateWarehouseRequest{Name: "etl", ClusterSize: "Small", MaxNumClusters: 2}
	// The create's answer is lost, and so is every call after it.
	require.NoError(t, ws.Proxy.Set(faultproxy.Fault{Mode: faultproxy.LoseAnswer, Path: createPath}))
	_, err := svc.Create(context.Background(), "ws", req)
	require.ErrorIs(t, err, adopt.ErrOutcomeUnknown)
	assert.Equal(t, 1, named(t, ws, "etl"), "the workspace made it")

	require.NoError(t, ws.Proxy.Set(faultproxy.Fault{}))
	saved, err := svc.Create(context.Background(), "ws", req)
	require.NoError(t, err)
	assert.True(t, saved.Adopted)
	assert.NotEmpty(t, saved.ID)
	assert.Equal(t, 1, named(t, ws, "etl"), "no second warehouse")

	other := req
	other.ClusterSize = "Large"
	refused, err := svc.Create(context.Background(), "ws", other)
	require.NoError(t, err)
	assert.False(t, refused.Adopted)
	assert.Equal(t, []string{"name:name_taken"}, codes(refused.Problems))
	assert.Equal(t, 1, named(t, ws, "etl"))
}

// The creator counts: a warehouse of the name and settings made by
// someone else is not taken as this user's lost create.
func TestFindInNamesTheCreator(t *testing.T) {
	_, w := demotest.Start(t, demo.Options{})
	req := sql.CreateWarehouseRequest{Name: "etl", ClusterSize: "Small"}
	theirs := []sql.EndpointInfo{{Id: "x", Name: "etl", ClusterSize: "Small", CreatorName: "someone.else@example.com", State: sql.StateRunning}}
	found, err := findIn(demotest.Ctx(t), w, theirs, req)
	require.NoError(t, err)
	require.NotNil(t, found)
	assert.False(t, found.Same)
}
