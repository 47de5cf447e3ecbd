package workspaces

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestManagerSecretsLiveInKeychainOnly(t *testing.T) {
	keychain := credentials.NewMemoryStore()
	m, _ := newTestManager(t, keychain, nil)
	ctx := context.Background()
	const token = "dapi0123456789abcdef0123456789ab"

	p, err := m.Create(ctx, Profile{Name: "Prod", Host: "adb-1.1.azuredatabricks.net", AuthType: AuthPAT, IsProduction: true}, SecretInput{Token: token})
	require.NoError(t, err)
	raw, err := keychain.Get(ctx, p.ID)
	require.NoError(t, err)
	assert.Contains(t, raw, token)
	data, err := os.ReadFile(DefaultPaths().ProfilesFile())
	require.NoError(t, err)
	assert.NotContains(t, string(data), token)

	st, err := m.SecretStatus(ctx, p.ID)
	require.NoError(t, err)
	assert.Equal(t, SecretStatus{Stored: true, TokenMasked: "dapi…89ab"}, st)

	// Switching to M2M replaces the token by a client secret.
	p.AuthType, p.ClientID = AuthOAuthM2M, "sp-1"
	_, err = m.Update(ctx, p, SecretInput{})
	assert.ErrorIs(t, err, ErrMissingSecret, "m2m needs a secret")
	_, err = m.Update(ctx, p, SecretInput{ClientSecret: "dose0123456789abcdef"})
	require.NoError(t, err)
	raw, err = keychain.Get(ctx, p.ID)
	require.NoError(t, err)
	var s Secrets
	require.NoError(t, json.Unmarshal([]byte(raw), &s))
	assert.Equal(t, Secrets{ClientSecret: "dose0123456789abcdef"}, s)

	// Switching to the CLI removes the keychain entry.
	p.AuthType = AuthDatabricksCLI
	_, err = m.Update(ctx, p, SecretInput{})
	require.NoError(t, err)
	assert.Empty(t, keychain.Keys())

	require.NoError(t, m.Delete(ctx, p.ID))
	assert.Empty(t, m.List())
}

func TestManagerCreateRequiresSecret(t *testing.T) {
	m, _ := newTestManager(t, credentials.NewMemoryStore(), nil)
	_, err := m.Create(context.Background(), Profile{Name: "A", Host: "a.cloud.databricks.com", AuthType: AuthPAT}, SecretInput{})
	assert.ErrorIs(t, err, ErrMissingSecret)
	assert.Empty(t, m.List())
}

func TestManagerWithKeychainUnavailable(t *testing.T) {
	keychain := credentials.NewMemoryStore()
	m, _ := newTestManager(t, keychain, nil)
	ctx := context.Background()
	keep, err := m.Create(ctx, Profile{Name: "Kept", Host: "k.cloud.databricks.com", AuthType: AuthPAT}, SecretInput{Token: "dapi-kept-000000000000"})
	require.NoError(t, err)

	keychain.Err = &credentials.UnavailableError{Op: "write", Cause: errors.New("The name org.freedesktop.secrets was not provided"), Hint: "start a keyring"}
	require.NoError(t, m.CheckKeychain(ctx), "not known until the keychain is needed")
	require.ErrorIs(t, m.ProbeKeychain(ctx), credentials.ErrUnavailable)
	require.ErrorIs(t, m.CheckKeychain(ctx), credentials.ErrUnavailable, "the state found on use")

	_, err = m.Create(ctx, Profile{Name: "PAT", Host: "a.cloud.databricks.com", AuthType: AuthPAT}, SecretInput{Token: "dapi-x-00000000000000"})
	require.ErrorIs(t, err, credentials.ErrUnavailable, "no silent plaintext fallback")
	assert.NotEmpty(t, HintOf(err))
	assert.Len(t, m.List(), 1, "nothing saved")

	// Auth types without a stored secret keep working.
	cli, err := m.Create(ctx, Profile{Name: "CLI", Host: "b.cloud.databricks.com", AuthType: AuthDatabricksCLI}, SecretInput{})
	require.NoError(t, err)
	az, err := m.Create(ctx, Profile{Name: "AZ", Host: "adb-2.2.azuredatabricks.net", AuthType: AuthAzureCLI}, SecretInput{})
	require.NoError(t, err)
	cli.Label = "DEV"
	_, err = m.Update(ctx, cli, SecretInput{})
	require.NoError(t, err)
	_, err = m.Client(ctx, az.ID)
	require.NoError(t, err, "building the client needs no keychain")

	st, err := m.SecretStatus(ctx, keep.ID)
	require.NoError(t, err)
	assert.False(t, st.Stored)
	assert.Contains(t, st.KeychainError, "keychain unavailable")
	assert.NotEmpty(t, st.KeychainHint)

	err = m.Delete(ctx, keep.ID)
	assert.ErrorIs(t, err, ErrSecretLeftBehind)
	assert.ErrorIs(t, err, credentials.ErrUnavailable)
	_, err = m.Get(keep.ID)
	assert.ErrorIs(t, err, ErrNotFound)
}

func TestManagerDemo(t *testing.T) {
	m, _ := newTestManager(t, credentials.NewMemoryStore(), nil)
	ctx := context.Background()
	assert.Empty(t, m.List(), "no demo until its server runs")

	m.SetDemo(Demo{URL: "http://127.0.0.1:40001", Token: "demo-token"})
	list := m.List()
	require.Len(t, list, 1)
	assert.Equal(t, DemoID, list[0].ID)
	assert.True(t, list[0].IsDemo)
	assert.Equal(t, "http://127.0.0.1:40001", list[0].Host)

	assert.ErrorIs(t, m.Delete(ctx, DemoID), ErrDemoReadOnly)
	_, err := m.Update(ctx, list[0], SecretInput{})
	assert.ErrorIs(t, err, ErrDemoReadOnly)
	st, err := m.SecretStatus(ctx, DemoID)
	require.NoError(t, err)
	assert.Equal(t, SecretStatus{}, st)

	w, err := m.Client(ctx, DemoID)
	require.NoError(t, err)
	assert.Equal(t, "demo-token", w.Config.Token)
	m.ResetDemo()
	w2, err := m.Client(ctx, DemoID)
	require.NoError(t, err)
	assert.NotSame(t, w, w2)

	data, err := os.ReadFile(DefaultPaths().ProfilesFile())
	if err == nil {
		assert.NotContains(t, string(data), "demo-token")
	}
}
