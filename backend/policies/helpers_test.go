package policies

import (
	"context"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/config"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/testenv"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// TestMain keeps the SDK away from the user's files and variables.
func TestMain(m *testing.M) { testenv.Main(m, "policies") }

// live is a workspace on the demo server: its client, and a real catalog
// cache refreshed through it.
type live struct {
	srv   *demo.Server
	w     *workspaceapi.Client
	cache *catalog.Cache
}

func (l *live) Client(context.Context, string) (*workspaceapi.Client, error) { return l.w, nil }

func (l *live) Cached(id string) (catalog.Snapshot, catalog.Status, error) {
	s, err := l.cache.Load(id)
	return s, catalog.Status{}, err
}

func (l *live) RefreshNow(ctx context.Context, id string) (catalog.Snapshot, error) {
	return l.cache.Refresh(ctx, id, l.w, nil)
}

// clientFor is token's client of srv, or of host when given (a proxy).
func clientFor(t testing.TB, srv *demo.Server, token string, host ...string) *workspaceapi.Client {
	h := srv.URL()
	if len(host) > 0 {
		h = host[0]
	}
	w, err := workspaceapi.New(&config.Config{
		Host: h, Token: token, Loaders: []config.Loader{config.ConfigAttributes},
		RetryTimeoutSeconds: 20, HTTPTimeoutSeconds: 10,
	})
	require.NoError(t, err)
	return w
}

// startLive starts a demo workspace and a service over it, as token's user.
func startLive(t testing.TB, user string) (*Service, *live) {
	t.Helper()
	srv, err := demo.Start(context.Background(), demo.Options{Seed: 42, FreezeClock: true})
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	token := srv.Token()
	if user != "" {
		token, err = srv.UserToken(token, user)
		require.NoError(t, err)
	}
	l := &live{srv: srv, w: clientFor(t, srv, token), cache: catalog.NewCache(t.TempDir())}
	_, err = l.RefreshNow(testCtx(t), "w")
	require.NoError(t, err)
	return NewService(l, nil).Connect(l, l), l
}

func testCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}
