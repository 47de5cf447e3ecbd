package policies

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/adopt"
	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/faultproxy"
	"github.com/clusterdeck/clusterdeck/backend/faultproxy/proxytest"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// behindProxy is a policies service whose workspace is reached through a
// fault proxy, as the app reaches one.
func behindProxy(t *testing.T) (*Service, proxytest.Workspace) {
	t.Helper()
	ws := proxytest.Start(t, demo.Options{Seed: 42, FreezeClock: true},
		workspaces.ClientOptions{HTTPTimeout: 2 * time.Second, RetryTimeout: 3 * time.Second})
	w, err := ws.Client(testCtx(t), "w")
	require.NoError(t, err)
	l := &live{srv: ws.Demo, w: w, cache: catalog.NewCache(t.TempDir())}
	_, err = l.RefreshNow(testCtx(t), "w")
	require.NoError(t, err)
	return NewService(l, nil).Connect(l, l), ws
}

func policiesNamed(t *testing.T, ws proxytest.Workspace, name string) int {
	t.Helper()
	all, err := clientFor(t, ws.Demo, ws.Demo.Token()).ClusterPolicies.ListAll(testCtx(t), compute.ListClusterPoliciesRequest{})
	require.NoError(t, err)
	n := 0
	for _, p := range all {
		if p.Name == name {
			n++
		}
	}
	return n
}

// Issue 35 item 5: a policy create whose answer is lost is found by its
// name (unique in a workspace) and adopted; with the workspace away the
// outcome is unknown, and the retry adopts rather than makes a second.
func TestPolicyCreateSurvivesALostAnswer(t *testing.T) {
	t.Parallel()
	create := "/api/2.0/policies/clusters/create"
	form := Form{Name: "Small jobs", Definition: `{"autotermination_minutes": {"type": "fixed", "value": 30}}`}
	for _, tt := range []struct {
		name  string
		fault faultproxy.Fault
	}{
		{"503 from a proxy after the workspace made it", faultproxy.Fault{Mode: faultproxy.Status, Status: 503, Forward: true, Path: create, Count: 1}},
		{"the connection dropped after it was made", faultproxy.Fault{Mode: faultproxy.LoseAnswer, Path: create, Count: 1}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			svc, ws := behindProxy(t)
			require.NoError(t, ws.Proxy.Set(tt.fault))
			id, err := svc.Create(context.Background(), "w", form)
			require.NoError(t, err)
			assert.NotEmpty(t, id)
			assert.Equal(t, 1, policiesNamed(t, ws, "Small jobs"))
		})
	}

	t.Run("lost while the workspace stays away, then retried", func(t *testing.T) {
		t.Parallel()
		svc, ws := behindProxy(t)
		require.NoError(t, ws.Proxy.Set(faultproxy.Fault{Mode: faultproxy.LoseAnswer}))
		_, err := svc.Create(context.Background(), "w", form)
		require.ErrorIs(t, err, adopt.ErrOutcomeUnknown)
		require.NoError(t, ws.Proxy.Set(faultproxy.Fault{}))
		id, err := svc.Create(context.Background(), "w", form)
		require.NoError(t, err)
		assert.NotEmpty(t, id)
		assert.Equal(t, 1, policiesNamed(t, ws, "Small jobs"), "no second policy")

		other := form
		other.Definition = `{"autotermination_minutes": {"type": "fixed", "value": 60}}`
		_, err = svc.Create(context.Background(), "w", other)
		// Refused: by the form's own check once the list shows the name, or
		// by the workspace.
		assert.True(t, errors.Is(err, ErrInvalidForm) || adopt.NameTaken(err), "another policy of the name is a refusal: %v", err)
		assert.Equal(t, 1, policiesNamed(t, ws, "Small jobs"))
	})
}
