package pools

import (
	"context"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/adopt"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/faultproxy"
	"github.com/clusterdeck/clusterdeck/backend/faultproxy/proxytest"
	"github.com/clusterdeck/clusterdeck/backend/internal/sdktest"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// named counts the live pools with the name, asking the demo directly
// (not through the proxy).
func named(t *testing.T, ws proxytest.Workspace, name string) int {
	t.Helper()
	all, err := sdktest.Client(t, ws.Demo.URL(), ws.Demo.Token()).InstancePools.ListAll(context.Background())
	require.NoError(t, err)
	n := 0
	for _, p := range all {
		if p.InstancePoolName == name && p.State != compute.InstancePoolStateDeleted {
			n++
		}
	}
	return n
}

// Issue 35 item 5: a pool create whose answer is lost is found by its name
// (unique in a workspace) and adopted, or said not made, or said unknown;
// never "rejected", and a retry never makes a second pool.
func TestPoolCreateSurvivesALostAnswer(t *testing.T) {
	t.Parallel()
	create := "/api/2.0/instance-pools/create"
	tests := []struct {
		name    string
		fault   faultproxy.Fault
		adopted bool
		err     error // nil: created or adopted
		pools   int
	}{
		{"503 from a proxy after the workspace made it", faultproxy.Fault{Mode: faultproxy.Status, Status: 503, Forward: true, Path: create, Count: 1}, true, nil, 1},
		{"the connection dropped after it was made", faultproxy.Fault{Mode: faultproxy.LoseAnswer, Path: create, Count: 1}, true, nil, 1},
		{"no answer after it was made", faultproxy.Fault{Mode: faultproxy.LoseAnswer, Hang: true, Path: create, Count: 1}, true, nil, 1},
		{"a captive portal answered instead", faultproxy.Fault{Mode: faultproxy.HTML, Path: create}, false, adopt.ErrNotMade, 0},
		{"refused: never sent", faultproxy.Fault{Mode: faultproxy.Refuse}, false, workspaces.ErrNotSent, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ws := proxytest.Start(t, demo.Options{Empty: true}, workspaces.ClientOptions{HTTPTimeout: 2 * time.Second, RetryTimeout: 4 * time.Second})
			svc := NewService(fakeSource{}, nil).WithClients(ws)
			require.NoError(t, ws.Proxy.Set(tt.fault))
			spec := compute.CreateInstancePool{InstancePoolName: "etl", NodeTypeId: "Standard_DS3_v2", MaxCapacity: 4}
			saved, err := svc.Create(context.Background(), "ws", spec)
			if tt.err != nil {
				require.ErrorIs(t, err, tt.err)
			} else {
				require.NoError(t, err)
				assert.NotEmpty(t, saved.ID)
			}
			assert.Equal(t, tt.adopted, saved.Adopted)
			assert.Equal(t, tt.pools, named(t, ws, "etl"))
		})
	}
}

// The answer is lost and the workspace stays away: the outcome is unknown
// (never "rejected"); once it is back, the same create adopts the pool the
// first one made instead of making a second.
func TestPoolCreateRetriedAfterAnUnknownOutcome(t *testing.T) {
	t.Parallel()
	ws := proxytest.Start(t, demo.Options{Empty: true}, workspaces.ClientOptions{HTTPTimeout: 2 * time.Second, RetryTimeout: 3 * time.Second})
	svc := NewService(fakeSource{}, nil).WithClients(ws)
	spec := compute.CreateInstancePool{InstancePoolName: "etl", NodeTypeId: "Standard_DS3_v2", MaxCapacity: 4}
	require.NoError(t, ws.Proxy.Set(faultproxy.Fault{Mode: faultproxy.LoseAnswer}))
	_, err := svc.Create(context.Background(), "ws", spec)
	require.ErrorIs(t, err, adopt.ErrOutcomeUnknown)
	assert.Equal(t, 1, named(t, ws, "etl"), "the workspace made it")

	require.NoError(t, ws.Proxy.Set(faultproxy.Fault{}))
	saved, err := svc.Create(context.Background(), "ws", spec)
	require.NoError(t, err)
	assert.True(t, saved.Adopted)
	assert.Equal(t, 1, named(t, ws, "etl"), "no second pool")

	// Another pool of the name, not this one: a refusal, not an adoption.
	other := spec
	other.NodeTypeId, other.MaxCapacity = "Standard_DS4_v2", 8
	_, err = svc.Create(context.Background(), "ws", other)
	require.Error(t, err)
	assert.True(t, adopt.NameTaken(err), "%v", err)
	assert.Equal(t, 1, named(t, ws, "etl"))
}
