package workspaces

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/databricks/databricks-sdk-go/common/environment"
	"github.com/databricks/databricks-sdk-go/config"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// ClientOptions are the deliberate SDK settings. Zero values get defaults.
type ClientOptions struct {
	// RateLimitPerSecond caps requests per workspace (SDK default 15).
	RateLimitPerSecond int
	// HTTPTimeout bounds one HTTP request (SDK default 60 s).
	HTTPTimeout time.Duration
	// RetryTimeout bounds the SDK's own retries of one call (SDK default
	// 5 min, which also applies to a refused connection).
	RetryTimeout time.Duration
	// ProbeTimeout bounds interactive checks such as TestConnection.
	ProbeTimeout time.Duration
	// Browser opens the OAuth login page (default: the system browser).
	Browser func(url string) error
	// Proxy picks the proxy of a request (default: HTTPS_PROXY, HTTP_PROXY
	// and NO_PROXY of the process; the Manager reads its own environment).
	Proxy func(*http.Request) (*url.URL, error)
}

// Defaults for ClientOptions.
const (
	DefaultRateLimitPerSecond = 10
	DefaultHTTPTimeout        = TimeoutInactivity
	DefaultRetryTimeout       = TimeoutRetry
	DefaultProbeTimeout       = TimeoutProbe
)

func (o ClientOptions) withDefaults() ClientOptions {
	if o.RateLimitPerSecond <= 0 {
		o.RateLimitPerSecond = DefaultRateLimitPerSecond
	}
	if o.HTTPTimeout <= 0 {
		o.HTTPTimeout = DefaultHTTPTimeout
	}
	if o.RetryTimeout <= 0 {
		o.RetryTimeout = DefaultRetryTimeout
	}
	if o.ProbeTimeout <= 0 {
		o.ProbeTimeout = DefaultProbeTimeout
	}
	if o.Proxy == nil {
		o.Proxy = http.ProxyFromEnvironment
	}
	return o
}

// ClientFactory builds one SDK client per workspace, lazily, and caches it
// until the profile changes or Invalidate is called.
type ClientFactory struct {
	vault     secretVault
	opts      ClientOptions
	transport *http.Transport // shared by every client without a CA file: one connection pool

	mu       sync.Mutex
	demo     Demo
	observer Observer
	clients  map[string]cachedClient
	// u2mLocks serialises OAuth token cache writes per workspace.
	u2mLocks sync.Map
}

type cachedClient struct {
	key    string // what the client was built from (no secrets)
	client *workspaceapi.Client
}

// NewClientFactory returns a factory reading secrets from store.
func NewClientFactory(store credentials.SecretStore, opts ClientOptions) *ClientFactory {
	opts = opts.withDefaults()
	return &ClientFactory{
		vault:     secretVault{store: store},
		opts:      opts,
		transport: newTransport(opts.Proxy),
		clients:   map[string]cachedClient{},
	}
}

// SetObserver makes fn hear how every exchange of every client went,
// clients built before included.
func (f *ClientFactory) SetObserver(fn Observer) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.observer = fn
}

func (f *ClientFactory) currentObserver() Observer {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.observer
}

// Options returns the effective options.
func (f *ClientFactory) Options() ClientOptions { return f.opts }

// SetDemo tells the factory where the demo workspace server runs.
func (f *ClientFactory) SetDemo(d Demo) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.demo = d
	delete(f.clients, DemoID)
}

// Client returns the cached client for p, building it on first use.
// Building reads the keychain but makes no network call.
func (f *ClientFactory) Client(ctx context.Context, p Profile) (*workspaceapi.Client, error) {
	key := clientKey(p)
	f.mu.Lock()
	if c, ok := f.clients[p.ID]; ok && c.key == key {
		f.mu.Unlock()
		return c.client, nil
	}
	f.mu.Unlock()

	w, err := f.newClient(ctx, p, f.opts.HTTPTimeout, f.opts.RetryTimeout, SecretInput{})
	if err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if c, ok := f.clients[p.ID]; ok && c.key == key { // another goroutine won
		return c.client, nil
	}
	f.clients[p.ID] = cachedClient{key: key, client: w}
	return w, nil
}

// Invalidate drops the cached client of a workspace (after its profile or
// secrets change, or it is deleted).
func (f *ClientFactory) Invalidate(id string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.clients, id)
}

func clientKey(p Profile) string {
	return fmt.Sprint(p.Host, "|", p.AuthType, "|", p.ClientID, "|", p.AzureTenant, "|", p.CAFile, "|", p.UpdatedAt.UnixNano())
}

