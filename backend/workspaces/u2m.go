package workspaces

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/databricks/databricks-sdk-go/config/experimental/auth"
	"github.com/databricks/databricks-sdk-go/credentials/u2m"
	u2mcache "github.com/databricks/databricks-sdk-go/credentials/u2m/cache"
	"golang.org/x/oauth2"
)

// ErrLoginRequired reports that an OAuth (browser) workspace has no valid
// login: the user must sign in again.
var ErrLoginRequired = errors.New("sign-in required: log in to this workspace in the browser")

// keychainTokenCache is the SDK's U2M token cache over the workspace's
// keychain entry (one per workspace id). The SDK's cache key names the host:
// it is stored with the token, and a token stored for another key (the
// workspace's host has changed since, or an entry from before keys were
// kept) is not found, so it is never sent to a host it was not issued by.
type keychainTokenCache struct {
	ctx   context.Context
	vault secretVault
	id    string
	mu    *sync.Mutex
}

func (c keychainTokenCache) Store(key string, t *oauth2.Token) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	s, err := c.vault.load(c.ctx, c.id)
	if err != nil {
		return err
	}
	s.OAuth, s.OAuthKey = t, key
	return c.vault.save(c.ctx, c.id, s.merge(AuthOAuthU2M, SecretInput{}))
}

func (c keychainTokenCache) Lookup(key string) (*oauth2.Token, error) {
	s, err := c.vault.load(c.ctx, c.id)
	if err != nil {
		return nil, err
	}
	if s.OAuth == nil || s.OAuthKey != key {
		return nil, u2mcache.ErrNotFound
	}
	return s.OAuth, nil
}

func (f *ClientFactory) tokenCache(ctx context.Context, id string) keychainTokenCache {
	mu, _ := f.u2mLocks.LoadOrStore(id, &sync.Mutex{})
	return keychainTokenCache{ctx: context.WithoutCancel(ctx), vault: f.vault, id: id, mu: mu.(*sync.Mutex)}
}

func (f *ClientFactory) persistentAuth(ctx context.Context, p Profile) (*u2m.PersistentAuth, error) {
	arg, err := u2m.NewBasicWorkspaceOAuthArgument(p.Host)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadHost, err)
	}
	opts := []u2m.PersistentAuthOption{
		u2m.WithOAuthArgument(arg),
		u2m.WithTokenCache(f.tokenCache(ctx, p.ID)),
	}
	if f.opts.Browser != nil {
		opts = append(opts, u2m.WithBrowser(f.opts.Browser))
	}
	return u2m.NewPersistentAuth(ctx, opts...)
}

// u2mTokenSource returns the access token from the keychain, refreshing it
// with the refresh token when needed. No browser is ever opened here.
func (f *ClientFactory) u2mTokenSource(p Profile) auth.TokenSource {
	return auth.TokenSourceFn(func(ctx context.Context) (*oauth2.Token, error) {
		pa, err := f.persistentAuth(ctx, p)
		if err != nil {
			return nil, err
		}
		defer pa.Close()
		t, err := pa.Token()
		if err != nil {
			if errors.Is(err, u2mcache.ErrNotFound) {
				return nil, ErrLoginRequired
			}
			if refreshRejected(err) {
				return nil, fmt.Errorf("%w: %w", ErrLoginRequired, err)
			}
			return nil, err
		}
		return t, nil
	})
}

// refreshRejected reports that the stored refresh token cannot be used: the
// SDK types only Databricks' own "Refresh token is invalid" answer; any
// invalid_grant on a refresh (RFC 6749 §5.2: expired or revoked) means the
// same, as does a cached token without a refresh token.
func refreshRejected(err error) bool {
	var inv *u2m.InvalidRefreshTokenError
	return errors.As(err, &inv) || errors.Is(err, u2m.ErrMissingRefreshToken) ||
		strings.Contains(err.Error(), "(error code: invalid_grant)")
}

// Login runs the OAuth U2M browser flow (authorization code with PKCE) for
// p and stores the tokens in the keychain. It returns when the user has
// finished in the browser or ctx ends.
func (f *ClientFactory) Login(ctx context.Context, p Profile) error {
	if p.AuthType != AuthOAuthU2M {
		return fmt.Errorf("%w: browser login is only for %s workspaces", ErrUnknownAuthType, AuthOAuthU2M)
	}
	pa, err := f.persistentAuth(ctx, p)
	if err != nil {
		return err
	}
	defer pa.Close()
	if err := pa.Challenge(); err != nil {
		return fmt.Errorf("browser login to %s: %w", p.Host, err)
	}
	f.Invalidate(p.ID)
	return nil
}

// Logout forgets the OAuth tokens of p.
func (f *ClientFactory) Logout(ctx context.Context, p Profile) error {
	f.Invalidate(p.ID)
	return f.tokenCache(ctx, p.ID).Store("", nil)
}
