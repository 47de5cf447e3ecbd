package app

import (
	"time"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/policies"
	"github.com/clusterdeck/clusterdeck/backend/pools"
	"github.com/clusterdeck/clusterdeck/backend/session"
)

// The pages' views are built in backend/pools and backend/policies.
type (
	ListingCache = catalog.ListingCache
	PoolView     = pools.PoolView
	PoolsView    = pools.ListView
	PolicyView   = policies.PolicyView
	PoliciesView = policies.ListView
)

// Catalog is the facade of the read-only Pools and Policies pages. It reads
// the workspace's catalog cache only, so both pages work offline and say how
// old what they show is; Workspaces.RefreshCatalog fetches it anew.
type Catalog struct {
	session  *session.Session
	pools    *pools.Service
	policies *policies.Service
	now      func() time.Time // read by the services; tests set it
}

func newCatalog(d Deps) *Catalog {
	c := &Catalog{session: d.Session, now: time.Now}
	if d.Catalog != nil {
		now := func() time.Time { return c.now() }
		c.pools, c.policies = pools.NewService(d.Catalog, now), policies.NewService(d.Catalog, now)
	}
	return c
}

func (c *Catalog) ready(workspaceID string) error {
	if c.session == nil || c.pools == nil {
		return errNotWired
	}
	_, err := c.session.Status(workspaceID)
	return err
}

// Pools lists the workspace's instance pools from the cache, by name.
func (c *Catalog) Pools(workspaceID string) (PoolsView, error) {
	if err := c.ready(workspaceID); err != nil {
		return PoolsView{}, err
	}
	return forPageErr(c.pools.List(workspaceID))
}

// Policies lists every cluster policy the cache holds (all-purpose and
// job-only alike), by name, with the rules of each definition.
func (c *Catalog) Policies(workspaceID string) (PoliciesView, error) {
	if err := c.ready(workspaceID); err != nil {
		return PoliciesView{}, err
	}
	return forPageErr(c.policies.List(workspaceID))
}
