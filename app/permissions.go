package app

import (
	"context"

	"github.com/clusterdeck/clusterdeck/backend/permissions"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Permissions is the facade of the Permissions panel: one object (a
// cluster, an instance pool or a cluster policy, by its API object type and
// id) at a time.
type Permissions struct {
	facade
	svc *permissions.Service
}

// Get returns who holds which level on the object and what you may do.
func (p *Permissions) Get(workspaceID, objectType, objectID string) (permissions.View, error) {
	return call(p.facade, workspaceID, workspaces.TimeoutPanel, func(ctx context.Context) (permissions.View, error) {
		return p.svc.Get(ctx, workspaceID, objectType, objectID)
	})
}

// Grant adds principals at levels or changes their level; other grants stay.
func (p *Permissions) Grant(workspaceID, objectType, objectID string, grants []permissions.Grant) (permissions.View, error) {
	return write(p.facade, workspaceID, workspaces.TimeoutPanel, func(ctx context.Context) (permissions.View, error) {
		return p.svc.Update(ctx, workspaceID, objectType, objectID, grants)
	})
}

// Remove takes a principal's direct grant away.
func (p *Permissions) Remove(workspaceID, objectType, objectID string, principal permissions.Principal) (permissions.View, error) {
	return write(p.facade, workspaceID, workspaces.TimeoutPanel, func(ctx context.Context) (permissions.View, error) {
		return p.svc.Remove(ctx, workspaceID, objectType, objectID, principal)
	})
}

// ChangeOwner hands a cluster to another user (admins only).
func (p *Permissions) ChangeOwner(workspaceID, objectType, objectID, userName string) (permissions.View, error) {
	return write(p.facade, workspaceID, workspaces.TimeoutPanel, func(ctx context.Context) (permissions.View, error) {
		return p.svc.ChangeOwner(ctx, workspaceID, objectType, objectID, userName)
	})
}

// Search finds users, groups and service principals by name.
func (p *Permissions) Search(workspaceID, text string) ([]permissions.Principal, error) {
	return call(p.facade, workspaceID, workspaces.TimeoutPanel, func(ctx context.Context) ([]permissions.Principal, error) {
		return p.svc.Search(ctx, workspaceID, text)
	})
}
