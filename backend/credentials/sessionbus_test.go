package credentials

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/zalando/go-keyring"
)

func TestSessionBusIn(t *testing.T) {
	none := func(string) bool { return false }
	cases := []struct {
		name   string
		goos   string
		env    map[string]string
		exists func(string) bool
		found  bool
	}{
		{"address set", "linux", map[string]string{"DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1/bus"}, none, true},
		{"nothing", "linux", nil, none, false},
		{"autolaunch is not a bus", "linux", map[string]string{"DBUS_SESSION_BUS_ADDRESS": "autolaunch:"}, none, false},
		{"XDG_RUNTIME_DIR is not where godbus looks", "linux", map[string]string{"XDG_RUNTIME_DIR": "/r"},
			func(p string) bool { return p == "/r/bus" }, false},
		{"dbus-session file", "linux", nil, func(p string) bool { return p == "/run/user/1000/dbus-session" }, true},
		{"default runtime dir", "linux", nil, func(p string) bool { return p == "/run/user/1000/bus" }, true},
		{"macOS needs no bus", "darwin", nil, none, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := sessionBusIn(tc.goos, func(k string) string { return tc.env[k] }, 1000, tc.exists)
			assert.Equal(t, tc.found, err == nil, "%v", err)
		})
	}
}

func TestNoSessionBusIsNoSecretService(t *testing.T) {
	calls := 0
	k := NewKeyring(WithSessionBus(func() error { return errNoSessionBus }),
		WithBackend(countingBackend{calls: &calls}))
	_, err := k.Get(context.Background(), "x")
	require.ErrorIs(t, err, ErrNoSecretService)
	assert.ErrorIs(t, err, ErrUnavailable)
	assert.Contains(t, HintOf(err), "no Secret Service in this session")
	assert.NotContains(t, HintOf(err), "locked")
	assert.Zero(t, calls, "go-keyring is not called")

	locked := classify("read", assertErr("failed to unlock correct collection"))
	assert.NotErrorIs(t, locked, ErrNoSecretService, "a locked keychain is another cause")
	assert.ErrorIs(t, classify("read", assertErr("The name org.freedesktop.secrets was not provided")), ErrNoSecretService)
}

type assertErr string

func (e assertErr) Error() string { return string(e) }

type countingBackend struct{ calls *int }

func (c countingBackend) Get(string, string) (string, error) {
	*c.calls++
	return "", keyring.ErrNotFound
}
func (c countingBackend) Set(string, string, string) error { *c.calls++; return nil }
func (c countingBackend) Delete(string, string) error      { *c.calls++; return nil }

const noBusChildEnv = "CLUSTERDECK_NOBUS_CHILD"

// TestNoSessionBusStartsNothing runs the real go-keyring (in a fresh
// process, so no MockInit applies) with no session bus and a dbus-launch on
// PATH that records being run: the app's keychain must not run it. The
// control run calls go-keyring directly and shows the recorder works.
func TestNoSessionBusStartsNothing(t *testing.T) {
	if os.Getenv(noBusChildEnv) != "" {
		t.Skip("running as child")
	}
	self, err := os.Executable()
	require.NoError(t, err)
	for _, mode := range []string{"app", "control"} {
		t.Run(mode, func(t *testing.T) {
			bin, runtimeDir := t.TempDir(), t.TempDir()
			marker := filepath.Join(t.TempDir(), "dbus-launch-ran")
			script := "#!/bin/sh\necho ran > '" + marker + "'\nexit 1\n"
			require.NoError(t, os.WriteFile(filepath.Join(bin, "dbus-launch"), []byte(script), 0o755))
			cmd := exec.Command(self, "-test.run=^TestNoSessionBusChild$", "-test.v")
			cmd.Env = []string{"PATH=" + bin, "HOME=" + t.TempDir(), "XDG_RUNTIME_DIR=" + runtimeDir,
				noBusChildEnv + "=" + mode}
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, string(out))
			require.Contains(t, string(out), "--- PASS: TestNoSessionBusChild")
			_, statErr := os.Stat(marker)
			if mode == "app" {
				assert.ErrorIs(t, statErr, os.ErrNotExist, "dbus-launch must not run: %s", out)
			} else {
				assert.NoError(t, statErr, "the recorder sees a real autolaunch: %s", out)
			}
		})
	}
}

func TestNoSessionBusChild(t *testing.T) {
	mode := os.Getenv(noBusChildEnv)
	if mode == "" {
		t.Skip("only runs inside TestNoSessionBusStartsNothing")
	}
	if mode == "control" {
		_, err := keyring.Get("clusterdeck-test", "x")
		require.Error(t, err)
		return
	}
	_, err := NewOSKeyring().Get(context.Background(), "x")
	require.ErrorIs(t, err, ErrNoSecretService)
	require.Contains(t, err.Error(), "no D-Bus session bus")
}
