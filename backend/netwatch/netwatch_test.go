package netwatch

import (
	"bufio"
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// privateBus starts a dbus-daemon of the test's own (the system bus is
// not the test's to send NetworkManager's signals on).
func privateBus(t *testing.T) string {
	t.Helper()
	cmd := exec.Command("dbus-daemon", "--session", "--nofork", "--print-address")
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start(), "dbus-daemon (Debian package dbus-daemon) runs the keychain tests too")
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	require.NoError(t, err)
	return strings.TrimSpace(line)
}

func TestWatchWakesOnNetworkAndResumeSignals(t *testing.T) {
	addr := privateBus(t)
	watcher, err := dbus.Connect(addr)
	require.NoError(t, err)
	defer watcher.Close()
	sender, err := dbus.Connect(addr)
	require.NoError(t, err)
	defer sender.Close()

	reasons := make(chan string, 8)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Watch(ctx, watcher, func(r string) { reasons <- r }) }()

	// The match rules are added before Watch listens; send until heard.
	emit := func(path dbus.ObjectPath, name string, body ...any) {
		require.NoError(t, sender.Emit(path, name, body...))
	}
	var got string
	require.Eventually(t, func() bool {
		emit("/org/freedesktop/NetworkManager", "org.freedesktop.NetworkManager.StateChanged", uint32(20))
		select {
		case got = <-reasons:
			return true
		case <-time.After(50 * time.Millisecond):
			return false
		}
	}, 10*time.Second, time.Millisecond)
	assert.Equal(t, "the network is disconnected", got)

	emit("/org/freedesktop/login1", "org.freedesktop.login1.Manager.PrepareForSleep", true) // going to sleep: nothing
	emit("/org/freedesktop/login1", "org.freedesktop.login1.Manager.PrepareForSleep", false)
	emit("/org/freedesktop/NetworkManager", "org.freedesktop.NetworkManager.StateChanged", uint32(70))
	for _, want := range []string{"the computer woke from sleep", "the network is connected"} {
		select {
		case r := <-reasons:
			if r == "the network is disconnected" { // a repeat of the probe above
				r = <-reasons
			}
			assert.Equal(t, want, r)
		case <-time.After(10 * time.Second):
			t.Fatalf("no wake for %q", want)
		}
	}
	cancel()
	assert.NoError(t, <-done)
}

func TestReason(t *testing.T) {
	tests := []struct {
		name string
		sig  dbus.Signal
		want string
	}{
		{"connected", dbus.Signal{Name: nmInterface + ".StateChanged", Body: []any{uint32(70)}}, "the network is connected"},
		{"unknown state", dbus.Signal{Name: nmInterface + ".StateChanged", Body: []any{uint32(99)}}, "the network changed (state 99)"},
		{"malformed", dbus.Signal{Name: nmInterface + ".StateChanged", Body: []any{"70"}}, ""},
		{"going to sleep", dbus.Signal{Name: logindInterface + ".PrepareForSleep", Body: []any{true}}, ""},
		{"woke", dbus.Signal{Name: logindInterface + ".PrepareForSleep", Body: []any{false}}, "the computer woke from sleep"},
		{"another signal", dbus.Signal{Name: "org.example.Other"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { assert.Equal(t, tt.want, Reason(&tt.sig)) })
	}
}
