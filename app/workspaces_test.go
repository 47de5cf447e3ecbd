package app

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/session"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

type recordedEvent struct {
	name string
	data []any
}

type recordingEmitter struct{ events []recordedEvent }

func (r *recordingEmitter) Emit(name string, data ...any) {
	r.events = append(r.events, recordedEvent{name, data})
}

// newTestApp wires the facades the way main.go does, over a real demo
// workspace server, with the keychain replaced by memory.
func newTestApp(t *testing.T) (*App, *recordingEmitter) {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	srv, err := demo.Start(ctx, demo.Options{})
	require.NoError(t, err)
	mgr, err := workspaces.NewManager(workspaces.Deps{
		Paths:   workspaces.Paths{Config: filepath.Join(home, "config"), Cache: filepath.Join(home, "cache"), Data: filepath.Join(home, "data")},
		Secrets: credentials.NewMemoryStore(), Home: home,
		LookupEnv: func(string) (string, bool) { return "", false },
	})
	require.NoError(t, err)
	mgr.SetDemo(workspaces.Demo{URL: srv.URL(), Token: srv.Token()})
	rec := &recordingEmitter{}
	return New(Deps{Emitter: rec, Session: session.New(mgr, session.Options{})}), rec
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

	require.NotEmpty(t, rec.events)
	last := rec.events[len(rec.events)-1]
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

func TestBackendRulesReadAsSentences(t *testing.T) {
	f := NewErrorFormatter(backendRules()...)
	cases := []struct {
		err  error
		code string
	}{
		{workspaces.ErrUnreachable, "UNREACHABLE"},
		{workspaces.ErrUnauthorized, "UNAUTHORIZED"},
		{workspaces.ErrMissingSecret, "MISSING_SECRET"},
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
