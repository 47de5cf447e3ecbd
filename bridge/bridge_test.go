package bridge

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type Greeter struct{ calls int }

type Greeting struct {
	Text string `json:"text"`
}

var errNoName = errors.New("no name given")

func (g *Greeter) Hello(name string, times int) (Greeting, error) {
	g.calls++
	if name == "" {
		return Greeting{}, errNoName
	}
	return Greeting{Text: strings.Repeat("hi "+name+" ", times)}, nil
}

func (g *Greeter) Fail() error { return errNoName }
func (g *Greeter) Count() int  { return g.calls }

func newTestServer(t *testing.T) (*httptest.Server, *Server, *Hub) {
	t.Helper()
	hub := NewHub(nil)
	s, err := New(Config{
		Bound: []any{&Greeter{}},
		FormatErr: func(err error) any {
			return map[string]string{"code": "FORMATTED", "message": err.Error()}
		},
		Assets: fstest.MapFS{
			"index.html":    {Data: []byte("<!doctype html><html><head><title>x</title></head><body></body></html>")},
			"assets/app.js": {Data: []byte("console.log(1)")},
		},
		Hub: hub,
	})
	require.NoError(t, err)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return ts, s, hub
}

func doCall(t *testing.T, ts *httptest.Server, token, body string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, ts.URL+"/__bridge/call", strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	out := map[string]any{}
	if resp.StatusCode == http.StatusOK {
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	}
	return resp.StatusCode, out
}

func TestBridgeCalls(t *testing.T) {
	ts, s, _ := newTestServer(t)
	cases := []struct {
		name   string
		token  string
		body   string
		status int
		want   map[string]any
	}{
		{"result", s.Token(), `{"name":"bridge.Greeter.Hello","args":["ada",2]}`, 200,
			map[string]any{"result": map[string]any{"text": "hi ada hi ada "}}},
		{"error goes through the formatter", s.Token(), `{"name":"bridge.Greeter.Hello","args":["",1]}`, 200,
			map[string]any{"error": map[string]any{"code": "FORMATTED", "message": "no name given"}}},
		{"lone error result", s.Token(), `{"name":"bridge.Greeter.Fail","args":[]}`, 200,
			map[string]any{"error": map[string]any{"code": "FORMATTED", "message": "no name given"}}},
		{"wrong argument count, as Wails says it", s.Token(), `{"name":"bridge.Greeter.Hello","args":["ada"]}`, 200,
			map[string]any{"error": "error parsing arguments: bridge.Greeter.Hello takes 2 arguments, got 1"}},
		{"unknown method", s.Token(), `{"name":"bridge.Greeter.Nope","args":[]}`, 200,
			map[string]any{"error": `method not registered: "bridge.Greeter.Nope"`}},
		{"no token", "", `{"name":"bridge.Greeter.Count","args":[]}`, 401, map[string]any{}},
		{"wrong token", "nope", `{"name":"bridge.Greeter.Count","args":[]}`, 401, map[string]any{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			status, body := doCall(t, ts, tc.token, tc.body)
			assert.Equal(t, tc.status, status)
			assert.Equal(t, tc.want, body)
		})
	}
}

func TestBridgeRejectsForeignHost(t *testing.T) {
	ts, s, _ := newTestServer(t)
	req, err := http.NewRequest(http.MethodGet, ts.URL+"/?token="+s.Token(), nil)
	require.NoError(t, err)
	req.Host = "evil.example:80"
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)
}

func TestBridgePageGetsRuntimeAndCookie(t *testing.T) {
	ts, s, _ := newTestServer(t)
	resp, err := http.Get(ts.URL + "/?token=" + s.Token())
	require.NoError(t, err)
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, string(page), `<head><script src="/wails/ipc.js"></script><script src="/wails/runtime.js"></script><title>`)

	var cookie *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == cookieName {
			cookie = c
		}
	}
	require.NotNil(t, cookie, "the token is swapped for an HttpOnly cookie")
	assert.True(t, cookie.HttpOnly)

	req, _ := http.NewRequest(http.MethodGet, ts.URL+"/wails/runtime.js", nil)
	req.AddCookie(cookie)
	resp, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	js, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Contains(t, string(js), `window.__bridgeMethods = ["bridge.Greeter.Count","bridge.Greeter.Fail","bridge.Greeter.Hello"];`)

	req, _ = http.NewRequest(http.MethodGet, ts.URL+"/assets/app.js", nil)
	req.AddCookie(cookie)
	resp, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	asset, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, "console.log(1)", string(asset))
}

func TestBridgeStreamsEvents(t *testing.T) {
	ts, s, hub := newTestServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, ts.URL+"/__bridge/events", nil)
	req.Header.Set("Authorization", "Bearer "+s.Token())
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	lines := bufio.NewScanner(resp.Body)
	require.True(t, lines.Scan())
	assert.Equal(t, ": connected", lines.Text(), "subscribed before we emit")

	hub.Emit("clusters:changed:demo", map[string]int{"n": 3}, "x")
	for lines.Scan() {
		if strings.HasPrefix(lines.Text(), "data: ") {
			assert.JSONEq(t, `{"name":"clusters:changed:demo","data":[{"n":3},"x"]}`,
				strings.TrimPrefix(lines.Text(), "data: "))
			return
		}
	}
	t.Fatalf("no event received: %v", lines.Err())
}

func TestNewRejectsWhatWailsRejects(t *testing.T) {
	cases := []struct {
		name  string
		bound any
	}{
		{"struct value", Greeter{}},
		{"function", func() {}},
		{"nil", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(Config{Bound: []any{tc.bound}})
			assert.ErrorContains(t, err, "not a pointer to a struct")
		})
	}
}
