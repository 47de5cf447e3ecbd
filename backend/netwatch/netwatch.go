// Package netwatch hears the system say the network may have changed, so
// connection states are re-checked at once instead of at the next interval:
// NetworkManager's StateChanged and logind's PrepareForSleep(false) (the
// machine resumed) on the system D-Bus. Where there is no system bus (macOS,
// Windows, a container), the clock check of session.Monitor.Run still
// notices a resume.
package netwatch

import (
	"context"
	"fmt"

	"github.com/godbus/dbus/v5"
)

const (
	nmInterface     = "org.freedesktop.NetworkManager"
	logindInterface = "org.freedesktop.login1.Manager"
)

// nmStates names NetworkManager's NMState values.
var nmStates = map[uint32]string{
	10: "asleep", 20: "disconnected", 30: "disconnecting", 40: "connecting",
	50: "connected (local only)", 60: "connected (site only)", 70: "connected",
}

// Watch calls wake with a reason for each signal on conn until ctx ends or
// the connection closes.
func Watch(ctx context.Context, conn *dbus.Conn, wake func(reason string)) error {
	for _, m := range [][]dbus.MatchOption{
		{dbus.WithMatchInterface(nmInterface), dbus.WithMatchMember("StateChanged")},
		{dbus.WithMatchInterface(logindInterface), dbus.WithMatchMember("PrepareForSleep")},
	} {
		if err := conn.AddMatchSignalContext(ctx, m...); err != nil {
			return fmt.Errorf("netwatch: subscribe: %w", err)
		}
	}
	signals := make(chan *dbus.Signal, 16)
	conn.Signal(signals)
	defer conn.RemoveSignal(signals)
	for {
		select {
		case <-ctx.Done():
			return nil
		case sig, ok := <-signals:
			if !ok {
				return nil
			}
			if reason := Reason(sig); reason != "" {
				wake(reason)
			}
		}
	}
}

// Reason says what a signal means for connections ("" when nothing).
func Reason(sig *dbus.Signal) string {
	switch sig.Name {
	case nmInterface + ".StateChanged":
		if len(sig.Body) == 1 {
			if st, ok := sig.Body[0].(uint32); ok {
				if name, ok := nmStates[st]; ok {
					return "the network is " + name
				}
				return fmt.Sprintf("the network changed (state %d)", st)
			}
		}
	case logindInterface + ".PrepareForSleep":
		if len(sig.Body) == 1 {
			if sleeping, ok := sig.Body[0].(bool); ok && !sleeping {
				return "the computer woke from sleep"
			}
		}
	}
	return ""
}

// System watches the system bus until ctx ends; without one it returns the
// error at once (the caller logs it and carries on).
func System(ctx context.Context, wake func(reason string)) error {
	conn, err := dbus.ConnectSystemBus(dbus.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("netwatch: no system bus: %w", err)
	}
	defer conn.Close()
	return Watch(ctx, conn, wake)
}
