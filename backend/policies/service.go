// Package policies is the cluster-policy resource kind: the service the
// Policies facade calls (service.go, edit.go, compliance.go, export.go), the
// views the page gets (views.go) and the actions each policy allows
// (actions.go). Policies are listed from the workspace's catalog cache, so
// the page works offline; changes go to the workspace through the SDK.
package policies

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/rates"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// ClientSource gives a workspace's SDK client.
// databricksClient is the SDK client type, named once.
type databricksClient = workspaceapi.Client

type ClientSource interface {
	Client(ctx context.Context, workspaceID string) (*workspaceapi.Client, error)
}

// Refresher fetches a workspace's catalog anew after a change.
type Refresher interface {
	RefreshNow(ctx context.Context, workspaceID string) (catalog.Snapshot, error)
}

// Service lists, checks, creates, edits and deletes a workspace's cluster
// policies and reports their clusters' compliance.
type Service struct {
	cache   catalog.Reader
	now     func() time.Time
	clients ClientSource
	refresh Refresher
	// rates is the user's DBU rate table (the editor's), for dbus_per_hour rules.
	rates func() policyeval.RateTable

	mu       sync.Mutex
	families map[string][]compute.PolicyFamily // per workspace, once fetched
}

// NewService reads from cache (catalog.Refresher); now defaults to time.Now.
func NewService(cache catalog.Reader, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{cache: cache, now: now, families: map[string][]compute.PolicyFamily{}}
}

// WithRates checks clusters with the user's DBU rate table (rates.Store.Table),
// as the editor does; without it, the built-in one.
func (s *Service) WithRates(table func() policyeval.RateTable) *Service {
	s.rates = table
	return s
}

func (s *Service) rateTable() policyeval.RateTable {
	if s.rates == nil {
		return rates.NewStore("").Table()
	}
	return s.rates()
}

// Connect lets the service change policies: clients reach the workspaces,
// refresh re-reads the catalog after each change.
func (s *Service) Connect(clients ClientSource, refresh Refresher) *Service {
	s.clients, s.refresh = clients, refresh
	return s
}

// List returns every cluster policy the cache holds (all-purpose and
// job-only alike), by name, with the rules of each definition and the
// actions the signed-in user may take.
func (s *Service) List(workspaceID string) (ListView, error) {
	cache, items, err := catalog.Listing(s.cache, workspaceID,
		func(snap catalog.Snapshot) catalog.Section[[]compute.Policy] { return snap.Policies }, s.now())
	if err != nil {
		return ListView{}, err
	}
	return listView(cache, items, s.admin(workspaceID)), nil
}

// Get is one cached policy with its rules, definition and the actions the
// signed-in user may take.
func (s *Service) Get(workspaceID, policyID string) (PolicyView, error) {
	snap, _, err := s.cache.Cached(workspaceID)
	if err != nil {
		return PolicyView{}, err
	}
	p, ok := snap.Policy(policyID)
	if !ok {
		return PolicyView{}, fmt.Errorf("%w: %s is not in the cached policies; refresh the Policies page", ErrUnknownPolicy, policyID)
	}
	return View(p, IsAdmin(snap.CurrentUser.Items)), nil
}

func (s *Service) admin(workspaceID string) bool {
	snap, _, err := s.cache.Cached(workspaceID)
	return err == nil && IsAdmin(snap.CurrentUser.Items)
}
