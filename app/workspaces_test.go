package app

import (
	"context"
	"log/slog"
	"net"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/clusters"
	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/services"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

type recordedEvent struct {
	name string
	data []any
}

// recordingEmitter keeps every event; background refreshes emit too.
type recordingEmitter struct {
	mu     sync.Mutex
	events []recordedEvent
}

func (r *recordingEmitter) Emit(name Event, data ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, recordedEvent{name.wireName(), data})
}

func (r *recordingEmitter) all() []recordedEvent {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]recordedEvent{}, r.events...)
}

func (r *recordingEmitter) named(name string) []recordedEvent {
	var out []recordedEvent
	for _, e := range r.all() {
		if e.name == name {
			out = append(out, e)
		}
	}
	return out
}

// fixture is the app wired the way main.go does it, over a real demo
// workspace server, with the keychain replaced by memory.
type fixture struct {
	app     *App
	events  *recordingEmitter
	demo    *demo.Server
	secrets *credentials.MemoryStore
	home    string
	paths   workspaces.Paths
	resets  int
}

type fixtureOptions struct {
	secrets credentials.SecretStore
	env     map[string]string
	client  workspaces.ClientOptions
	log     *slog.Logger
	// clients wires the manager as the facades' client source, as main
	// does (without it, facades past Workspaces reach no workspace).
	clients bool
}

func newFixture(t *testing.T, o fixtureOptions) *fixture {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	srv, err := demo.Start(ctx, demo.Options{})
	require.NoError(t, err)
	f := &fixture{events: &recordingEmitter{}, demo: srv, home: home,
		paths: workspaces.Paths{Config: filepath.Join(home, "config"), Cache: filepath.Join(home, "cache"), Data: filepath.Join(home, "data")}}
	if o.secrets == nil {
		f.secrets = credentials.NewMemoryStore()
		o.secrets = f.secrets
	}
	mgr, err := workspaces.NewManager(workspaces.Deps{
		Paths: f.paths, Secrets: o.secrets, Home: home, Client: o.client,
		LookupEnv: func(k string) (string, bool) { v, ok := o.env[k]; return v, ok },
	})
	require.NoError(t, err)
	mgr.SetDemo(workspaces.Demo{URL: srv.URL(), Token: srv.Token()})
	sess := session.New(mgr, session.Options{StateFile: filepath.Join(f.paths.Data, "session.json")})
	var clients clusters.ClientSource
	if o.clients {
		clients = mgr
	}
	f.app = New(Deps{Emitter: f.events, Inputs: services.Inputs{Session: sess, Manager: mgr, Log: o.log, Clients: clients,
		Catalog:   catalog.NewRefresher(catalog.NewCache(filepath.Join(f.paths.Cache, "catalog")), mgr.Client, catalog.RefresherOptions{}),
		ResetDemo: func() error { f.resets++; return srv.Reset() },
	}})
	// Background refreshes and the monitor's loop write into home: let them
	// finish before it is removed.
	t.Cleanup(f.app.Workspaces.loop.Stop)
	return f
}

func newTestApp(t *testing.T) (*App, *recordingEmitter) {
	f := newFixture(t, fixtureOptions{})
	return f.app, f.events
}

func TestWorkspacesFacadeOnTheDemo(t *testing.T) {
	a, rec := newTestApp(t)

	list, err := a.Workspaces.List()
	require.NoError(t, err)
	require.NotEmpty(t, list)
	assert.Equal(t, "demo", list[0].ID)
	assert.True(t, list[0].Demo)
	assert.True(t, list[0].Active, "a new user lands on the Demo workspace")

	status, err := a.Workspaces.Status("demo")
	require.NoError(t, err)
	assert.Equal(t, ConnUnknown, status.State, "nothing checked yet")

	status, err = a.Workspaces.Check("demo")
	require.NoError(t, err)
	assert.Equal(t, ConnOnline, status.State)
	assert.Equal(t, "demo.user@example.com", status.User)
	assert.Nil(t, status.Error)
	assert.NotEmpty(t, status.CheckedAt)

	events := rec.named("connection:changed:demo")
	require.NotEmpty(t, events)
	last := events[len(events)-1]
	assert.Equal(t, "connection:changed:demo", last.name)
	assert.Equal(t, []any{status}, last.data)
}

func TestWorkspacesFacadeErrors(t *testing.T) {
	a, _ := newTestApp(t)
	_, err := a.Workspaces.Select("nope")
	require.Error(t, err)
	ui := a.errors.UIError(err)
	assert.Equal(t, "UNKNOWN_WORKSPACE", ui.Code)
	assert.Equal(t, "Pick a workspace from the switcher.", ui.Hint)
}

// The Refresh button on an unreachable workspace: a plain "cannot be
// reached" (from the reachability check, not the SDK's retries), the card
// marked offline, the cache kept.
func TestRefreshCatalogOfUnreachableWorkspace(t *testing.T) {
	f := newFixture(t, fixtureOptions{})
	w := f.app.Workspaces
	_, err := w.RefreshCatalog(workspaces.DemoID)
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	dead := "http://" + ln.Addr().String()
	require.NoError(t, ln.Close())
	created, err := w.Create(workspaces.Form{Name: "Gone", Host: dead, AuthType: "pat", Token: "dapi-x"})
	require.NoError(t, err)

	view, err := w.RefreshCatalog(created.ID)
	require.Error(t, err)
	ui := f.app.errors.UIError(err)
	assert.Equal(t, "UNREACHABLE", ui.Code)
	assert.Equal(t, "The workspace cannot be reached.", ui.Message)
	assert.Contains(t, ui.Hint, "Cached data stays available offline")
	assert.True(t, view.Offline)
	assert.Equal(t, ui.Hint, view.Hint)
}

func TestBackendRulesReadAsSentences(t *testing.T) {
	f := NewErrorFormatter(errorRules()...)
	cases := []struct {
		err  error
		code string
	}{
		{workspaces.ErrUnreachable, "UNREACHABLE"},
		{workspaces.ErrUnauthorized, "UNAUTHORIZED"},
		{workspaces.ErrMissingSecret, "MISSING_SECRET"},
		{workspaces.ErrCLINotInstalled, "CLI_NOT_INSTALLED"},
		{workspaces.ErrCLIOutdated, "CLI_OUTDATED"},
		{workspaces.ErrCLINotSignedIn, "CLI_NOT_SIGNED_IN"},
		{workspaces.ErrAzureCLINotFound, "AZURE_CLI_NOT_INSTALLED"},
		{workspaces.ErrAzureCLINotSignedIn, "AZURE_CLI_NOT_SIGNED_IN"},
	}
	for _, tc := range cases {
		t.Run(tc.code, func(t *testing.T) {
			ui := f.UIError(tc.err)
			assert.Equal(t, tc.code, ui.Code)
			assert.Regexp(t, `^[A-Z].*\.$`, ui.Message)
			assert.Equal(t, workspaces.HintOf(tc.err), ui.Hint)
			assert.NotEmpty(t, ui.Hint)
		})
	}
}
