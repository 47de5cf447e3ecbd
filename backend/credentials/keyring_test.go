package credentials

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/zalando/go-keyring"
)

func TestKeyringWithMock(t *testing.T) {
	keyring.MockInit()
	k := NewKeyring()
	ctx := context.Background()

	_, err := k.Get(ctx, "ws-1")
	require.ErrorIs(t, err, ErrNotFound)
	assert.NotErrorIs(t, err, ErrUnavailable)

	require.NoError(t, k.Set(ctx, "ws-1", "dapi-secret-1"))
	got, err := k.Get(ctx, "ws-1")
	require.NoError(t, err)
	assert.Equal(t, "dapi-secret-1", got)

	require.NoError(t, k.Set(ctx, "ws-1", "dapi-secret-2"))
	got, err = k.Get(ctx, "ws-1")
	require.NoError(t, err)
	assert.Equal(t, "dapi-secret-2", got, "Set replaces")

	require.NoError(t, k.Delete(ctx, "ws-1"))
	assert.ErrorIs(t, k.Delete(ctx, "ws-1"), ErrNotFound)
	_, err = k.Get(ctx, "ws-1")
	assert.ErrorIs(t, err, ErrNotFound)
}

func TestKeyringFailureShapes(t *testing.T) {
	tests := []struct {
		name  string
		cause error
		hint  string
	}{
		{"locked keyring", errors.New("failed to unlock correct collection '/org/freedesktop/secrets/aliases/login'"), hintLocked},
		{"no secret service", errors.New("The name org.freedesktop.secrets was not provided by any .service files"), hintNoService},
		{"no dbus-launch", errors.New(`exec: "dbus-launch": executable file not found in $PATH`), hintNoBus},
		{"bus gone", errors.New("dial unix /run/user/1000/bus: connect: connection refused"), hintNoBus},
		{"too big", keyring.ErrSetDataTooBig, hintTooBig},
		{"other", errors.New("something odd"), hintGeneric},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			keyring.MockInitWithError(tt.cause)
			t.Cleanup(keyring.MockInit)
			k := NewKeyring()
			ctx := context.Background()
			for _, err := range []error{
				func() error { _, err := k.Get(ctx, "x"); return err }(),
				k.Set(ctx, "x", "y"),
				k.Delete(ctx, "x"),
			} {
				require.Error(t, err)
				assert.ErrorIs(t, err, ErrUnavailable)
				assert.NotErrorIs(t, err, ErrNotFound)
				assert.ErrorIs(t, err, tt.cause, "cause stays reachable")
				var ue *UnavailableError
				require.ErrorAs(t, err, &ue)
				assert.Equal(t, tt.hint, ue.Hint)
				assert.Contains(t, HintOf(err), tt.hint)
				assert.Contains(t, HintOf(err), HintNoSecretAuth)
			}
		})
	}
}

type hangingBackend struct{ release chan struct{} }

func (h hangingBackend) Get(string, string) (string, error) { <-h.release; return "", nil }
func (h hangingBackend) Set(string, string, string) error   { <-h.release; return nil }
func (h hangingBackend) Delete(string, string) error        { <-h.release; return nil }

func TestKeyringTimeout(t *testing.T) {
	h := hangingBackend{release: make(chan struct{})}
	t.Cleanup(func() { close(h.release) })
	k := NewKeyring(WithBackend(h), WithTimeout(50*time.Millisecond))

	start := time.Now()
	_, err := k.Get(context.Background(), "x")
	assert.Less(t, time.Since(start), 2*time.Second)
	require.ErrorIs(t, err, ErrUnavailable)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Equal(t, hintTimeout, err.(*UnavailableError).Hint)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assert.ErrorIs(t, k.Set(ctx, "x", "y"), ErrUnavailable, "a cancelled caller is not kept waiting")
}

func TestHintOfOtherErrors(t *testing.T) {
	assert.Empty(t, HintOf(nil))
	assert.Empty(t, HintOf(fmt.Errorf("x: %w", ErrNotFound)))
	wrapped := fmt.Errorf("saving workspace: %w", &UnavailableError{Op: "write", Cause: errors.New("c"), Hint: "h"})
	assert.ErrorIs(t, wrapped, ErrUnavailable)
	assert.Equal(t, "h "+HintNoSecretAuth, HintOf(wrapped))
}

func TestMask(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"short", "••••"},
		{"dapi0123456789ab", "dapi…89ab"},
		{"dapi1234567890abcdef1234567890ab-2", "dapi…ab-2"},
		{"dose0123456789abcdef", "dose…cdef"},
		{"supersecretvalue-9999", "••••…9999"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := Mask(tt.in)
			assert.Equal(t, tt.want, got)
			if len(tt.in) > 8 {
				assert.NotContains(t, got, tt.in[:len(tt.in)-4], "never more than the last 4")
			}
		})
	}
}

func TestMemoryStore(t *testing.T) {
	m := NewMemoryStore()
	ctx := context.Background()
	_, err := m.Get(ctx, "a")
	assert.ErrorIs(t, err, ErrNotFound)
	require.NoError(t, m.Set(ctx, "a", "s"))
	v, err := m.Get(ctx, "a")
	require.NoError(t, err)
	assert.Equal(t, "s", v)
	assert.Equal(t, []string{"a"}, m.Keys())
	require.NoError(t, m.Delete(ctx, "a"))
	assert.ErrorIs(t, m.Delete(ctx, "a"), ErrNotFound)
	m.Err = &UnavailableError{Op: "read", Cause: errors.New("locked"), Hint: hintLocked}
	_, err = m.Get(ctx, "a")
	assert.ErrorIs(t, err, ErrUnavailable)
}
