// Package policies is the cluster-policy resource kind: the service the
// Policies facade calls (service.go), the views the page gets (views.go) and
// the actions each policy allows (actions.go). Policies are read from the
// workspace's catalog cache, so the page works offline.
package policies

import (
	"time"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
)

// Source is the catalog cache the service reads (catalog.Refresher).
type Source interface {
	Cached(workspaceID string) (catalog.Snapshot, catalog.Status, error)
}

// Service lists a workspace's cluster policies. Creating, editing and
// deleting policies (issue 13) belong here too, next to List.
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

// List returns every cluster policy the cache holds (all-purpose and
// job-only alike), by name, with the rules of each definition.
func (s *Service) List(workspaceID string) (ListView, error) {
	snap, st, err := s.source.Cached(workspaceID)
	if err != nil {
		return ListView{}, err
	}
	st.WorkspaceID = workspaceID
	return listView(catalog.ListingOf(snap.Policies, st, s.now()), snap.Policies.Items), nil
}
