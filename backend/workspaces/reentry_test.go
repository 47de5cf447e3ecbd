package workspaces

import (
	"context"
	"testing"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/workspaces/workspacestest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHostChangeNeedsTheSecretAgain: the stored token never reaches a new
// host, neither on save nor in the dialog's connection test, and the old
// keychain entry is replaced by the one typed for the new host.
func TestHostChangeNeedsTheSecretAgain(t *testing.T) {
	oldHost, newHost := workspacestest.New(t), workspacestest.New(t)
	oldHost.Token, newHost.Token = "dapi-old-host-token-000000000000", "dapi-new-host-token-000000000000"
	keychain := credentials.NewMemoryStore()
	m, _ := newTestManager(t, keychain, nil)
	ctx := context.Background()

	p, err := m.Create(ctx, Profile{Name: "Prod", Host: oldHost.URL, AuthType: AuthPAT}, SecretInput{Token: oldHost.Token})
	require.NoError(t, err)
	moved := p
	moved.Host = newHost.URL

	_, err = m.TestDraft(ctx, moved, SecretInput{})
	assert.ErrorIs(t, err, ErrHostChangedSecret, "the dialog's test does not try the old token")
	_, err = m.Update(ctx, moved, SecretInput{})
	require.ErrorIs(t, err, ErrHostChangedSecret)
	assert.ErrorIs(t, err, ErrMissingSecret, "shown next to the secret field")
	got, err := m.Get(p.ID)
	require.NoError(t, err)
	assert.Equal(t, oldHost.URL, got.Host, "nothing saved")
	for _, h := range newHost.AuthHeaders() {
		assert.NotContains(t, h, oldHost.Token)
	}

	_, err = m.Update(ctx, moved, SecretInput{Token: newHost.Token})
	require.NoError(t, err)
	raw, err := keychain.Get(ctx, p.ID)
	require.NoError(t, err)
	assert.NotContains(t, raw, oldHost.Token, "the old entry is gone")
	assert.Contains(t, raw, newHost.Token)
	_, err = m.TestConnection(ctx, p.ID)
	require.NoError(t, err)
	require.NotEmpty(t, newHost.AuthHeaders())
	for _, h := range newHost.AuthHeaders() {
		assert.Equal(t, "Bearer "+newHost.Token, h)
	}

	// Unchanged host and auth: an empty field keeps the stored token.
	moved.Name = "Prod renamed"
	_, err = m.Update(ctx, moved, SecretInput{})
	require.NoError(t, err)
	raw, err = keychain.Get(ctx, p.ID)
	require.NoError(t, err)
	assert.Contains(t, raw, newHost.Token)
}

// TestRefusedUpdateKeepsTheOldSecret: a host change whose save is refused
// (the name is taken) leaves the keychain as it was, so the profile, still
// on the old host, never sends the new host's token there.
func TestRefusedUpdateKeepsTheOldSecret(t *testing.T) {
	keychain := credentials.NewMemoryStore()
	m, _ := newTestManager(t, keychain, nil)
	ctx := context.Background()
	p, err := m.Create(ctx, Profile{Name: "Prod", Host: "a.cloud.databricks.com", AuthType: AuthPAT},
		SecretInput{Token: "dapi-old-host-token-000000000000"})
	require.NoError(t, err)
	_, err = m.Create(ctx, Profile{Name: "Dev", Host: "c.cloud.databricks.com", AuthType: AuthPAT},
		SecretInput{Token: "dapi-dev-token-00000000000000000"})
	require.NoError(t, err)

	moved := p
	moved.Host, moved.Name = "b.cloud.databricks.com", "Dev"
	_, err = m.Update(ctx, moved, SecretInput{Token: "dapi-new-host-token-000000000000"})
	require.ErrorIs(t, err, ErrDuplicateName)
	raw, err := keychain.Get(ctx, p.ID)
	require.NoError(t, err)
	assert.Contains(t, raw, "dapi-old-host-token")
	assert.NotContains(t, raw, "dapi-new-host-token")
}

func TestAuthChangeNeedsTheSecretAgain(t *testing.T) {
	keychain := credentials.NewMemoryStore()
	m, _ := newTestManager(t, keychain, nil)
	ctx := context.Background()
	p, err := m.Create(ctx, Profile{Name: "SP", Host: "a.cloud.databricks.com", AuthType: AuthOAuthM2M, ClientID: "sp"},
		SecretInput{ClientSecret: "dose-old-000000000000"})
	require.NoError(t, err)

	p.AuthType = AuthPAT
	_, err = m.Update(ctx, p, SecretInput{})
	assert.ErrorIs(t, err, ErrAuthChangedSecret)

	// To a method with no stored secret: the entry is deleted on save.
	p.AuthType = AuthDatabricksCLI
	p.Host = "b.cloud.databricks.com"
	_, err = m.Update(ctx, p, SecretInput{})
	require.NoError(t, err)
	assert.Empty(t, keychain.Keys())
}
