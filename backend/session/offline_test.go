package session

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
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// behindProxy is the app's wiring (a manager, a session, a monitor hearing
// every call, its loop ticking each second) with the demo workspace behind
// a fault proxy, online when it returns.
func behindProxy(t *testing.T, o MonitorOptions) (*faultproxy.Proxy, *workspaces.Manager, *Session) {
	t.Helper()
	ws := proxytest.Start(t, demo.Options{Seed: 1}, workspaces.ClientOptions{})
	m := ws.Manager
	s := New(m, Options{})
	mon := NewMonitor(s, nil, o)
	m.SetObserver(mon.Observe)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); mon.Run(ctx, time.Second) }()
	t.Cleanup(func() { cancel(); <-done })
	waitState(t, s, StateOnline, 30*time.Second)
	return ws.Proxy, m, s
}

// waitState waits until the demo workspace is in want and returns how long
// that took; it fails the test after limit.
func waitState(t *testing.T, s *Session, want State, limit time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	require.Eventually(t, func() bool {
		st, err := s.Status(workspaces.DemoID)
		return err == nil && st.State == want
	}, limit, 20*time.Millisecond, "the workspace never became %s", want)
	return time.Since(start)
}

// Issue 35 item 1: any call that fails on the way (a list refused, a
// captive portal's page, a gateway's 502) marks the workspace offline
// within 10 s, not at the next health check (here an hour away).
func TestAFailedCallMarksTheWorkspaceOffline(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		fault faultproxy.Fault
	}{
		{"refused", faultproxy.Fault{Mode: faultproxy.Refuse}},
		{"captive portal", faultproxy.Fault{Mode: faultproxy.HTML}},
		{"gateway 502", faultproxy.Fault{Mode: faultproxy.Status, Status: 502}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p, m, s := behindProxy(t, MonitorOptions{HealthInterval: time.Hour})
			w, err := m.Client(context.Background(), workspaces.DemoID)
			require.NoError(t, err)
			require.NoError(t, p.Set(tt.fault))
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go func() { _, _ = w.Clusters.ListAll(ctx, compute.ListClustersRequest{}) }()
			took := waitState(t, s, StateOffline, 10*time.Second)
			t.Logf("%s: offline %s after the call", tt.name, took.Round(10*time.Millisecond))
			st, _ := s.Status(workspaces.DemoID)
			assert.Error(t, st.Err)
		})
	}
}

// With no user action, a black-holed host (it accepts and never answers) is
// marked offline within 35 s, and seen back within 10 s of answering.
func TestABlackHoledWorkspaceGoesOfflineAndComesBack(t *testing.T) {
	t.Parallel()
	p, _, s := behindProxy(t, MonitorOptions{})
	require.NoError(t, p.Set(faultproxy.Fault{Mode: faultproxy.BlackHole}))
	took := waitState(t, s, StateOffline, 35*time.Second)
	t.Logf("black-holed: offline after %s", took.Round(100*time.Millisecond))
	// Let the backoff grow to its cap before the network returns.
	time.Sleep(12 * time.Second)
	require.NoError(t, p.Set(faultproxy.Fault{}))
	took = waitState(t, s, StateOnline, 10*time.Second)
	t.Logf("back: online after %s", took.Round(100*time.Millisecond))
}

func TestResumedFromSleep(t *testing.T) {
	tests := []struct {
		name       string
		wall, mono time.Duration // how far each clock moved
		want       bool
	}{
		{"a tick", time.Second, time.Second, false},
		{"a busy tick", 3 * time.Second, 3 * time.Second, false},
		{"NTP nudges the wall clock", 1500 * time.Millisecond, time.Second, false},
		{"the clock set back", -time.Hour, time.Second, false},
		{"slept ten minutes", 10*time.Minute + time.Second, time.Second, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Resumed(tt.wall, tt.mono, time.Second))
		})
	}
}
