package app

import (
	"context"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/config"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// goText is what Go and the network say, which no person should have to read.
var goText = []string{"dial tcp", `Get "`, `Post "`, "EOF", "<html", "x509", "context deadline", "context canceled", "127.0.0.1",
	"lookup ", "tls:", "retries", "connection refused", "connection reset", "timed out after", "no such host", ".invalid"}

// faultServer serves h on loopback and returns its URL.
func faultServer(t *testing.T, h http.HandlerFunc) string {
	t.Helper()
	srv := httptest.NewServer(h)
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	t.Cleanup(srv.Close)
	return srv.URL
}

func page(status int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(status)
		_, _ = w.Write([]byte("<html><body><h1>" + http.StatusText(status) + "</h1></body></html>"))
	}
}

// Issue 35: a failed call on a laptop network reads as a sentence with the
// fix, whatever the network did; Go's text stays in the details.
func TestErrorFormatterTransportFaults(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	refused := "http://" + ln.Addr().String()
	require.NoError(t, ln.Close())
	// Accepts and never answers, as a host behind a dead VPN route.
	hole, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { _ = hole.Close() })
	go func() {
		for {
			c, err := hole.Accept()
			if err != nil {
				return
			}
			t.Cleanup(func() { _ = c.Close() })
		}
	}()
	tlsSrv := httptest.NewUnstartedServer(http.NotFoundHandler())
	tlsSrv.Config.ErrorLog = log.New(io.Discard, "", 0)
	tlsSrv.StartTLS()
	t.Cleanup(tlsSrv.Close)
	hangUp := faultServer(t, func(w http.ResponseWriter, r *http.Request) {
		c, _, _ := w.(http.Hijacker).Hijack()
		_ = c.Close()
	})
	cutMidBody := faultServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", "400")
		_, _ = w.Write([]byte(`{"cluster_id": "0101-000000-abc", "state": "RUN`))
		c, _, _ := w.(http.Hijacker).Hijack()
		_ = c.Close()
	})

	cases := []struct {
		name, host, code string
	}{
		{"refused", refused, "UNREACHABLE"},
		{"black-holed", "http://" + hole.Addr().String(), "TIMEOUT"},
		{"DNS failure", "https://no-such-workspace.invalid", "DNS"},
		{"TLS failure", tlsSrv.URL, "TLS"},
		{"hung up", hangUp, "CONNECTION_DROPPED"},
		{"cut mid-answer", cutMidBody, "CONNECTION_DROPPED"},
		{"502 page from a proxy", faultServer(t, page(http.StatusBadGateway)), "GATEWAY_FAILED"},
		{"504 page from a gateway", faultServer(t, page(http.StatusGatewayTimeout)), "GATEWAY_FAILED"},
		{"captive portal page", faultServer(t, page(http.StatusOK)), "NOT_A_WORKSPACE"},
	}
	f := NewErrorFormatter(errorRules()...)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w, err := workspaceapi.New(&config.Config{
				Host: tc.host, Token: "dapi-test", Loaders: []config.Loader{config.ConfigAttributes},
				RetryTimeoutSeconds: 1, HTTPTimeoutSeconds: 1,
			})
			require.NoError(t, err)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			_, err = w.Clusters.GetByClusterId(ctx, "0101-000000-abc")
			require.Error(t, err)
			got := f.UIError(err)
			assert.Equal(t, tc.code, got.Code, "%v", err)
			for _, g := range goText {
				assert.NotContains(t, got.Message+" "+got.Hint, g)
			}
			assert.NotEmpty(t, got.Hint)
			assert.NotEmpty(t, got.Detail, "the raw error stays one click away")
			assert.True(t, strings.HasSuffix(got.Message, "."), got.Message)
		})
	}
}
