package faultproxy_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/faultproxy"
)

// upstream is a workspace stand-in that counts what reached it.
func upstream(t *testing.T) (*httptest.Server, *atomic.Int64) {
	var n atomic.Int64
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"clusters":[{"cluster_id":"0101-abc","cluster_name":"etl"}]}`)
	}))
	t.Cleanup(s.Close)
	return s, &n
}

func start(t *testing.T) (*faultproxy.Proxy, *atomic.Int64) {
	up, n := upstream(t)
	p, err := faultproxy.Start(up.URL, 0)
	require.NoError(t, err)
	t.Cleanup(func() { _ = p.Close() })
	return p, n
}

// get makes one fresh-connection request with a client timeout.
func get(p *faultproxy.Proxy, timeout time.Duration) (*http.Response, string, error) {
	c := &http.Client{Timeout: timeout, Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := c.Post(p.URL()+"/api/2.1/clusters/create", "application/json", strings.NewReader(`{}`))
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp, string(b), err
}

func TestFaults(t *testing.T) {
	tests := []struct {
		name      string
		fault     faultproxy.Fault
		forwarded int64 // requests the workspace saw
		check     func(t *testing.T, resp *http.Response, body string, err error)
	}{
		{"pass", faultproxy.Fault{}, 1, func(t *testing.T, resp *http.Response, body string, err error) {
			require.NoError(t, err)
			assert.Equal(t, 200, resp.StatusCode)
			assert.Contains(t, body, "0101-abc")
		}},
		{"refuse", faultproxy.Fault{Mode: faultproxy.Refuse}, 0, func(t *testing.T, _ *http.Response, _ string, err error) {
			assert.ErrorIs(t, err, syscall.ECONNREFUSED)
		}},
		{"black hole", faultproxy.Fault{Mode: faultproxy.BlackHole}, 0, func(t *testing.T, _ *http.Response, _ string, err error) {
			var ne net.Error
			require.ErrorAs(t, err, &ne)
			assert.True(t, ne.Timeout(), "no answer until the client gave up: %v", err)
		}},
		{"slow", faultproxy.Fault{Mode: faultproxy.Slow, Delay: 300 * time.Millisecond}, 1, func(t *testing.T, resp *http.Response, _ string, err error) {
			require.NoError(t, err)
			assert.Equal(t, 200, resp.StatusCode)
		}},
		{"cut mid-body", faultproxy.Fault{Mode: faultproxy.CutBody}, 1, func(t *testing.T, resp *http.Response, _ string, err error) {
			require.NotNil(t, resp, "the status and headers arrive")
			assert.Error(t, err, "the body does not")
		}},
		{"lose the answer", faultproxy.Fault{Mode: faultproxy.LoseAnswer}, 1, func(t *testing.T, _ *http.Response, _ string, err error) {
			assert.Error(t, err)
			assert.True(t, errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.EOF) || strings.Contains(err.Error(), "EOF"), "%v", err)
		}},
		{"lose the answer and hang", faultproxy.Fault{Mode: faultproxy.LoseAnswer, Hang: true}, 1, func(t *testing.T, _ *http.Response, _ string, err error) {
			var ne net.Error
			require.ErrorAs(t, err, &ne)
			assert.True(t, ne.Timeout())
		}},
		{"captive portal", faultproxy.Fault{Mode: faultproxy.HTML}, 0, func(t *testing.T, resp *http.Response, body string, err error) {
			require.NoError(t, err)
			assert.Equal(t, 200, resp.StatusCode)
			assert.Contains(t, resp.Header.Get("Content-Type"), "text/html")
			assert.Contains(t, body, "<html>")
		}},
		{"503 after the workspace acted", faultproxy.Fault{Mode: faultproxy.Status, Status: 503, Forward: true}, 1,
			func(t *testing.T, resp *http.Response, body string, err error) {
				require.NoError(t, err)
				assert.Equal(t, 503, resp.StatusCode)
				assert.Contains(t, body, "TEMPORARILY_UNAVAILABLE")
			}},
		{"429 with Retry-After", faultproxy.Fault{Mode: faultproxy.Status, Status: 429, RetryAfter: "2"}, 0,
			func(t *testing.T, resp *http.Response, body string, err error) {
				require.NoError(t, err)
				assert.Equal(t, 429, resp.StatusCode)
				assert.Equal(t, "2", resp.Header.Get("Retry-After"))
				assert.Contains(t, body, "REQUEST_LIMIT_EXCEEDED")
			}},
		{"another path passes", faultproxy.Fault{Mode: faultproxy.Status, Status: 500, Path: "/clusters/list"}, 1,
			func(t *testing.T, resp *http.Response, _ string, err error) {
				require.NoError(t, err)
				assert.Equal(t, 200, resp.StatusCode)
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, n := start(t)
			require.NoError(t, p.Set(tt.fault))
			resp, body, err := get(p, 2*time.Second)
			tt.check(t, resp, body, err)
			assert.Equal(t, tt.forwarded, n.Load(), "requests the workspace saw")
		})
	}
}

// After a refusal the proxy listens on the same address again, so a client
// configured with its URL reconnects as to a workspace that came back.
func TestRefuseThenRestoreKeepsTheAddress(t *testing.T) {
	p, _ := start(t)
	url := p.URL()
	require.NoError(t, p.Set(faultproxy.Fault{Mode: faultproxy.Refuse}))
	_, _, err := get(p, time.Second)
	require.ErrorIs(t, err, syscall.ECONNREFUSED)
	require.NoError(t, p.Set(faultproxy.Fault{}))
	assert.Equal(t, url, p.URL())
	resp, _, err := get(p, 2*time.Second)
	require.NoError(t, err)
	assert.Equal(t, 200, resp.StatusCode)
}

// Changing the fault releases black-holed requests at once (reset), so a
// test that ends an outage does not wait for clients to time out.
func TestSetReleasesHeldRequests(t *testing.T) {
	p, _ := start(t)
	require.NoError(t, p.Set(faultproxy.Fault{Mode: faultproxy.BlackHole}))
	done := make(chan error, 1)
	go func() { _, _, err := get(p, time.Minute); done <- err }()
	require.Eventually(t, func() bool { return p.Stats().Faulted == 1 }, 10*time.Second, 10*time.Millisecond)
	require.NoError(t, p.Set(faultproxy.Fault{}))
	select {
	case err := <-done:
		assert.Error(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("the held request was not released")
	}
}

// A rate hits about that share of requests, the same ones for one seed.
func TestRateIsASeededShare(t *testing.T) {
	hits := func() []bool {
		p, _ := start(t)
		require.NoError(t, p.Set(faultproxy.Fault{Mode: faultproxy.Status, Status: 500, Rate: 0.2, Seed: 7}))
		var out []bool
		for range 200 {
			resp, _, err := get(p, 2*time.Second)
			require.NoError(t, err)
			out = append(out, resp.StatusCode == 500)
		}
		return out
	}
	a, b := hits(), hits()
	assert.Equal(t, a, b, "the same seed hits the same requests")
	n := 0
	for _, h := range a {
		if h {
			n++
		}
	}
	assert.InDelta(t, 40, n, 20, "about a fifth of 200")
}

// A counted fault hits that many requests, then passes the rest.
func TestCountedFault(t *testing.T) {
	p, n := start(t)
	require.NoError(t, p.Set(faultproxy.Fault{Mode: faultproxy.Status, Status: 503, Count: 2}))
	var codes []int
	for range 4 {
		resp, _, err := get(p, 2*time.Second)
		require.NoError(t, err)
		codes = append(codes, resp.StatusCode)
	}
	assert.Equal(t, []int{503, 503, 200, 200}, codes)
	assert.Equal(t, int64(2), n.Load())
}

func TestControl(t *testing.T) {
	p, _ := start(t)
	c := httptest.NewServer(p.Control())
	defer c.Close()
	put := func(body string) (int, string) {
		req, err := http.NewRequestWithContext(context.Background(), http.MethodPut, c.URL+"/fault", strings.NewReader(body))
		require.NoError(t, err)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	code, _ := put(`{"mode":"slow","delayMs":250}`)
	require.Equal(t, 200, code)
	assert.Equal(t, faultproxy.Fault{Mode: faultproxy.Slow, Delay: 250 * time.Millisecond}, p.Fault())

	code, body := put(`{"mode":"flood"}`)
	assert.Equal(t, 400, code)
	assert.Contains(t, body, `unknown mode "flood"`)
	code, body = put(`{"mode":"status","rate":2}`)
	assert.Equal(t, 409, code)
	assert.Contains(t, body, "rate 2 is not in [0, 1]")
	code, body = put(`{"mode":"status","colour":"red"}`)
	assert.Equal(t, 400, code)
	assert.Contains(t, body, `unknown field "colour"`)

	_, _, _ = get(p, 2*time.Second)
	resp, err := http.Get(c.URL + "/stats")
	require.NoError(t, err)
	defer resp.Body.Close()
	var st faultproxy.Stats
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&st))
	assert.Equal(t, faultproxy.Stats{Requests: 1, Forwarded: 1, Faulted: 1}, st)
}
