package credentials

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/zalando/go-keyring"
)

// DefaultTimeout bounds every keychain call. Secret Service calls can hang
// (an unlock prompt nobody answers, a wedged daemon); the Databricks CLI uses
// the same value.
const DefaultTimeout = 3 * time.Second

// Backend is the three go-keyring functions. It exists so tests can simulate
// a hanging or failing keychain; production code uses GoKeyring.
type Backend interface {
	Get(service, user string) (string, error)
	Set(service, user, password string) error
	Delete(service, user string) error
}

// GoKeyring is the Backend over github.com/zalando/go-keyring (and therefore
// over keyring.MockInit in unit tests).
type GoKeyring struct{}

func (GoKeyring) Get(service, user string) (string, error) { return keyring.Get(service, user) }
func (GoKeyring) Set(service, user, pw string) error       { return keyring.Set(service, user, pw) }
func (GoKeyring) Delete(service, user string) error        { return keyring.Delete(service, user) }

// Keyring implements SecretStore over the OS keychain.
type Keyring struct {
	service    string
	timeout    time.Duration
	backend    Backend
	sessionBus SessionBusFunc // nil: not checked (see WithSessionBus)
}

// KeyringOption customises NewKeyring.
type KeyringOption func(*Keyring)

// WithTimeout sets the per-call timeout (default DefaultTimeout).
func WithTimeout(d time.Duration) KeyringOption { return func(k *Keyring) { k.timeout = d } }

// WithService sets the service name (default Service). Tests use it to keep
// their entries apart from the user's.
func WithService(s string) KeyringOption { return func(k *Keyring) { k.service = s } }

// WithBackend replaces go-keyring (tests only).
func WithBackend(b Backend) KeyringOption { return func(k *Keyring) { k.backend = b } }

// NewKeyring returns the OS keychain store.
func NewKeyring(opts ...KeyringOption) *Keyring {
	k := &Keyring{service: Service, timeout: DefaultTimeout, backend: GoKeyring{}}
	for _, o := range opts {
		o(k)
	}
	return k
}

// Get returns the secret stored for key.
func (k *Keyring) Get(ctx context.Context, key string) (string, error) {
	var out string
	err := k.call(ctx, "read", func() error {
		s, err := k.backend.Get(k.service, key)
		out = s
		return err
	})
	if err != nil {
		return "", err
	}
	return out, nil
}

// Set stores secret under key, replacing any previous value.
func (k *Keyring) Set(ctx context.Context, key, secret string) error {
	return k.call(ctx, "write", func() error { return k.backend.Set(k.service, key, secret) })
}

// Delete removes the entry for key. Deleting a missing entry returns ErrNotFound.
func (k *Keyring) Delete(ctx context.Context, key string) error {
	return k.call(ctx, "delete", func() error { return k.backend.Delete(k.service, key) })
}

// call runs fn with the per-call timeout. A call that does not return in time
// is abandoned (go-keyring offers no cancellation); its goroutine ends when
// the keychain eventually answers.
func (k *Keyring) call(ctx context.Context, op string, fn func() error) error {
	if k.sessionBus != nil {
		if err := k.sessionBus(); err != nil {
			return &UnavailableError{Op: op, Cause: err, Hint: hintNoBus, NoService: true}
		}
	}
	ctx, cancel := context.WithTimeout(ctx, k.timeout)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- fn() }()
	select {
	case err := <-done:
		return classify(op, err)
	case <-ctx.Done():
		return &UnavailableError{
			Op:    op,
			Cause: fmt.Errorf("no answer within %s: %w", k.timeout, ctx.Err()),
			Hint:  hintTimeout,
		}
	}
}

const (
	hintLocked    = "Your keychain is locked. Unlock it (for example by logging in again or opening your keyring manager, such as Seahorse) and retry."
	hintNoService = "There is no Secret Service in this session: no keychain service is running. Install and start one (gnome-keyring or KeePassXC with Secret Service enabled on Linux) and retry."
	hintNoBus     = "There is no Secret Service in this session: no desktop session bus was found. Start Clusterdeck from a desktop session (or inside dbus-run-session with a keyring running) and retry."
	hintTimeout   = "The keychain did not answer in time; it may be waiting for an unlock prompt. Unlock it and retry."
	hintTooBig    = "The secret is too large for this keychain."
	hintGeneric   = "The keychain reported an error. Check that it is installed, running and unlocked, then retry."
	// HintNoSecretAuth is shown alongside every unavailable error.
	HintNoSecretAuth = "Workspaces using the Databricks CLI or Azure CLI sign-in keep working without the keychain."
)

func classify(op string, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, keyring.ErrNotFound):
		return fmt.Errorf("keychain %s: %w", op, ErrNotFound)
	case errors.Is(err, keyring.ErrSetDataTooBig):
		return &UnavailableError{Op: op, Cause: err, Hint: hintTooBig}
	}
	hint := hintFor(err)
	return &UnavailableError{Op: op, Cause: err, Hint: hint, NoService: hint == hintNoService || hint == hintNoBus}
}

// hintFor picks the advice for a go-keyring failure. go-keyring exposes no
// typed errors for these cases, so the message is the only signal; it only
// chooses the hint, every such error is ErrUnavailable either way.
func hintFor(err error) string {
	msg := strings.ToLower(err.Error())
	switch {
	case strings.Contains(msg, "unlock"), strings.Contains(msg, "locked"), strings.Contains(msg, "prompt"):
		return hintLocked
	case strings.Contains(msg, "org.freedesktop.secrets"), strings.Contains(msg, "serviceunknown"):
		return hintNoService
	case strings.Contains(msg, "dbus-launch"), strings.Contains(msg, "dbus_session_bus_address"),
		strings.Contains(msg, "dial"), strings.Contains(msg, "connection refused"),
		strings.Contains(msg, "no such file or directory"):
		return hintNoBus
	}
	return hintGeneric
}

// UnavailableError is returned when the keychain cannot be used. It matches
// ErrUnavailable with errors.Is and unwraps to the underlying cause.
type UnavailableError struct {
	Op    string // read, write or delete
	Cause error
	Hint  string // what the user can do, in plain words
	// NoService: there is no Secret Service in this session (not locked,
	// not timed out); matches ErrNoSecretService.
	NoService bool
}

func (e *UnavailableError) Error() string {
	return fmt.Sprintf("keychain unavailable (%s): %v. %s", e.Op, e.Cause, e.Hint)
}

func (e *UnavailableError) Unwrap() error { return e.Cause }

// Is makes errors.Is(err, ErrUnavailable) true, and errors.Is(err,
// ErrNoSecretService) when there is no Secret Service at all.
func (e *UnavailableError) Is(target error) bool {
	return target == ErrUnavailable || (e.NoService && target == ErrNoSecretService)
}

// HintOf returns the user-facing hint of an ErrUnavailable error, or "".
func HintOf(err error) string {
	var ue *UnavailableError
	if errors.As(err, &ue) {
		return ue.Hint + " " + HintNoSecretAuth
	}
	return ""
}
