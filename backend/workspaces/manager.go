package workspaces

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// Deps are everything the Manager needs from outside; nothing is global.
type Deps struct {
	Paths     Paths
	Secrets   credentials.SecretStore
	Now       func() time.Time // default time.Now
	LookupEnv LookupEnv        // default os.LookupEnv
	Home      string           // default os.UserHomeDir
	// DatabricksCfg overrides the .databrickscfg location (default:
	// DATABRICKS_CONFIG_FILE or Home/.databrickscfg).
	DatabricksCfg string
	Client        ClientOptions
}

// Manager is the workspace API the app facade calls: profiles, their
// secrets, the demo, .databrickscfg import, clients and connection tests.
type Manager struct {
	store    *Store
	vault    secretVault
	keychain *observedStore // the same store the vault and factory use
	factory  *ClientFactory
	now      func() time.Time
	lookup   LookupEnv
	cfgPath  string

	mu      sync.RWMutex
	demoURL string // "" while the demo is not running
}

// ErrSecretLeftBehind reports that a deleted workspace's keychain entry
// could not be removed (the keychain was unavailable).
var ErrSecretLeftBehind = errors.New("the workspace was removed but its keychain entry could not be deleted")

// NewManager opens the profiles file. If the file exists but cannot be
// loaded, the Manager is still returned (read-only, demo usable) together
// with the error for the UI to show.
func NewManager(d Deps) (*Manager, error) {
	if d.Secrets == nil {
		return nil, errors.New("workspaces: Deps.Secrets is required")
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.LookupEnv == nil {
		d.LookupEnv = os.LookupEnv
	}
	if d.Home == "" {
		d.Home, _ = os.UserHomeDir()
	}
	if d.DatabricksCfg == "" {
		d.DatabricksCfg = DatabricksCfgPath(d.LookupEnv, d.Home)
	}
	if d.Client.Proxy == nil {
		d.Client.Proxy = ProxyFromEnv(d.LookupEnv)
	}
	store, err := OpenStore(d.Paths.ProfilesFile(), d.Now)
	keychain := &observedStore{SecretStore: d.Secrets}
	m := &Manager{
		store:    store,
		vault:    secretVault{store: keychain},
		keychain: keychain,
		factory:  NewClientFactory(keychain, d.Client),
		now:      d.Now,
		lookup:   d.LookupEnv,
		cfgPath:  d.DatabricksCfg,
	}
	return m, err
}

// Factory exposes the client factory (for the catalog and cluster services).
func (m *Manager) Factory() *ClientFactory { return m.factory }

// SetObserver makes fn hear how every call to every workspace went.
func (m *Manager) SetObserver(fn Observer) { m.factory.SetObserver(fn) }

// SetDemo registers the running demo server; the demo then appears first
// in List.
func (m *Manager) SetDemo(d Demo) {
	m.factory.SetDemo(d)
	m.mu.Lock()
	defer m.mu.Unlock()
	m.demoURL = d.URL
}

func (m *Manager) demo() (string, bool) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.demoURL, m.demoURL != ""
}

// ResetDemo drops the demo's cached client. The caller resets the demo
// server itself (backend/demo) and the demo's catalog cache.
func (m *Manager) ResetDemo() { m.factory.Invalidate(DemoID) }

// List returns the demo (when running) followed by the saved workspaces.
func (m *Manager) List() []Profile {
	out := m.store.List()
	if url, ok := m.demo(); ok {
		out = append([]Profile{DemoProfile(url)}, out...)
	}
	return out
}

// Get returns one workspace (the demo included).
func (m *Manager) Get(id string) (Profile, error) {
	if url, ok := m.demo(); ok && id == DemoID {
		return DemoProfile(url), nil
	}
	return m.store.Get(id)
}

// Create saves a new workspace. Its secrets go to the keychain first; if
// that fails (e.g. credentials.ErrUnavailable) nothing is saved.
func (m *Manager) Create(ctx context.Context, p Profile, in SecretInput) (Profile, error) {
	p.ID = NewID()
	probe := p
	if err := probe.normalize(); err != nil {
		return Profile{}, err
	}
	// Checked on save, not in normalize: a file written before the check
	// must still load.
	if err := checkAzureCLIHost(probe.AuthType, probe.Cloud); err != nil {
		return Profile{}, err
	}
	s := Secrets{}.merge(probe.AuthType, in)
	if err := requireSecrets(probe.AuthType, s); err != nil {
		return Profile{}, err
	}
	if !s.empty() {
		if err := m.vault.save(ctx, p.ID, s); err != nil {
			return Profile{}, err
		}
	}
	saved, err := m.store.Add(p)
	if err != nil {
		if !s.empty() {
			_ = m.vault.remove(ctx, p.ID)
		}
		return Profile{}, err
	}
	return saved, nil
}

func requireSecrets(a AuthType, s Secrets) error {
	switch {
	case a == AuthPAT && s.Token == "":
		return fmt.Errorf("%w (personal access token)", ErrMissingSecret)
	case a == AuthOAuthM2M && s.ClientSecret == "":
		return fmt.Errorf("%w (client secret)", ErrMissingSecret)
	}
	return nil
}

