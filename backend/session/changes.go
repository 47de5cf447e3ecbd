package session

import (
	"context"
	"errors"
	"fmt"

	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// Profiles is the part of workspaces.Manager that saved workspaces change through.
type Profiles interface {
	Get(id string) (workspaces.Profile, error)
	Update(ctx context.Context, p workspaces.Profile, in workspaces.SecretInput) (workspaces.Profile, error)
	Delete(ctx context.Context, id string) error
	ResetDemo()
}

// CatalogCache is the per-workspace catalog cache (catalog.Refresher).
type CatalogCache interface {
	Forget(id string) error
}

// ErrNoDemo: the demo workspace is not running, so it cannot be reset.
var ErrNoDemo = errors.New("the demo workspace is not running")

// Changes edits saved workspaces and keeps in step what depends on them:
// this run's connection state and the cached catalog.
type Changes struct {
	session   *Session
	profiles  Profiles
	catalog   CatalogCache // nil: nothing cached
	resetDemo func() error // nil: no demo server
}

// NewChanges wires the edits; catalog and resetDemo may be nil.
func NewChanges(s *Session, p Profiles, catalog CatalogCache, resetDemo func() error) *Changes {
	return &Changes{session: s, profiles: p, catalog: catalog, resetDemo: resetDemo}
}

// Update saves a workspace's new settings. The old connection answer is
// dropped (it was for the old settings); when the host changes, so is the
// cached catalog: the old host's node types and policies must not be
// offered for the new one.
func (c *Changes) Update(ctx context.Context, p workspaces.Profile, in workspaces.SecretInput) (workspaces.Profile, error) {
	old, oldErr := c.profiles.Get(p.ID)
	saved, err := c.profiles.Update(ctx, p, in)
	if err != nil {
		return workspaces.Profile{}, err
	}
	c.session.Forget(p.ID)
	if c.catalog != nil && (oldErr != nil || old.Host != saved.Host) {
		if err := c.catalog.Forget(p.ID); err != nil {
			return saved, fmt.Errorf("the workspace was saved, but the old host's cached catalog could not be removed: %w", err)
		}
	}
	return saved, nil
}

// Delete removes a workspace, its keychain entry and its cached catalog. A
// keychain entry left behind (workspaces.ErrSecretLeftBehind) is reported
// after the rest is done.
func (c *Changes) Delete(ctx context.Context, id string) error {
	err := c.profiles.Delete(ctx, id)
	if err != nil && !errors.Is(err, workspaces.ErrSecretLeftBehind) {
		return err
	}
	c.session.Forget(id)
	if c.catalog != nil {
		// The cache is a copy of the workspace's data; a leftover file is
		// harmless and replaced if the workspace comes back.
		_ = c.catalog.Forget(id)
	}
	return err
}

// ResetDemo puts the Demo workspace back to its seed state and drops its
// client and cached catalog; the next check and refresh repopulate them.
func (c *Changes) ResetDemo() error {
	if c.resetDemo == nil {
		return ErrNoDemo
	}
	if err := c.resetDemo(); err != nil {
		return err
	}
	c.profiles.ResetDemo()
	if c.catalog != nil {
		return c.catalog.Forget(workspaces.DemoID)
	}
	return nil
}
