// Package pools is the instance-pool resource kind: the service the Pools
// facade calls (service.go), the views the page gets (views.go) and the
// actions each pool state allows (actions.go). Pools are read from the
// workspace's catalog cache, so the page works offline.
package pools

import (
	"time"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
)

// Source is the catalog cache the service reads (catalog.Refresher).
type Source interface {
	Cached(workspaceID string) (catalog.Snapshot, catalog.Status, error)
}

// Service lists a workspace's pools. Creating, editing and deleting pools
// (issue 13) belong here too, next to List.
type Service struct {
	source Source
	now    func() time.Time
}

// NewService reads from source; now defaults to time.Now.
func NewService(source Source, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{source: source, now: now}
}

// List returns the workspace's pools from the cache, by name, with how old
// the listing is and why its last refresh failed, if it did.
func (s *Service) List(workspaceID string) (ListView, error) {
	snap, st, err := s.source.Cached(workspaceID)
	if err != nil {
		return ListView{}, err
	}
	st.WorkspaceID = workspaceID
	return listView(catalog.ListingOf(snap.Pools, st, s.now()), snap.Pools.Items), nil
}
