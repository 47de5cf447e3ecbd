package app

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// countingKeychain counts every keychain call (a locked keychain answers
// each one with an unlock prompt).
type countingKeychain struct {
	*credentials.MemoryStore
	calls atomic.Int32
}

func (c *countingKeychain) Get(ctx context.Context, k string) (string, error) {
	c.calls.Add(1)
	return c.MemoryStore.Get(ctx, k)
}

func (c *countingKeychain) Set(ctx context.Context, k, v string) error {
	c.calls.Add(1)
	return c.MemoryStore.Set(ctx, k, v)
}

func (c *countingKeychain) Delete(ctx context.Context, k string) error {
	c.calls.Add(1)
	return c.MemoryStore.Delete(ctx, k)
}

// TestStartupWithOnlyTheDemoLeavesTheKeychainAlone: the app starts and the
// page loads (list, keychain banner, connection check, catalogs, the demo's
// edit details) with zero keychain calls, even with a CLI workspace saved.
func TestStartupWithOnlyTheDemoLeavesTheKeychainAlone(t *testing.T) {
	keychain := &countingKeychain{MemoryStore: credentials.NewMemoryStore()}
	keychain.Err = &credentials.UnavailableError{Op: "read", Cause: errors.New("failed to unlock correct collection"),
		Hint: "Your keychain is locked."}
	f := newFixture(t, fixtureOptions{secrets: keychain})
	w := f.app.Workspaces
	cli, err := w.Create(WorkspaceForm{Name: "cli", Host: "https://dbc-1.cloud.databricks.com", AuthType: "databricks-cli"})
	require.NoError(t, err)

	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	f.app.Startup(ctx)
	_, err = w.List()
	require.NoError(t, err)
	kc, err := w.Keychain()
	require.NoError(t, err)
	assert.True(t, kc.Available, "nothing has needed it yet")
	_, err = w.Check(workspaces.DemoID)
	require.NoError(t, err)
	_, err = w.Catalogs()
	require.NoError(t, err)
	_, err = w.Get(workspaces.DemoID)
	require.NoError(t, err)
	_, err = w.Get(cli.ID)
	require.NoError(t, err)
	w.wait()
	assert.Zero(t, keychain.calls.Load(), "no keychain call, so no unlock prompt")

	// "Check again" asks, and the banner then names the cause.
	kc, err = w.RecheckKeychain()
	require.NoError(t, err)
	assert.False(t, kc.Available)
	assert.Contains(t, kc.Hint, "locked")
	assert.Equal(t, int32(1), keychain.calls.Load())
}

func TestNoSecretServiceIsNamed(t *testing.T) {
	keychain := credentials.NewKeyring(credentials.WithSessionBus(func() error { return errors.New("no bus") }))
	f := newFixture(t, fixtureOptions{secrets: keychain})
	kc, err := f.app.Workspaces.RecheckKeychain()
	require.NoError(t, err)
	assert.False(t, kc.Available)
	assert.Equal(t, "There is no Secret Service in this session.", kc.Message)
	assert.NotContains(t, kc.Message+kc.Hint, "locked")
}
