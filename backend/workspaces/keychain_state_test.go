package workspaces

import (
	"context"
	"errors"
	"testing"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestKeychainStateIsFoundOnUse(t *testing.T) {
	keychain := credentials.NewMemoryStore()
	m, _ := newTestManager(t, keychain, nil)
	ctx := context.Background()
	m.SetDemo(Demo{URL: "http://127.0.0.1:40001", Token: "demo-token"})
	cli, err := m.Create(ctx, Profile{Name: "CLI", Host: "b.cloud.databricks.com", AuthType: AuthDatabricksCLI}, SecretInput{})
	require.NoError(t, err)

	// What the page does on start: list, keychain state, clients.
	m.List()
	require.NoError(t, m.CheckKeychain(ctx))
	_, err = m.Client(ctx, DemoID)
	require.NoError(t, err)
	_, err = m.Client(ctx, cli.ID)
	require.NoError(t, err)
	_, err = m.SecretStatus(ctx, cli.ID)
	require.NoError(t, err)
	assert.Zero(t, keychain.Calls(), "nothing needed a secret")

	keychain.Err = &credentials.UnavailableError{Op: "read", Cause: errors.New("failed to unlock"), Hint: "unlock"}
	_, err = m.Create(ctx, Profile{Name: "PAT", Host: "a.cloud.databricks.com", AuthType: AuthPAT}, SecretInput{Token: "dapi-1"})
	require.ErrorIs(t, err, credentials.ErrUnavailable)
	assert.ErrorIs(t, m.CheckKeychain(ctx), credentials.ErrUnavailable, "the banner shows what use found")

	keychain.Err = nil
	require.NoError(t, m.ProbeKeychain(ctx))
	assert.NoError(t, m.CheckKeychain(ctx), "Check again clears it")
}
