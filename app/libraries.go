package app

import (
	"context"

	"github.com/clusterdeck/clusterdeck/backend/libraries"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Libraries is the facade of a cluster's Libraries tab.
type Libraries struct {
	facade
	svc *libraries.Service
}

// Get returns the cluster's libraries with their status.
func (l *Libraries) Get(workspaceID, clusterID string) (libraries.View, error) {
	return call(l.facade, workspaceID, workspaces.TimeoutPanel, func(ctx context.Context) (libraries.View, error) {
		return l.svc.Get(ctx, workspaceID, clusterID)
	})
}

// Install checks the form and installs the library when nothing blocks it.
func (l *Libraries) Install(workspaceID, clusterID string, form libraries.Form) (libraries.Outcome, error) {
	return write(l.facade, workspaceID, workspaces.TimeoutPanel, func(ctx context.Context) (libraries.Outcome, error) {
		return l.svc.Install(ctx, workspaceID, clusterID, form)
	})
}

// Uninstall marks a library (by its key) for removal at the next restart.
func (l *Libraries) Uninstall(workspaceID, clusterID, key string) (libraries.Outcome, error) {
	return write(l.facade, workspaceID, workspaces.TimeoutPanel, func(ctx context.Context) (libraries.Outcome, error) {
		return l.svc.Uninstall(ctx, workspaceID, clusterID, key)
	})
}

// Elsewhere lists the other clusters carrying the library.
func (l *Libraries) Elsewhere(workspaceID, clusterID, key string) ([]libraries.Elsewhere, error) {
	return call(l.facade, workspaceID, workspaces.TimeoutPanel, func(ctx context.Context) ([]libraries.Elsewhere, error) {
		return l.svc.Elsewhere(ctx, workspaceID, clusterID, key)
	})
}
