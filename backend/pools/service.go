// Package pools is the instance-pool resource kind: the service the Pools
// facade calls (service.go), the views the page gets (views.go) and the
// actions each pool state allows (actions.go). Pools are read from the
// workspace's catalog cache, so the page works offline.
package pools

import (
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
)

// Service lists a workspace's pools. Creating, editing and deleting pools
// (issue 13) belong here too, next to List.
type Service struct {
	cache catalog.Reader
	now   func() time.Time
}

// NewService reads from cache (catalog.Refresher); now defaults to time.Now.
func NewService(cache catalog.Reader, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{cache: cache, now: now}
}

// List returns the workspace's pools from the cache, by name, with how old
// the listing is and why its last refresh failed, if it did.
func (s *Service) List(workspaceID string) (ListView, error) {
	cache, items, err := catalog.Listing(s.cache, workspaceID,
		func(snap catalog.Snapshot) catalog.Section[[]compute.InstancePoolAndStats] { return snap.Pools }, s.now())
	if err != nil {
		return ListView{}, err
	}
	return listView(cache, items), nil
}
