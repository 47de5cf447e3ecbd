package app

import (
	"context"
	"errors"
	"log/slog"
	"sync"

	"github.com/wailsapp/wails/v2/pkg/runtime"
)

// desktopServices are the few things only the desktop shell can do. They
// sit behind this interface so nothing outside app/ touches the Wails
// runtime, and the browser bridge (tests) gets a stand-in.
type desktopServices interface {
	// OpenURL opens an address in the system browser.
	OpenURL(url string) error
	// Notify shows a desktop notification if the platform has them; the
	// page always shows the same notice in the app as well.
	Notify(title, body string)
	// bind receives Wails' context at startup.
	bind(ctx context.Context)
}

var errNotStarted = errors.New("the window is not ready yet")

func newDesktopServices(transport string, log *slog.Logger) desktopServices {
	if transport == "desktop" {
		return &wailsServices{log: log}
	}
	return &headlessServices{log: log}
}

// wailsServices uses Wails' runtime: BrowserOpenURL, and its notifications
// (D-Bus org.freedesktop.Notifications on Linux, native elsewhere).
type wailsServices struct {
	log *slog.Logger

	mu            sync.RWMutex
	ctx           context.Context
	notifications bool
}

func (w *wailsServices) bind(ctx context.Context) {
	ok := false
	if err := runtime.InitializeNotifications(ctx); err != nil {
		w.log.Info("desktop notifications unavailable; notices stay in the app", "err", err)
	} else {
		ok = runtime.IsNotificationAvailable(ctx)
	}
	w.mu.Lock()
	w.ctx, w.notifications = ctx, ok
	w.mu.Unlock()
}

func (w *wailsServices) OpenURL(url string) error {
	w.mu.RLock()
	ctx := w.ctx
	w.mu.RUnlock()
	if ctx == nil {
		return errNotStarted
	}
	runtime.BrowserOpenURL(ctx, url)
	return nil
}

func (w *wailsServices) Notify(title, body string) {
	w.mu.RLock()
	ctx, ok := w.ctx, w.notifications
	w.mu.RUnlock()
	if ctx == nil || !ok {
		return
	}
	err := runtime.SendNotification(ctx, runtime.NotificationOptions{ID: title, Title: title, Body: body})
	if err != nil {
		w.log.Info("desktop notification failed; the notice is shown in the app", "err", err)
	}
}

// headlessServices stand in when there is no window (the browser bridge):
// the URL is only logged, and notices stay in the page.
type headlessServices struct{ log *slog.Logger }

func (h *headlessServices) bind(context.Context) {}

func (h *headlessServices) OpenURL(url string) error {
	h.log.Info("open in browser (no window in this transport)", "url", url)
	return nil
}

func (h *headlessServices) Notify(string, string) {}
