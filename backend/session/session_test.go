package session

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go"
	"github.com/databricks/databricks-sdk-go/config"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func target(id, host string) Target {
	return Target{ID: id, Name: "ws " + id, Host: host,
		Config: func(context.Context) (*databricks.Config, error) {
			return &databricks.Config{Host: host, Token: "dapi-" + id, AuthType: "pat",
				Loaders: []config.Loader{config.ConfigAttributes}, RetryTimeoutSeconds: 2, HTTPTimeoutSeconds: 2}, nil
		}}
}

func scimServer(t *testing.T, status int, body string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/2.0/preview/scim/v2/Me" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		fmt.Fprint(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func closedPort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	return "http://" + addr
}

func TestCheckClassifiesReachability(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	cases := []struct {
		name  string
		host  func(t *testing.T) string
		state State
		user  string
	}{
		{"online", func(t *testing.T) string {
			return scimServer(t, 200, `{"userName":"ada@example.com"}`).URL
		}, StateOnline, "ada@example.com"},
		{"bad token", func(t *testing.T) string {
			return scimServer(t, 401, `{"error_code":"UNAUTHENTICATED","message":"Invalid access token."}`).URL
		}, StateUnauthorized, ""},
		{"nothing listening", closedPort, StateOffline, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var seen []State
			s := New(Options{CheckTimeout: 3 * time.Second,
				OnStatus: func(_ string, st Status) { seen = append(seen, st.State) }})
			s.Add(target("a", tc.host(t)))
			st, err := s.Check(context.Background(), "a")
			require.NoError(t, err)
			assert.Equal(t, tc.state, st.State)
			assert.Equal(t, tc.user, st.User)
			assert.Equal(t, tc.state == StateOnline, st.Err == nil)
			assert.Equal(t, []State{StateChecking, tc.state}, seen)
			last, err := s.Status("a")
			require.NoError(t, err)
			assert.Equal(t, tc.state, last.State)
		})
	}
}

func TestSelectAndList(t *testing.T) {
	s := New(Options{})
	_, ok := s.Active()
	assert.False(t, ok, "nothing is active in an empty session")
	s.Add(target("a", "http://127.0.0.1:1"))
	s.Add(target("b", "http://127.0.0.1:2"))
	active, ok := s.Active()
	require.True(t, ok)
	assert.Equal(t, "a", active.ID, "the first workspace added is active")

	got, err := s.Select("b")
	require.NoError(t, err)
	assert.Equal(t, "b", got.ID)
	active, _ = s.Active()
	assert.Equal(t, "b", active.ID)

	_, err = s.Select("zzz")
	assert.ErrorIs(t, err, ErrUnknownWorkspace)
	_, err = s.Status("zzz")
	assert.ErrorIs(t, err, ErrUnknownWorkspace)
	assert.Len(t, s.List(), 2)
}

func TestClientIsBuiltOnce(t *testing.T) {
	var built atomic.Int32
	s := New(Options{})
	tg := target("a", "http://127.0.0.1:1")
	inner := tg.Config
	tg.Config = func(ctx context.Context) (*databricks.Config, error) {
		built.Add(1)
		return inner(ctx)
	}
	s.Add(tg)
	c1, err := s.Client(context.Background(), "a")
	require.NoError(t, err)
	c2, err := s.Client(context.Background(), "a")
	require.NoError(t, err)
	assert.Same(t, c1, c2)
	assert.Equal(t, int32(1), built.Load())
}
