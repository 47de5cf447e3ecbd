package app

import (
	"context"
	"io"
	"log/slog"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Wails' runtime calls log.Fatalf when handed a context it did not create,
// which would end the whole process (and this test binary with it). Every
// wrapper over it must therefore do nothing, or say "not ready", until Wails
// has called OnStartup. An exit here fails the run; a panic fails the case.
func TestDesktopRuntimeWrappersBeforeStartup(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	emitter := &WailsEmitter{}
	services := newDesktopServices("desktop", log, emitter)
	_, isWails := services.(*wailsServices)
	assert.True(t, isWails, "the desktop transport must use the Wails runtime wrapper")

	cases := []struct {
		name    string
		call    func() error
		wantErr error
	}{
		{name: "emit", call: func() error { emitter.Emit(EventClustersChanged, "ws", 1); return nil }},
		{name: "emit without data", call: func() error { emitter.Emit(EventClustersChanged); return nil }},
		{name: "notify", call: func() error {
			services.Notify("Cluster ready", "etl is running", NoticeLink{Workspace: "demo", ClusterID: "c1"})
			return nil
		}},
		{name: "open url", call: func() error { return services.OpenURL("https://example.com") }, wantErr: errNotStarted},
		{name: "save file", call: func() error {
			_, err := DesktopFiles{Emitter: emitter}.SaveFile(context.Background(), "spec.json", []byte("{}"))
			return err
		}, wantErr: errNoWindow},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			assert.NotPanics(t, func() { err = tc.call() })
			if tc.wantErr != nil {
				assert.ErrorIs(t, err, tc.wantErr)
			} else {
				assert.NoError(t, err)
			}
		})
	}
}

// A desktop App can be built, used and shut down without Wails ever
// starting (the bindings run does exactly that): nothing reaches the runtime.
func TestDesktopAppWithoutWindow(t *testing.T) {
	emitter := &WailsEmitter{}
	a := New(Deps{Transport: "desktop", Emitter: emitter, Files: DesktopFiles{Emitter: emitter}})
	assert.NotPanics(t, func() {
		_, _ = a.Shell.Info()
		_ = a.Shell.Ready()
		_ = a.Clusters.SetVisible(false)
		a.Shutdown(context.Background())
	})
}

// A bare string literal takes its default type, string, which is not an
// Event: Emit("clusters:changed") does not compile, only EventName values do.
func TestOnlyEventNamesAreEvents(t *testing.T) {
	event := reflect.TypeOf((*Event)(nil)).Elem()
	assert.False(t, reflect.TypeOf("clusters:changed").Implements(event))
	assert.True(t, reflect.TypeOf(EventClustersChanged).Implements(event))
	assert.True(t, reflect.TypeOf(Scoped(EventClustersChanged, "demo")).Implements(event))
}

func TestWireEmitterSendsTheScopedWireName(t *testing.T) {
	var got []any
	send := WireEmitter(func(name string, data ...any) { got = append([]any{name}, data...) })
	send.Emit(Scoped(EventClusterChanged, "demo:c-1"), 7)
	assert.Equal(t, []any{"cluster:changed:demo:c-1", 7}, got)
}
