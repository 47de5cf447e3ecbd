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
	srv, keychain, m := newU2MManager(t)
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

func TestOAuthU2MRefreshesAnExpiredTokenThroughTheKeychain(t *testing.T) {
	srv, keychain, m := newU2MManager(t)
	ctx := context.Background()
	p, err := m.Create(ctx, Profile{Name: "SSO", Host: srv.URL, AuthType: AuthOAuthU2M}, SecretInput{})
	require.NoError(t, err)
	loginCtx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	require.NoError(t, m.Login(loginCtx, p.ID))

	stored := func() *Secrets {
		raw, err := keychain.Get(ctx, p.ID)
		require.NoError(t, err)
		var s Secrets
		require.NoError(t, json.Unmarshal([]byte(raw), &s))
		require.NotNil(t, s.OAuth)
		return &s
	}
	// The cached access token has expired (and the server never issued this
	// one, so using it would be a 401): only its refresh token is good.
	s := stored()
	oldRefresh := s.OAuth.RefreshToken
	s.OAuth.AccessToken = "oauth-access-expired"
	s.OAuth.Expiry = time.Now().Add(-time.Hour)
	raw, err := json.Marshal(s)
	require.NoError(t, err)
	require.NoError(t, keychain.Set(ctx, p.ID, string(raw)))
	tokenCalls := srv.Hits(workspacestest.PathToken)

	res, err := m.TestConnection(ctx, p.ID)
	require.NoError(t, err, "the expired token is refreshed, no new browser sign-in")
	assert.Equal(t, "analyst@example.com", res.User.UserName)
	assert.Equal(t, tokenCalls+1, srv.Hits(workspacestest.PathToken), "one refresh_token grant")
	assert.NotContains(t, srv.AuthHeaders(), "Bearer oauth-access-expired")

	refreshed := stored().OAuth
	assert.NotEqual(t, "oauth-access-expired", refreshed.AccessToken, "the refreshed token is stored in the keychain")
	assert.NotEqual(t, oldRefresh, refreshed.RefreshToken, "the rotated refresh token is stored too")
	assert.True(t, refreshed.Expiry.After(time.Now()))
	assert.Contains(t, srv.AuthHeaders(), "Bearer "+refreshed.AccessToken)

	// A refresh token the server no longer accepts means: sign in again.
	s = stored()
	s.OAuth.RefreshToken, s.OAuth.Expiry = "revoked", time.Now().Add(-time.Hour)
	raw, err = json.Marshal(s)
	require.NoError(t, err)
	require.NoError(t, keychain.Set(ctx, p.ID, string(raw)))
	_, err = m.TestConnection(ctx, p.ID)
	assert.ErrorIs(t, err, ErrLoginRequired)
}

// newU2MManager is a Manager whose browser sign-in completes against a
// test workspace, with an in-memory keychain the test can inspect.
func newU2MManager(t *testing.T) (*workspacestest.Server, *credentials.MemoryStore, *Manager) {
	t.Helper()
	srv := workspacestest.New(t)
	keychain := credentials.NewMemoryStore()
	opts := fastOptions
	opts.Browser = workspacestest.Browser(t)
	isolate(t)
	m, err := NewManager(Deps{Paths: DefaultPaths(), Secrets: keychain, Now: fixedClock, LookupEnv: env(nil), Client: opts})
	require.NoError(t, err)
	return srv, keychain, m
}

func TestOAuthU2MTokenOfAnotherHostIsNotSent(t *testing.T) {
	for name, key := range map[string]string{
		"issued for another host":      "https://other.cloud.databricks.com",
		"stored before keys were kept": "",
	} {
		t.Run(name, func(t *testing.T) {
			srv, keychain, m := newU2MManager(t)
			ctx := context.Background()
			p, err := m.Create(ctx, Profile{Name: "SSO", Host: srv.URL, AuthType: AuthOAuthU2M}, SecretInput{})
			require.NoError(t, err)
			loginCtx, cancel := context.WithTimeout(ctx, 20*time.Second)
			defer cancel()
			require.NoError(t, m.Login(loginCtx, p.ID))

			raw, err := keychain.Get(ctx, p.ID)
			require.NoError(t, err)
			var s Secrets
			require.NoError(t, json.Unmarshal([]byte(raw), &s))
			require.NotEmpty(t, s.OAuthKey, "the login stores the host's cache key with the token")
			s.OAuthKey = key
			s.OAuth.AccessToken = "token-of-another-host"
			s.OAuth.Expiry = time.Now().Add(time.Hour)
			b, err := json.Marshal(s)
			require.NoError(t, err)
			require.NoError(t, keychain.Set(ctx, p.ID, string(b)))
			m.factory.Invalidate(p.ID)

			_, err = m.TestConnection(ctx, p.ID)
			assert.ErrorIs(t, err, ErrLoginRequired)
			assert.NotContains(t, srv.AuthHeaders(), "Bearer token-of-another-host")
		})
	}
}
