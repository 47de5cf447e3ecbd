package runcmd

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/faultproxy"
)

// through puts a fault proxy between the command and the demo workspace.
func through(t *testing.T, srv *demo.Server, d Deps) (*faultproxy.Proxy, Deps) {
	t.Helper()
	p, err := faultproxy.Start(srv.URL(), 0)
	require.NoError(t, err)
	t.Cleanup(func() { _ = p.Close() })
	env := map[string]string{"DATABRICKS_HOST": p.URL(), "DATABRICKS_TOKEN": srv.Token()}
	d.LookupEnv = func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	return p, d
}

// exitWithin runs the command and fails the test unless it exits within limit.
func exitWithin(t *testing.T, limit time.Duration, ctx context.Context, args []string, d Deps) (int, string, time.Duration) {
	t.Helper()
	var out, errs syncBuf
	done := make(chan int, 1)
	start := time.Now()
	go func() { done <- RunCommand(ctx, args[0], args[1:], &out, &errs, d) }()
	select {
	case code := <-done:
		return code, errs.String(), time.Since(start)
	case <-time.After(limit):
		t.Fatalf("still running after %s: %s", limit, errs.String())
		return 0, "", 0
	}
}

// Issue 35 item 6: with the workspace refused, black-holed or behind a
// captive portal, `ensure` exits 4 (no cluster made) within 30 s with the
// default limits (it took 600 s refused and 120 s black-holed).
func TestUnreachableWorkspaceEndsWithinThirtySeconds(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		fault faultproxy.Fault
	}{
		{"refused", faultproxy.Fault{Mode: faultproxy.Refuse}},
		{"black-holed", faultproxy.Fault{Mode: faultproxy.BlackHole}},
		{"captive portal", faultproxy.Fault{Mode: faultproxy.HTML}},
		{"gateway 502", faultproxy.Fault{Mode: faultproxy.Status, Status: 502}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, _ := fast(t, demo.Durations{})
			p, d := through(t, srv, deps(t, srv))
			require.NoError(t, p.Set(tt.fault))
			code, errs, took := exitWithin(t, 45*time.Second, context.Background(),
				[]string{"ensure", "--spec", write(t, "s.yaml", stack)}, d)
			assert.Equal(t, ExitError, code, errs)
			assert.Less(t, took, 30*time.Second, errs)
			t.Logf("%s: exit %d after %s", tt.name, code, took.Round(100*time.Millisecond))
		})
	}
}

// Ctrl+C (or SIGTERM) while the SDK resolves the host, whose metadata
// fetch used to retry for 5 minutes on a context nothing cancelled, ends
// the command within 2 s.
func TestCtrlCWhileResolvingTheHost(t *testing.T) {
	t.Parallel()
	srv, _ := fast(t, demo.Durations{})
	p, d := through(t, srv, deps(t, srv))
	require.NoError(t, p.Set(faultproxy.Fault{Mode: faultproxy.BlackHole, Path: "/.well-known/"}))
	d.Reach.HostMetadata = time.Hour // only Ctrl+C can end the fetch
	runCtx, interrupt := context.WithCancel(context.Background())
	var out, errs syncBuf
	done := make(chan int, 1)
	go func() {
		done <- RunCommand(runCtx, "ensure", []string{"--spec", write(t, "s.yaml", stack)}, &out, &errs, d)
	}()
	require.Eventually(t, func() bool { return p.Stats().Faulted > 0 }, 30*time.Second, 5*time.Millisecond)
	interrupt()
	select {
	case code := <-done:
		assert.Equal(t, ExitInterrupted, code, errs.String())
		assert.Contains(t, errs.String(), "interrupted while")
	case <-time.After(2 * time.Second):
		t.Fatalf("Ctrl+C was not honoured within 2 s: %s", errs.String())
	}
}

// A second Ctrl+C while the cancel call hangs exits at once, saying the run
// may still run.
func TestSecondCtrlCStopsWaitingForTheCancel(t *testing.T) {
	t.Parallel()
	srv, _ := fast(t, demo.Durations{RunDuration: 10 * time.Hour})
	p, d := through(t, srv, deps(t, srv))
	abort := make(chan struct{})
	d.Abort, d.CancelWait = abort, 10*time.Minute
	runCtx, interrupt := context.WithCancel(context.Background())
	var out, errs syncBuf
	done := make(chan int, 1)
	go func() {
		done <- RunCommand(runCtx, "run", []string{"--spec", write(t, "s.yaml", stack), "--notebook", "/Shared/etl/long"}, &out, &errs, d)
	}()
	require.Eventually(t, func() bool { return strings.Contains(errs.String(), "running (RUNNING") }, 30*time.Second, 10*time.Millisecond)
	require.NoError(t, p.Set(faultproxy.Fault{Mode: faultproxy.BlackHole}))
	interrupt()
	require.Eventually(t, func() bool { return strings.Contains(errs.String(), "Ctrl+C again") }, 30*time.Second, 10*time.Millisecond)
	require.Eventually(t, func() bool { return p.Stats().Faulted > 0 }, 30*time.Second, 10*time.Millisecond, "the cancel call hangs")
	close(abort)
	select {
	case code := <-done:
		assert.Equal(t, ExitInterrupted, code)
		assert.Contains(t, errs.String(), "may still be running")
	case <-time.After(2 * time.Second):
		t.Fatalf("the second Ctrl+C was not honoured within 2 s: %s", errs.String())
	}
}
