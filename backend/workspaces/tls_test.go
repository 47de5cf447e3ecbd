package workspaces

import (
	"context"
	"encoding/pem"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
