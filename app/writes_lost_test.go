package app

import (
	"context"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/config"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/faultproxy"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Issue 35 item 2: a write that fails on the way says "not sent" when no
// write request got through (here the read before it is refused) and
// "not known whether it was done" only when it may have arrived.
func TestAWriteLostOnTheWaySaysWhetherItWasSent(t *testing.T) {
	tests := []struct {
		name  string
		fault faultproxy.Fault
		code  string
		gone  bool // the pool was deleted in the workspace after all
	}{
		{"refused before anything was sent", faultproxy.Fault{Mode: faultproxy.Refuse}, "NOT_SENT", false},
		{"the delete's answer never came", faultproxy.Fault{Mode: faultproxy.LoseAnswer, Hang: true, Path: "/instance-pools/delete"}, "OUTCOME_UNKNOWN", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, fixtureOptions{clients: true, client: workspaces.ClientOptions{HTTPTimeout: 2 * time.Second, RetryTimeout: 2 * time.Second}})
			t.Cleanup(func() { f.app.Shutdown(context.Background()) })
			p, err := faultproxy.Start(f.demo.URL(), 0)
			require.NoError(t, err)
			t.Cleanup(func() { _ = p.Close() })
			view, err := f.app.Workspaces.Create(workspaces.Form{Name: "Via proxy", Host: p.URL(), AuthType: "pat", Token: f.demo.Token()})
			require.NoError(t, err)
			direct, err := workspaceapi.New(&config.Config{Host: f.demo.URL(), Token: f.demo.Token(),
				Loaders: []config.Loader{config.ConfigAttributes}})
			require.NoError(t, err)
			all, err := direct.InstancePools.ListAll(context.Background())
			require.NoError(t, err)
			require.NotEmpty(t, all)
			pool := all[0]

			require.NoError(t, p.Set(tt.fault))
			err = f.app.Pools.Delete(view.ID, pool.InstancePoolId, pool.InstancePoolName)
			require.Error(t, err)
			ui := f.app.FormatError(err).(UIError)
			assert.Equal(t, tt.code, ui.Code, "%s | %s", ui.Message, ui.Detail)
			got, err := direct.InstancePools.GetByInstancePoolId(context.Background(), pool.InstancePoolId)
			require.NoError(t, err)
			assert.Equal(t, tt.gone, got.State == compute.InstancePoolStateDeleted)
		})
	}
}
