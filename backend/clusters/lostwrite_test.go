package clusters

import (
	"context"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/faultproxy"
	"github.com/clusterdeck/clusterdeck/backend/faultproxy/proxytest"
	"github.com/clusterdeck/clusterdeck/backend/internal/sdktest"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Issue 35 item 2: an action that fails on the way says whether it may
// have reached the workspace: "not sent" when nothing got through (or only
// the read before it), "unknown" only when the request may have arrived;
// and it ends within its deadline whatever the network does.
func TestAnActionLostOnTheWaySaysWhetherItWasSent(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		fault faultproxy.Fault
		want  error
	}{
		{"refused", faultproxy.Fault{Mode: faultproxy.Refuse}, workspaces.ErrNotSent},
		{"the read before it black-holed", faultproxy.Fault{Mode: faultproxy.BlackHole}, workspaces.ErrNotSent},
		{"its answer never came", faultproxy.Fault{Mode: faultproxy.LoseAnswer, Hang: true, Path: "/clusters/delete"}, workspaces.ErrAnswerLost},
		{"a captive portal answered it", faultproxy.Fault{Mode: faultproxy.HTML, Path: "/clusters/delete"}, workspaces.ErrAnswerLost},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ws := proxytest.Start(t, demo.Options{Seed: 42, FreezeClock: true},
				workspaces.ClientOptions{HTTPTimeout: 2 * time.Second, RetryTimeout: 3 * time.Second})
			ctx, cancel := context.WithCancel(context.Background())
			s := NewService(ctx, Options{Clients: ws, Sink: &recordingSink{}})
			t.Cleanup(func() { cancel(); s.Close() })
			direct := sdktest.Client(t, ws.Demo.URL(), ws.Demo.Token())
			var id string
			all, err := direct.Clusters.ListAll(ctx, compute.ListClustersRequest{})
			require.NoError(t, err)
			for _, c := range all {
				if c.State == compute.StateRunning {
					id = c.ClusterId
					break
				}
			}
			require.NotEmpty(t, id)

			require.NoError(t, ws.Proxy.Set(tt.fault))
			actx, acancel := context.WithTimeout(ctx, 5*time.Second) // the facade's TimeoutWrite, shortened
			defer acancel()
			start := time.Now()
			err = s.Act(actx, workspaces.DemoID, id, ActionTerminate, "")
			took := time.Since(start)
			require.Error(t, err)
			assert.ErrorIs(t, err, tt.want)
			assert.Less(t, took, 6*time.Second, "ends within its deadline")
		})
	}
}