// Update changes a workspace. Empty secret fields keep the stored ones;
// secrets the new auth type does not use are removed from the keychain.
func (m *Manager) Update(ctx context.Context, p Profile, in SecretInput) (Profile, error) {
	if p.ID == DemoID {
		return Profile{}, ErrDemoReadOnly
	}
	old, err := m.store.Get(p.ID)
	if err != nil {
		return Profile{}, err
	}
	probe := p
	if err := probe.normalize(); err != nil {
		return Profile{}, err
	}
	// Checked on save, not in normalize: a file written before the check
	// must still load.
	if err := checkAzureCLIHost(probe.AuthType, probe.Cloud); err != nil {
		return Profile{}, err
	}
	if err := reenterSecret(old, probe, in); err != nil {
		return Profile{}, err
	}
	// Refused before the keychain changes: the new host's secret must not
	// sit under a profile that still points at the old host.
	if m.store.nameUsedByOther(probe.Name, p.ID) {
		return Profile{}, fmt.Errorf("%w: %q", ErrDuplicateName, probe.Name)
	}
	carry := secretsCarryOver(old, probe)
	var restore func() error
	if (in != (SecretInput{}) || !carry) && (probe.AuthType.UsesKeychain() || old.AuthType.UsesKeychain()) {
		// A new host or sign-in method starts from nothing: the old entry
		// is replaced (or deleted when nothing is left), never merged.
		prev, err := m.vault.load(ctx, p.ID)
		if err != nil && carry {
			return Profile{}, err
		}
		cur := Secrets{}
		if carry {
			cur = prev
		}
		canRestore := err == nil // a damaged old entry is replaced, not put back
		next := cur.merge(probe.AuthType, in)
		if err := requireSecrets(probe.AuthType, next); err != nil {
			return Profile{}, err
		}
		if err := m.vault.save(ctx, p.ID, next); err != nil {
			return Profile{}, err
		}
		if canRestore {
			restore = func() error { return m.vault.save(ctx, p.ID, prev) }
		}
	}
	saved, err := m.store.Update(p)
	if err != nil {
		if restore != nil {
			// The profile kept its old host: so must its secret.
			err = errors.Join(err, restore())
		}
		return Profile{}, err
	}
	m.factory.Invalidate(p.ID)
	return saved, nil
}

// Delete removes a workspace and its keychain entry.
func (m *Manager) Delete(ctx context.Context, id string) error {
	if id == DemoID {
		return ErrDemoReadOnly
	}
	p, err := m.store.Get(id)
	if err != nil {
		return err
	}
	if err := m.store.Delete(id); err != nil {
		return err
	}
	m.factory.Invalidate(id)
	if !p.AuthType.UsesKeychain() {
		return nil
	}
	if err := m.vault.remove(ctx, id); err != nil {
		return errors.Join(ErrSecretLeftBehind, err)
	}
	return nil
}

// SecretStatus reports, masked, what the keychain holds for a workspace.
// A keychain failure is reported in the status, not as an error.
func (m *Manager) SecretStatus(ctx context.Context, id string) (SecretStatus, error) {
	p, err := m.Get(id)
	if err != nil {
		return SecretStatus{}, err
	}
	if p.IsDemo || !p.AuthType.UsesKeychain() {
		return SecretStatus{}, nil
	}
	s, err := m.vault.load(ctx, id)
	if err != nil {
		return SecretStatus{KeychainError: err.Error(), KeychainHint: credentials.HintOf(err)}, nil
	}
	return s.status(), nil
}

// Client returns the lazily built SDK client of a workspace.
func (m *Manager) Client(ctx context.Context, id string) (*workspaceapi.Client, error) {
	p, err := m.Get(id)
	if err != nil {
		return nil, err
	}
	return m.factory.Client(ctx, p)
}

// Reachable opens (and closes) a TCP connection to the workspace's host,
// within the probe timeout: an answer in milliseconds where the SDK would
// retry a refused connection for its whole retry budget.
func (m *Manager) Reachable(ctx context.Context, id string) error {
	p, err := m.Get(id)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, m.factory.opts.ProbeTimeout)
	defer cancel()
	return m.factory.dial(ctx, p.Host)
}

// TestConnection tests a saved workspace.
func (m *Manager) TestConnection(ctx context.Context, id string) (ConnectionResult, error) {
	p, err := m.Get(id)
	if err != nil {
		return ConnectionResult{}, err
	}
	return m.factory.TestConnection(ctx, p)
}

// TestDraft tests a workspace form before it is saved.
func (m *Manager) TestDraft(ctx context.Context, p Profile, in SecretInput) (ConnectionResult, error) {
	if p.ID != "" && p.ID != DemoID {
		// Editing: the saved secrets may only be tried against the host
		// and sign-in method they were saved for.
		old, err := m.store.Get(p.ID)
		if err != nil {
			return ConnectionResult{}, err
		}
		probe := p
		if host, err := NormalizeHost(probe.Host); err == nil {
			probe.Host = host
		}
		if err := reenterSecret(old, probe, in); err != nil {
			return ConnectionResult{}, err
		}
		if !secretsCarryOver(old, probe) {
			p.ID = "" // e.g. OAuth tokens of the old host
		}
	}
	if p.ID == "" {
		p.ID = "draft"
	}
	return m.factory.TestConnectionWith(ctx, p, in)
}

// Login runs the browser sign-in of an oauth-u2m workspace.
func (m *Manager) Login(ctx context.Context, id string) error {
	p, err := m.Get(id)
	if err != nil {
		return err
	}
	return m.factory.Login(ctx, p)
}

// Logout forgets the OAuth tokens of an oauth-u2m workspace.
func (m *Manager) Logout(ctx context.Context, id string) error {
	p, err := m.Get(id)
	if err != nil {
		return err
	}
	return m.factory.Logout(ctx, p)
}
