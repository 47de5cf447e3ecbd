package app

import (
	"context"

	"github.com/clusterdeck/clusterdeck/backend/libraries"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// The Libraries tab's shapes are built in backend/libraries.
type (
	LibrariesView    = libraries.View
	LibraryForm      = libraries.Form
	LibraryOutcome   = libraries.Outcome
	LibraryElsewhere = libraries.Elsewhere
)

// librariesCallTimeout bounds one tab call (a few API requests).
const librariesCallTimeout = workspaces.TimeoutPanel

// Libraries is the facade of a cluster's Libraries tab.
type Libraries struct {
	facade
	svc *libraries.Service
}

// Get returns the cluster's libraries with their status.
func (l *Libraries) Get(workspaceID, clusterID string) (LibrariesView, error) {
	return call(l.facade, workspaceID, librariesCallTimeout, func(ctx context.Context) (LibrariesView, error) {
		return l.svc.Get(ctx, workspaceID, clusterID)
	})
}

// Install checks the form and installs the library when nothing blocks it.
func (l *Libraries) Install(workspaceID, clusterID string, form LibraryForm) (LibraryOutcome, error) {
	return write(l.facade, workspaceID, librariesCallTimeout, func(ctx context.Context) (LibraryOutcome, error) {
		return l.svc.Install(ctx, workspaceID, clusterID, form)
	})
}

// Uninstall marks a library (by its key) for removal at the next restart.
func (l *Libraries) Uninstall(workspaceID, clusterID, key string) (LibraryOutcome, error) {
	return write(l.facade, workspaceID, librariesCallTimeout, func(ctx context.Context) (LibraryOutcome, error) {
		return l.svc.Uninstall(ctx, workspaceID, clusterID, key)
	})
}

// Elsewhere lists the other clusters carrying the library.
func (l *Libraries) Elsewhere(workspaceID, clusterID, key string) ([]LibraryElsewhere, error) {
	return call(l.facade, workspaceID, librariesCallTimeout, func(ctx context.Context) ([]LibraryElsewhere, error) {
		return l.svc.Elsewhere(ctx, workspaceID, clusterID, key)
	})
}
