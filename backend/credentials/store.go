// Package credentials keeps workspace secrets in the operating system's
// keychain (Secret Service, macOS Keychain, Windows Credential Manager)
// behind a small interface, with a timeout on every call and errors that say
// plainly what the user can do when the keychain is locked or missing.
//
// There is deliberately no plaintext fallback: when the keychain is
// unavailable, callers get ErrUnavailable and must tell the user.
package credentials

import (
	"context"
	"errors"
)

// Service is the keychain service name under which every entry is stored.
const Service = "clusterdeck"

// SecretStore is the keychain as the rest of the app sees it. Keys are
// workspace ids (one entry per workspace). Implementations must honour the
// context's deadline and return errors matching ErrNotFound or ErrUnavailable.
type SecretStore interface {
	Get(ctx context.Context, key string) (string, error)
	Set(ctx context.Context, key, secret string) error
	Delete(ctx context.Context, key string) error
}

// ErrNotFound reports that the keychain works but holds no entry for the key.
var ErrNotFound = errors.New("no secret stored in the keychain for this workspace")

// ErrUnavailable reports that the keychain could not be used at all (locked,
// not installed, no session bus, timed out). Errors returned by this package
// match it with errors.Is and carry a hint; see UnavailableError.
var ErrUnavailable = errors.New("keychain unavailable")
