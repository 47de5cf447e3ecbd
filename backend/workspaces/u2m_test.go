package workspaces

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/workspaces/workspacestest"
	"github.com/databricks/databricks-sdk-go/service/iam"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOAuthU2MLoginStoresTokensInKeychain(t *testing.T) {
	srv := workspacestest.New(t)
	keychain := credentials.NewMemoryStore()
	opts := fastOptions
	opts.Browser = workspacestest.Browser(t)
	isolate(t)
	m, err := NewManager(Deps{Paths: DefaultPaths(), Secrets: keychain, Now: fixedClock, LookupEnv: env(nil), Client: opts})
	require.NoError(t, err)
	ctx := context.Background()

	p, err := m.Create(ctx, Profile{Name: "SSO", Host: srv.URL, AuthType: AuthOAuthU2M}, SecretInput{})
	require.NoError(t, err)
	_, err = m.TestConnection(ctx, p.ID)
	require.ErrorIs(t, err, ErrLoginRequired, "no token before login")
	assert.False(t, IsOffline(err))

	loginCtx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	require.NoError(t, m.Login(loginCtx, p.ID))

	raw, err := keychain.Get(ctx, p.ID)
	require.NoError(t, err)
	var s Secrets
	require.NoError(t, json.Unmarshal([]byte(raw), &s))
	require.NotNil(t, s.OAuth)
	assert.NotEmpty(t, s.OAuth.RefreshToken)

	res, err := m.TestConnection(ctx, p.ID)
	require.NoError(t, err)
	assert.Equal(t, "analyst@example.com", res.User.UserName)
	w, err := m.Client(ctx, p.ID)
	require.NoError(t, err)
	_, err = w.CurrentUser.Me(ctx, iam.MeRequest{})
	require.NoError(t, err)

	st, err := m.SecretStatus(ctx, p.ID)
	require.NoError(t, err)
	assert.True(t, st.LoggedIn)

	require.NoError(t, m.Logout(ctx, p.ID))
	_, err = m.TestConnection(ctx, p.ID)
	assert.ErrorIs(t, err, ErrLoginRequired)
	assert.Empty(t, keychain.Keys(), "logout removes the entry")
}

func TestLoginRejectsOtherAuthTypes(t *testing.T) {
	f := NewClientFactory(credentials.NewMemoryStore(), fastOptions)
	err := f.Login(context.Background(), Profile{ID: "x", Host: "https://x.cloud.databricks.com", AuthType: AuthPAT})
	assert.ErrorIs(t, err, ErrUnknownAuthType)
}
