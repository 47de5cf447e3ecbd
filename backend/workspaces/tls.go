package workspaces

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"golang.org/x/net/http/httpproxy"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
)

// MaxCAFile bounds a CA certificate file (a corporate bundle is a few
// hundred KiB at most).
const MaxCAFile = 1 << 20

// ErrBadCAFile: the workspace's CA certificate file cannot be used.
var ErrBadCAFile = errors.New("the CA certificate file cannot be used")

// LoadCAFile is the system's trusted certificates plus those of the PEM file
// at path: what a workspace behind a TLS-inspecting corporate proxy (its
// own certificate authority) needs. The file is read bounded: a regular
// file of at most MaxCAFile.
func LoadCAFile(path string) (*x509.CertPool, error) {
	data, err := boundedfile.ReadFile(path, MaxCAFile, "CA certificate file")
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadCAFile, err)
	}
	pool, err := x509.SystemCertPool()
	if err != nil || pool == nil {
		pool = x509.NewCertPool()
	}
	if !pool.AppendCertsFromPEM(data) {
		return nil, fmt.Errorf("%w: %s holds no PEM certificate (-----BEGIN CERTIFICATE-----)", ErrBadCAFile, path)
	}
	return pool, nil
}

// transportFor is the transport of p's client: the shared one, or, with a
// CA file, one of its own that also trusts that file's certificates.
func (f *ClientFactory) transportFor(p Profile) (*observed, error) {
	base := f.transport
	if p.CAFile != "" {
		pool, err := LoadCAFile(p.CAFile)
		if err != nil {
			return nil, err
		}
		t := newTransport(f.opts.Proxy)
		t.TLSClientConfig = &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
		base = t
	}
	return &observed{base: base, id: p.ID, observe: f.currentObserver}, nil
}

// ProxyFromEnv is the proxy choice of HTTPS_PROXY, HTTP_PROXY and NO_PROXY
// (or their lower-case forms) as lookup reads them, when the Manager is
// built; loopback hosts are never proxied, as Go's own choice.
func ProxyFromEnv(lookup LookupEnv) func(*http.Request) (*url.URL, error) {
	get := func(k string) string {
		if v, ok := lookup(k); ok && v != "" {
			return v
		}
		v, _ := lookup(strings.ToLower(k))
		return v
	}
	pick := (&httpproxy.Config{HTTPProxy: get("HTTP_PROXY"), HTTPSProxy: get("HTTPS_PROXY"), NoProxy: get("NO_PROXY")}).ProxyFunc()
	return func(r *http.Request) (*url.URL, error) { return pick(r.URL) }
}