func (f *ClientFactory) newClient(ctx context.Context, p Profile, httpTimeout, retryTimeout time.Duration, in SecretInput) (*workspaceapi.Client, error) {
	cfg, err := f.config(ctx, p, httpTimeout, retryTimeout, in)
	if err != nil {
		return nil, err
	}
	w, err := workspaceapi.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("configure client for %q: %w", p.Name, err)
	}
	return w, nil
}

// noLoader replaces the SDK's default loaders. The SDK's ConfigAttributes
// loader reads DATABRICKS_* environment variables and ConfigFile reads
// ~/.databrickscfg; neither may silently change a Clusterdeck profile.
type noLoader struct{}

func (noLoader) Name() string                   { return "clusterdeck-profile" }
func (noLoader) Configure(*config.Config) error { return nil }

// skipHostMetadata stops the SDK from fetching /.well-known/databricks-config
// while resolving the config (with its own 5-minute retry budget). A
// workspace profile has an explicit host, so nothing is lost.
func skipHostMetadata(context.Context, string) (*config.HostMetadata, error) { return nil, nil }

// Config builds the SDK config for p with secrets from the keychain. Only
// the profile is used: no environment variable, no ~/.databrickscfg.
func (f *ClientFactory) Config(ctx context.Context, p Profile, httpTimeout, retryTimeout time.Duration) (*config.Config, error) {
	return f.config(ctx, p, httpTimeout, retryTimeout, SecretInput{})
}

// secretsFor returns p's secrets: those in `in` when given (a form not yet
// saved), else the keychain's.
func (f *ClientFactory) secretsFor(ctx context.Context, p Profile, in SecretInput) (Secrets, error) {
	if (p.AuthType == AuthPAT && in.Token != "") || (p.AuthType == AuthOAuthM2M && in.ClientSecret != "") {
		return Secrets{}.merge(p.AuthType, in), nil
	}
	return f.vault.load(ctx, p.ID)
}

func (f *ClientFactory) config(ctx context.Context, p Profile, httpTimeout, retryTimeout time.Duration, in SecretInput) (*config.Config, error) {
	cfg := &config.Config{
		Host:                 p.Host,
		AuthType:             string(p.AuthType),
		Loaders:              []config.Loader{noLoader{}},
		HostMetadataResolver: skipHostMetadata,
		RateLimitPerSecond:   f.opts.RateLimitPerSecond,
		HTTPTimeoutSeconds:   seconds(httpTimeout),
		RetryTimeoutSeconds:  seconds(retryTimeout),
		Cloud:                sdkCloud(p.Cloud),
	}
	tr, err := f.transportFor(p)
	if err != nil {
		return nil, err
	}
	cfg.HTTPTransport = tr
	if p.ID == DemoID {
		f.mu.Lock()
		demo := f.demo
		f.mu.Unlock()
		if demo.URL == "" {
			return nil, fmt.Errorf("%w: the demo workspace is not running", ErrUnreachable)
		}
		cfg.Host, cfg.Token = DemoProfile(demo.URL).Host, demo.Token
		return cfg, nil
	}
	switch p.AuthType {
	case AuthPAT:
		s, err := f.secretsFor(ctx, p, in)
		if err != nil {
			return nil, err
		}
		if s.Token == "" {
			return nil, ErrMissingSecret
		}
		cfg.Token = s.Token
	case AuthOAuthM2M:
		s, err := f.secretsFor(ctx, p, in)
		if err != nil {
			return nil, err
		}
		if s.ClientSecret == "" {
			return nil, ErrMissingSecret
		}
		cfg.ClientID, cfg.ClientSecret = p.ClientID, s.ClientSecret
	case AuthOAuthU2M:
		cfg.AuthType = ""
		cfg.Credentials = config.NewTokenSourceStrategy(string(AuthOAuthU2M), f.u2mTokenSource(p))
	case AuthDatabricksCLI:
	case AuthAzureCLI:
		// The host was checked to be Azure at save; a loopback stand-in
		// (proxy, test server) must be treated as Azure too, or the SDK
		// skips azure-cli with "not configured".
		cfg.Cloud = environment.CloudAzure
		cfg.AzureTenantID = p.AzureTenant
	default:
		return nil, fmt.Errorf("%w: %q", ErrUnknownAuthType, p.AuthType)
	}
	return cfg, nil
}

func seconds(d time.Duration) int {
	s := int(d / time.Second)
	if s < 1 {
		s = 1
	}
	return s
}

func sdkCloud(c Cloud) environment.Cloud {
	switch c {
	case CloudAWS:
		return environment.CloudAWS
	case CloudAzure:
		return environment.CloudAzure
	case CloudGCP:
		return environment.CloudGCP
	}
	return environment.CloudUnknown
}
