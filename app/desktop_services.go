package app

import (
	"context"
	"errors"
	"fmt"
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
	// Notify shows a desktop notification if the platform has them; a
	// click on it opens the cluster it links to (EventNoticeClicked).
	Notify(title, body string, link NoticeLink)
	// bind receives Wails' context at startup.
	bind(ctx context.Context)
}

var errNotStarted = errors.New("the window is not ready yet")

// errNoAddress: the workspace gave no such page (a run's page for compute no job made).
var errNoAddress = errors.New("this compute has no such page")

// openPage opens an address the workspace gave (never one the page
// supplies) in the system browser; what names the page in an error.
func openPage(d desktopServices, what, address string, err error) (string, error) {
	if err == nil && address == "" {
		err = errNoAddress
	}
	if err == nil {
		err = d.OpenURL(address)
	}
	if err != nil {
		return "", fmt.Errorf("open %s: %w", what, err)
	}
	return address, nil
}

// NoticeLink is the cluster a notification is about.
type NoticeLink struct {
	Workspace string `json:"workspace"`
	ClusterID string `json:"clusterId"`
}

// wailsServices uses Wails' runtime: BrowserOpenURL, and its notifications
// (D-Bus org.freedesktop.Notifications on Linux, native elsewhere).
type wailsServices struct {
	log  *slog.Logger
	emit Emitter

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
		runtime.OnNotificationResponse(ctx, func(r runtime.NotificationResult) {
			if w.clicked(r) {
				runtime.WindowShow(ctx)
			}
		})
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

func (w *wailsServices) Notify(title, body string, link NoticeLink) {
	w.mu.RLock()
	ctx, ok := w.ctx, w.notifications
	w.mu.RUnlock()
	if ctx == nil || !ok {
		return
	}
	err := runtime.SendNotification(ctx, runtime.NotificationOptions{ID: title, Title: title, Body: body,
		Data: map[string]any{"workspace": link.Workspace, "clusterId": link.ClusterID}})
	if err != nil {
		w.log.Info("desktop notification failed; the notice is shown in the app", "err", err)
	}
}

// clicked passes a click on a notification to the page, which opens the
// cluster it names; false when the answer names none (or is an error).
func (w *wailsServices) clicked(r runtime.NotificationResult) bool {
	if r.Error != nil {
		w.log.Info("desktop notification answer", "err", r.Error)
		return false
	}
	ws, _ := r.Response.UserInfo["workspace"].(string)
	id, _ := r.Response.UserInfo["clusterId"].(string)
	if ws == "" || id == "" {
		return false
	}
	w.emit.Emit(EventNoticeClicked, NoticeLink{Workspace: ws, ClusterID: id})
	return true
}

// headlessServices stand in when there is no window (the browser bridge):
// the URL is only logged, and notices stay in the page.
type headlessServices struct{ log *slog.Logger }

func (h *headlessServices) bind(context.Context) {}

func (h *headlessServices) OpenURL(url string) error {
	h.log.Info("open in browser (no window in this transport)", "url", url)
	return nil
}

func (h *headlessServices) Notify(string, string, NoticeLink) {}
