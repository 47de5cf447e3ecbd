package credentials

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// ErrNoSecretService reports that this session has no Secret Service: no
// session bus at all, or nothing on it providing org.freedesktop.secrets.
// It is one kind of ErrUnavailable, told apart from a locked keychain.
var ErrNoSecretService = errors.New("no Secret Service in this session")

// errNoSessionBus is the cause when there is no D-Bus session bus to ask.
var errNoSessionBus = errors.New("no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set and none was found)")

// SessionBusFunc reports whether a D-Bus session bus can be reached without
// starting one (nil), or why not.
type SessionBusFunc func() error

// SessionBus is the SessionBusFunc of this process's environment. Without a
// session bus, go-keyring's D-Bus library runs dbus-launch, which starts a
// dbus-daemon (and, on demand, a gnome-keyring-daemon) that outlive the app;
// checking first means nothing is ever started.
func SessionBus() error {
	return sessionBusIn(runtime.GOOS, os.Getenv, os.Getuid(), func(p string) bool {
		_, err := os.Stat(p)
		return err == nil
	})
}

// sessionBusIn mirrors where godbus looks for the session bus before it
// falls back to autolaunching one.
func sessionBusIn(goos string, getenv func(string) string, uid int, exists func(string) bool) error {
	if goos == "darwin" || goos == "windows" {
		return nil // Keychain and Credential Manager: no D-Bus involved
	}
	if addr := getenv("DBUS_SESSION_BUS_ADDRESS"); addr != "" && !strings.HasPrefix(addr, "autolaunch:") {
		return nil
	}
	// godbus looks in /run/user/<uid> whatever XDG_RUNTIME_DIR says; a
	// socket found anywhere else would not stop it from autolaunching.
	dir := filepath.Join("/run/user", strconv.Itoa(uid))
	if exists(filepath.Join(dir, "bus")) || exists(filepath.Join(dir, "dbus-session")) {
		return nil
	}
	return errNoSessionBus
}

// WithSessionBus makes every call first check for a session bus with check
// and fail with ErrNoSecretService, without touching go-keyring, when there
// is none. NewOSKeyring sets it; tests of other packages that use
// keyring.MockInit leave it off.
func WithSessionBus(check SessionBusFunc) KeyringOption {
	return func(k *Keyring) { k.sessionBus = check }
}

// NewOSKeyring is the keychain the app uses: NewKeyring that never starts a
// D-Bus session of its own.
func NewOSKeyring(opts ...KeyringOption) *Keyring {
	return NewKeyring(append([]KeyringOption{WithSessionBus(SessionBus)}, opts...)...)
}
