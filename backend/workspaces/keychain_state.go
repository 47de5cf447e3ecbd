package workspaces

import (
	"context"
	"errors"
	"sync"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
)

// observedStore remembers what the keychain answered last, so the page can
// be told its state without a call of its own: asking a locked keychain
// pops an unlock prompt, and with only the demo (or CLI sign-in) nothing
// needs it at all.
type observedStore struct {
	credentials.SecretStore

	mu   sync.Mutex
	last error // nil: never used, or worked last time
}

func (o *observedStore) note(err error) error {
	if err == nil || errors.Is(err, credentials.ErrNotFound) || errors.Is(err, credentials.ErrUnavailable) {
		o.mu.Lock()
		o.last = nil
		if errors.Is(err, credentials.ErrUnavailable) {
			o.last = err
		}
		o.mu.Unlock()
	}
	return err
}

func (o *observedStore) Get(ctx context.Context, key string) (string, error) {
	s, err := o.SecretStore.Get(ctx, key)
	return s, o.note(err)
}

func (o *observedStore) Set(ctx context.Context, key, secret string) error {
	return o.note(o.SecretStore.Set(ctx, key, secret))
}

func (o *observedStore) Delete(ctx context.Context, key string) error {
	return o.note(o.SecretStore.Delete(ctx, key))
}

func (o *observedStore) state() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.last
}

// CheckKeychain reports what the keychain answered the last time a secret
// was needed: nil when it worked or was never needed, else why not
// (matches credentials.ErrUnavailable; see credentials.HintOf). It makes no
// keychain call.
func (m *Manager) CheckKeychain(context.Context) error { return m.keychain.state() }

// ProbeKeychain asks the keychain now (the user chose "Check again") and
// returns, like CheckKeychain, nil or why it cannot be used.
func (m *Manager) ProbeKeychain(ctx context.Context) error {
	_, err := m.keychain.Get(ctx, "keychain-probe")
	if err == nil || errors.Is(err, credentials.ErrNotFound) {
		return nil
	}
	return err
}
