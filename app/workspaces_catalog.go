package app

import (
	"context"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
)

// CatalogView is the workspace card's summary (catalog.Refresher.Summary).
type CatalogView = catalog.Summary

// Catalog returns a workspace's cached catalog summary. It reads the disk
// cache only, so switching can paint it at once, even offline.
func (w *Workspaces) Catalog(id string) (CatalogView, error) {
	if w.catalog == nil || w.session == nil {
		return CatalogView{}, errNotWired
	}
	if _, err := w.session.Status(id); err != nil {
		return CatalogView{}, err
	}
	return w.catalogView(id), nil
}

// Catalogs returns the cached catalog summary of every workspace.
func (w *Workspaces) Catalogs() ([]CatalogView, error) {
	if w.catalog == nil || w.session == nil {
		return nil, errNotWired
	}
	out := []CatalogView{}
	for _, p := range w.session.List() {
		out = append(out, w.catalogView(p.ID))
	}
	return forPage(out), nil
}

// RefreshCatalog fetches a workspace's catalog now and returns the result.
// The user waits for it (the Refresh button), so it is bounded by the probe
// timeout and starts with a reachability check: an unreachable workspace
// answers "cannot be reached" at once rather than after the SDK's retries.
func (w *Workspaces) RefreshCatalog(id string) (CatalogView, error) {
	if w.catalog == nil || w.session == nil {
		return CatalogView{}, errNotWired
	}
	if _, err := w.session.Status(id); err != nil {
		return CatalogView{}, err
	}
	var err error
	if w.manager != nil {
		_, err = w.catalog.RefreshInteractive(w.ctx, id, w.manager.Factory().Options().ProbeTimeout,
			func(ctx context.Context) error { return w.manager.Reachable(ctx, id) })
	} else {
		_, err = w.catalog.RefreshNow(w.ctx, id)
	}
	view := w.catalogView(id)
	w.emit.Emit(Scoped(EventCatalogChanged, id), view)
	if err != nil {
		return view, err
	}
	return view, nil
}

// catalogRefreshed publishes a background refresh.
func (w *Workspaces) catalogRefreshed(id string, _ error) {
	if w.catalog != nil {
		w.emit.Emit(Scoped(EventCatalogChanged, id), w.catalogView(id))
	}
}

func (w *Workspaces) catalogView(id string) CatalogView { return w.catalog.Summary(id) }
