package smoke

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// desktop is one run of the production binary with its own HOME and XDG folders.
type desktop struct {
	cmd     *exec.Cmd
	logs    *lineLog
	exited  chan error
	started time.Time // just before exec
}

// startDesktop launches bin with every XDG folder under home and waits until
// the page reports that the shell rendered.
func startDesktop(t *testing.T, bin, home string, args ...string) *desktop {
	t.Helper()
	d := launch(t, bin, home, args...)
	// Bounds, not performance assertions: how long we are willing to wait.
	require.True(t, d.logs.waitFor("shell ready", 90*time.Second),
		"the page never reported that the shell rendered; log:\n%s", d.logs)
	return d
}

// launch starts bin with every XDG folder under home and collects its log.
func launch(t *testing.T, bin, home string, args ...string) *desktop {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "HOME="+home,
		"XDG_CONFIG_HOME="+filepath.Join(home, "config"), "XDG_CACHE_HOME="+filepath.Join(home, "cache"),
		"XDG_DATA_HOME="+filepath.Join(home, "data"), "XDG_STATE_HOME="+filepath.Join(home, "state"))
	d := &desktop{cmd: cmd, logs: &lineLog{}, exited: make(chan error, 1)}
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	cmd.Stdout = io.Discard
	d.started = time.Now()
	require.NoError(t, cmd.Start())
	go func() {
		d.logs.consume(stderr)
		d.exited <- cmd.Wait()
	}()
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	return d
}

// stop sends SIGTERM and expects a clean exit through the shutdown hook.
func (d *desktop) stop(t *testing.T) {
	t.Helper()
	require.NoError(t, d.cmd.Process.Signal(syscall.SIGTERM))
	select {
	case err := <-d.exited:
		assert.NoError(t, err, "SIGTERM should close the app cleanly; log:\n%s", d.logs)
	case <-time.After(20 * time.Second):
		t.Fatalf("the app did not exit after SIGTERM; log:\n%s", d.logs)
	}
	assert.True(t, d.logs.contains("clusterdeck stopping"), "shutdown hook did not run; log:\n%s", d.logs)
}

// desktopEnv returns the binary and artifacts folder, or skips without them.
func desktopEnv(t *testing.T) (bin, artifacts string) {
	bin = os.Getenv("CLUSTERDECK_BINARY")
	if bin == "" || os.Getenv("DISPLAY") == "" {
		t.Skip("needs CLUSTERDECK_BINARY and a display: run `make desktop-smoke` (Xvfb + dbus-run-session)")
	}
	artifacts = os.Getenv("CLUSTERDECK_ARTIFACTS")
	if artifacts == "" {
		artifacts = t.TempDir()
	}
	return bin, artifacts
}
