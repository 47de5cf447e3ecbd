package app

import (
	"context"
	"sync"

	"github.com/wailsapp/wails/v2/pkg/runtime"
)

// Emitter sends events to the page. The desktop app uses WailsEmitter; the
// browser test bridge supplies its hub through WireEmitter, so facades never
// touch the runtime.
type Emitter interface {
	Emit(name Event, data ...any)
}

// WireEmitter adapts a transport that sends events by their wire name (the
// bridge's hub, which cannot import this package) into an Emitter.
type WireEmitter func(name string, data ...any)

// Emit implements Emitter.
func (f WireEmitter) Emit(name Event, data ...any) { f(name.wireName(), data...) }

// WailsEmitter forwards to runtime.EventsEmit once Wails has given it a
// context. Wails' runtime calls log.Fatalf on a context it did not create, so
// events emitted before startup are dropped rather than crashing the app.
type WailsEmitter struct {
	mu  sync.RWMutex
	ctx context.Context
}

// Bind stores the context Wails passes to OnStartup.
func (w *WailsEmitter) Bind(ctx context.Context) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.ctx = ctx
}

// Emit implements Emitter.
func (w *WailsEmitter) Emit(name Event, data ...any) {
	w.mu.RLock()
	ctx := w.ctx
	w.mu.RUnlock()
	if ctx == nil {
		return
	}
	runtime.EventsEmit(ctx, name.wireName(), data...)
}
