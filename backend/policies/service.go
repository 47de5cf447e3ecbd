// Package policies is the cluster-policy resource kind: the service the
// Policies facade calls (service.go), the views the page gets (views.go) and
// the actions each policy allows (actions.go). Policies are read from the
// workspace's catalog cache, so the page works offline.
package policies

import (
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
)

// Service lists a workspace's cluster policies. Creating, editing and
// deleting policies (issue 13) belong here too, next to List.
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

// List returns every cluster policy the cache holds (all-purpose and
// job-only alike), by name, with the rules of each definition.
func (s *Service) List(workspaceID string) (ListView, error) {
	cache, items, err := catalog.Listing(s.cache, workspaceID,
		func(snap catalog.Snapshot) catalog.Section[[]compute.Policy] { return snap.Policies }, s.now())
	if err != nil {
		return ListView{}, err
	}
	return listView(cache, items), nil
}
