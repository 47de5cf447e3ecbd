package app

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// TestStartupWithOnlyTheDemoLeavesTheKeychainAlone: the app starts and the
// page loads (list, keychain banner, connection check, catalogs, the demo's
// edit details) with zero keychain calls, even with a CLI workspace saved.
func TestStartupWithOnlyTheDemoLeavesTheKeychainAlone(t *testing.T) {
	keychain := lockedKeychain()
	f := newFixture(t, fixtureOptions{secrets: keychain})
	w := f.app.Workspaces
	cli, err := w.Create(workspaces.Form{Name: "cli", Host: "https://dbc-1.cloud.databricks.com", AuthType: "databricks-cli"})
	require.NoError(t, err)

	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	f.app.Startup(ctx)
	_, err = w.List()
	require.NoError(t, err)
	kc, err := w.Keychain()
	require.NoError(t, err)
	assert.True(t, kc.Available, "nothing has needed it yet")
	// Their answers do not matter here (a busy machine may time the demo
	// out); that they leave the keychain alone does.
	_, _ = w.Check(workspaces.DemoID)
	_, _ = w.Catalogs()
	_, err = w.Get(workspaces.DemoID)
	require.NoError(t, err)
	_, err = w.Get(cli.ID)
	require.NoError(t, err)
	w.loop.Settle()
	assert.Zero(t, keychain.Calls(), "no keychain call, so no unlock prompt")

	// "Check again" asks, and the banner then names the cause.
	kc, err = w.RecheckKeychain()
	require.NoError(t, err)
	assert.False(t, kc.Available)
	assert.Contains(t, kc.Hint, "locked")
	assert.Equal(t, 1, keychain.Calls())
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
