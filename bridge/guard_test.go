package bridge

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sessionCookie opens the page with the token, as a user does, and returns
// the cookie the browser then holds.
func sessionCookie(t *testing.T, ts *httptest.Server, s *Server) *http.Cookie {
	t.Helper()
	resp, err := http.Get(ts.URL + "/?token=" + s.Token())
	require.NoError(t, err)
	resp.Body.Close()
	for _, c := range resp.Cookies() {
		if c.Name == cookieName {
			return c
		}
	}
	t.Fatal("no bridge cookie")
	return nil
}

// TestBridgeRefusesOtherPages: a page on another loopback port holds the
// cookie too (every port is the same site); what it cannot do is send the
// bridge's own Origin, a JSON body without a preflight, or the header token.
func TestBridgeRefusesOtherPages(t *testing.T) {
	ts, s, _ := newTestServer(t)
	cookie := sessionCookie(t, ts, s)
	own := ts.URL // http://127.0.0.1:PORT
	const call = `{"name":"bridge.Greeter.Hello","args":["ada",1]}`
	cases := []struct {
		name    string
		headers map[string]string
		status  int
		says    string
	}{
		{"the page's own call", map[string]string{"Content-Type": "application/json", tokenHeader: s.Token(),
			"Origin": own, "Sec-Fetch-Site": "same-origin"}, 200, "hi ada"},
		{"no-cors text/plain with the cookie (the attack)", map[string]string{"Content-Type": "text/plain;charset=UTF-8",
			"Origin": "http://127.0.0.1:9", "Sec-Fetch-Site": "same-site"}, 403, "cross-origin"},
		{"form post from another port", map[string]string{"Content-Type": "application/x-www-form-urlencoded",
			"Origin": "http://localhost:9", "Sec-Fetch-Site": "same-site"}, 403, "cross-origin"},
		{"foreign origin, even with JSON and the token", map[string]string{"Content-Type": "application/json",
			tokenHeader: s.Token(), "Origin": "http://127.0.0.1:9"}, 403, "not the bridge's own"},
		{"same-site fetch without Origin", map[string]string{"Content-Type": "application/json",
			tokenHeader: s.Token(), "Sec-Fetch-Site": "same-site"}, 403, "same-site"},
		{"cross-site fetch", map[string]string{"Content-Type": "application/json",
			tokenHeader: s.Token(), "Sec-Fetch-Site": "cross-site"}, 403, "cross-site"},
		{"text/plain from the own origin", map[string]string{"Content-Type": "text/plain",
			tokenHeader: s.Token(), "Origin": own}, 415, "application/json"},
		{"no content type", map[string]string{tokenHeader: s.Token()}, 415, "application/json"},
		{"cookie but no header token", map[string]string{"Content-Type": "application/json",
			"Origin": own, "Sec-Fetch-Site": "same-origin"}, 403, tokenHeader},
		{"cookie and a wrong header token", map[string]string{"Content-Type": "application/json",
			tokenHeader: "nope", "Origin": own}, 403, tokenHeader},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest(http.MethodPost, ts.URL+"/__bridge/call", strings.NewReader(call))
			require.NoError(t, err)
			req.AddCookie(cookie)
			for k, v := range tc.headers {
				req.Header.Set(k, v)
			}
			resp, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			assert.Equal(t, tc.status, resp.StatusCode, string(body))
			assert.Contains(t, string(body), tc.says)
		})
	}
}

// TestBridgeRefusedCallsDoNotRun: a refused call never reaches the method.
func TestBridgeRefusedCallsDoNotRun(t *testing.T) {
	g := &Greeter{}
	s, err := New(Config{Bound: []any{g}})
	require.NoError(t, err)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	cookie := sessionCookie(t, ts, s)
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/__bridge/call",
		strings.NewReader(`{"name":"bridge.Greeter.Hello","args":["ada",1]}`))
	req.AddCookie(cookie)
	req.Header.Set("Content-Type", "text/plain")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 0, g.calls)
}

func TestBridgeSessionTokenOnlyForItsOwnPage(t *testing.T) {
	ts, s, _ := newTestServer(t)
	cookie := sessionCookie(t, ts, s)
	get := func(site string) (int, string, http.Header) {
		req, _ := http.NewRequest(http.MethodGet, ts.URL+"/__bridge/session", nil)
		req.AddCookie(cookie)
		if site != "" {
			req.Header.Set("Sec-Fetch-Site", site)
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp.StatusCode, string(body), resp.Header
	}
	status, body, h := get("same-origin")
	assert.Equal(t, 200, status)
	assert.JSONEq(t, `{"token":"`+s.Token()+`"}`, body)
	assert.Equal(t, "nosniff", h.Get("X-Content-Type-Options"))
	assert.Empty(t, h.Get("Access-Control-Allow-Origin"), "no CORS: other origins cannot read it")

	status, body, _ = get("same-site") // fetch or <script src> from another port
	assert.Equal(t, http.StatusForbidden, status)
	assert.NotContains(t, body, s.Token())

	req, _ := http.NewRequest(http.MethodGet, ts.URL+"/__bridge/session", nil)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, "no cookie, no token")
}

func TestBridgeCallOverLimitNamesIt(t *testing.T) {
	ts, s, _ := newTestServer(t)
	big := `{"name":"bridge.Greeter.Hello","args":["` + strings.Repeat("a", maxCallBytes) + `",1]}`
	status, _ := doCall(t, ts, s.Token(), big)
	assert.Equal(t, http.StatusRequestEntityTooLarge, status)

	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/__bridge/call", strings.NewReader(big))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(tokenHeader, s.Token())
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Contains(t, string(body), "limited to 16 MB")
}
