package workspaces

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"golang.org/x/oauth2"
)

// Secrets is everything secret about one workspace. It is stored as one
// keychain entry (service "clusterdeck", user = workspace id) and never
// leaves the backend.
type Secrets struct {
	Token        string        `json:"token,omitempty"`         // pat
	ClientSecret string        `json:"client_secret,omitempty"` // oauth-m2m
	OAuth        *oauth2.Token `json:"oauth,omitempty"`         // oauth-u2m token cache
	// OAuthKey is the SDK's cache key (it names the host) the token was
	// issued for: a token is never handed to another host.
	OAuthKey string `json:"oauth_key,omitempty"`
}

func (s Secrets) empty() bool { return s.Token == "" && s.ClientSecret == "" && s.OAuth == nil }

// SecretInput carries new secrets from the page. Empty fields mean "keep".
type SecretInput struct {
	Token        string `json:"token,omitempty"`
	ClientSecret string `json:"clientSecret,omitempty"`
}

// SecretStatus is what the page may know about a workspace's secrets.
type SecretStatus struct {
	Stored             bool   `json:"stored"`
	TokenMasked        string `json:"tokenMasked,omitempty"`
	ClientSecretMasked string `json:"clientSecretMasked,omitempty"`
	LoggedIn           bool   `json:"loggedIn"` // oauth-u2m: a token is cached
	KeychainError      string `json:"keychainError,omitempty"`
	KeychainHint       string `json:"keychainHint,omitempty"`
}

// ErrMissingSecret reports that the workspace needs a secret the keychain
// does not hold (never entered, or removed outside Clusterdeck).
var ErrMissingSecret = errors.New("no credentials stored for this workspace; enter them again")

// secretVault reads and writes Secrets bundles.
type secretVault struct{ store credentials.SecretStore }

func (v secretVault) load(ctx context.Context, id string) (Secrets, error) {
	raw, err := v.store.Get(ctx, id)
	if errors.Is(err, credentials.ErrNotFound) {
		return Secrets{}, nil
	}
	if err != nil {
		return Secrets{}, fmt.Errorf("read workspace credentials: %w", err)
	}
	var s Secrets
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		// Do not wrap the JSON error: its text can quote the content.
		return Secrets{}, errors.New("the keychain entry for this workspace is damaged; enter the credentials again")
	}
	return s, nil
}

func (v secretVault) save(ctx context.Context, id string, s Secrets) error {
	if s.empty() {
		return v.remove(ctx, id)
	}
	raw, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("encode workspace credentials: %w", err)
	}
	if err := v.store.Set(ctx, id, string(raw)); err != nil {
		return fmt.Errorf("save workspace credentials: %w", err)
	}
	return nil
}

func (v secretVault) remove(ctx context.Context, id string) error {
	err := v.store.Delete(ctx, id)
	if err != nil && !errors.Is(err, credentials.ErrNotFound) {
		return fmt.Errorf("remove workspace credentials: %w", err)
	}
	return nil
}

// merge applies in to s for the given auth type, dropping secrets that the
// auth type does not use.
func (s Secrets) merge(auth AuthType, in SecretInput) Secrets {
	if in.Token != "" {
		s.Token = in.Token
	}
	if in.ClientSecret != "" {
		s.ClientSecret = in.ClientSecret
	}
	if auth != AuthPAT {
		s.Token = ""
	}
	if auth != AuthOAuthM2M {
		s.ClientSecret = ""
	}
	if auth != AuthOAuthU2M {
		s.OAuth, s.OAuthKey = nil, ""
	}
	return s
}

func (s Secrets) status() SecretStatus {
	return SecretStatus{
		Stored:             !s.empty(),
		TokenMasked:        credentials.Mask(s.Token),
		ClientSecretMasked: credentials.Mask(s.ClientSecret),
		LoggedIn:           s.OAuth != nil,
	}
}
