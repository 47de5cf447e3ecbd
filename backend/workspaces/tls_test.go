package workspaces

import (
	"context"
	"encoding/pem"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/workspaces/workspacestest"
)

// Issue 35 item 8: a workspace reached through a TLS-terminating proxy with
// its own certificate authority (as corporate networks do) works once its
// CA file is set on the workspace, and fails as a TLS problem without.
func TestAWorkspaceBehindAProxyWithItsOwnCA(t *testing.T) {
	ws := workspacestest.New(t)
	target, err := url.Parse(ws.URL)
	require.NoError(t, err)
	proxy := httptest.NewTLSServer(httputil.NewSingleHostReverseProxy(target))
	t.Cleanup(proxy.Close)
	dir := t.TempDir()
	caFile := filepath.Join(dir, "corp-ca.pem")
	require.NoError(t, os.WriteFile(caFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: proxy.Certificate().Raw}), 0o600))

	f := NewClientFactory(credentials.NewMemoryStore(), ClientOptions{})
	p := Profile{ID: "corp", Name: "Corp", Host: proxy.URL, AuthType: AuthPAT}
	_, err = f.TestConnectionWith(context.Background(), p, SecretInput{Token: ws.Token})
	require.ErrorIs(t, err, ErrTLS, "the proxy's certificate is not trusted by the system")

	p.CAFile = caFile
	res, err := f.TestConnectionWith(context.Background(), p, SecretInput{Token: ws.Token})
	require.NoError(t, err)
	assert.Equal(t, ws.User.UserName, res.User.UserName)
}

func TestCAFileProblems(t *testing.T) {
	dir := t.TempDir()
	notPEM := filepath.Join(dir, "notes.txt")
	require.NoError(t, os.WriteFile(notPEM, []byte("ask IT for the certificate"), 0o600))
	huge := filepath.Join(dir, "huge.pem")
	require.NoError(t, os.WriteFile(huge, []byte(strings.Repeat("A", MaxCAFile+1)), 0o600))
	tests := []struct {
		name, path string
		also       error
		says       string
	}{
		{"no certificate in it", notPEM, nil, "holds no PEM certificate"},
		{"too large", huge, boundedfile.ErrTooLarge, "1 MiB"},
		{"a folder", dir, boundedfile.ErrNotRegular, ""},
		{"missing", filepath.Join(dir, "gone.pem"), os.ErrNotExist, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := LoadCAFile(tt.path)
			require.ErrorIs(t, err, ErrBadCAFile)
			if tt.also != nil {
				assert.ErrorIs(t, err, tt.also)
			}
			assert.Contains(t, err.Error(), tt.says)
			p := Profile{Name: "x", Host: "https://dbc-1.cloud.databricks.com", AuthType: AuthPAT, CAFile: tt.path}
			assert.ErrorIs(t, p.normalize(), ErrBadCAFile, "refused on save, next to the field")
		})
	}
}

// connectProxy is a corporate HTTPS proxy: it answers CONNECT by tunnelling
// to to, whatever host was asked (a name only the proxy can resolve), and
// counts the tunnels.
func connectProxy(t *testing.T, to string) (*httptest.Server, *atomic.Int64) {
	var tunnels atomic.Int64
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodConnect {
			http.Error(w, "CONNECT only", http.StatusMethodNotAllowed)
			return
		}
		upstream, err := net.Dial("tcp", to)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		tunnels.Add(1)
		conn, _, err := w.(http.Hijacker).Hijack()
		if err != nil {
			_ = upstream.Close()
			return
		}
		_, _ = conn.Write([]byte("HTTP/1.1 200 Connection established\r\n\r\n"))
		go func() { _, _ = io.Copy(upstream, conn); _ = upstream.Close() }()
		go func() { _, _ = io.Copy(conn, upstream); _ = conn.Close() }()
	}))
	t.Cleanup(s.Close)
	return s, &tunnels
}

// Issue 35 item 8: on a corporate network the workspace is reached only
// through HTTPS_PROXY, which inspects TLS with its own certificate
// authority: the connection test and every call go through the proxy (the
// reachability probe too, which used to dial the host directly), and the
// workspace's CA file makes the inspected TLS trusted.
func TestAWorkspaceThroughHTTPSProxyWithItsOwnCA(t *testing.T) {
	ws := workspacestest.New(t)
	target, err := url.Parse(ws.URL)
	require.NoError(t, err)
	inspecting := httptest.NewTLSServer(httputil.NewSingleHostReverseProxy(target)) // its certificate names example.com
	t.Cleanup(inspecting.Close)
	caFile := filepath.Join(t.TempDir(), "corp-ca.pem")
	require.NoError(t, os.WriteFile(caFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: inspecting.Certificate().Raw}), 0o600))
	proxy, tunnels := connectProxy(t, inspecting.Listener.Addr().String())

	env := map[string]string{"HTTPS_PROXY": proxy.URL, "NO_PROXY": "internal.example"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	f := NewClientFactory(credentials.NewMemoryStore(), ClientOptions{Proxy: ProxyFromEnv(lookup), ProbeTimeout: 5 * time.Second})
	p := Profile{ID: "corp", Name: "Corp", Host: "https://example.com", AuthType: AuthPAT, CAFile: caFile}
	res, err := f.TestConnectionWith(context.Background(), p, SecretInput{Token: ws.Token})
	require.NoError(t, err)
	assert.Equal(t, ws.User.UserName, res.User.UserName)
	assert.Positive(t, tunnels.Load(), "through the proxy")

	// NO_PROXY names a host reached directly: not through the proxy.
	pick := ProxyFromEnv(lookup)
	direct, err := pick(&http.Request{URL: &url.URL{Scheme: "https", Host: "internal.example"}})
	require.NoError(t, err)
	assert.Nil(t, direct)
}
