package app

import (
	"context"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// The form's picker types are built in backend/catalog (EditorOptions).
type (
	NodeTypeOption = catalog.NodeTypeOption
	RuntimeOption  = catalog.RuntimeOption
	PoolOption     = catalog.PoolOption
	EditorCatalog  = catalog.EditorCatalog
)

// Catalog returns the form's choices from the workspace cache, fetching
// them when nothing is cached yet.
func (e *Editor) Catalog(workspaceID string) (EditorCatalog, error) {
	snap, err := e.snapshot(e.ctx, workspaceID)
	if err != nil {
		return EditorCatalog{}, err
	}
	return forPage(e.catalogView(workspaceID, snap)), nil
}

// RefreshCatalog fetches the catalog from the workspace now.
func (e *Editor) RefreshCatalog(workspaceID string) (EditorCatalog, error) {
	if err := e.ready(); err != nil {
		return EditorCatalog{}, err
	}
	if _, err := e.session.Status(workspaceID); err != nil {
		return EditorCatalog{}, err
	}
	ctx, cancel := context.WithTimeout(e.ctx, 2*time.Minute)
	defer cancel()
	snap, err := e.catalog.RefreshNow(ctx, workspaceID)
	if err != nil && snap.WorkspaceID == "" {
		return EditorCatalog{}, err
	}
	return forPage(e.catalogView(workspaceID, snap)), nil
}

func (e *Editor) catalogView(workspaceID string, snap catalog.Snapshot) EditorCatalog {
	return catalog.EditorOptions(snap, e.catalog.Status(workspaceID), declaredCloud(e.session.List(), workspaceID), e.now())
}

// declaredCloud is the cloud a workspace's profile names ("" when unknown).
func declaredCloud(profiles []workspaces.Profile, id string) workspaces.Cloud {
	for _, p := range profiles {
		if p.ID == id {
			return p.Cloud
		}
	}
	return ""
}
