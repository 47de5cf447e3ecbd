// Package warehouses is the SQL warehouse resource kind: the service the
// Warehouses facade calls (service.go, ops.go), the views the page gets
// (views.go) and the actions each state allows (actions.go). Without a
// connection the page reads the workspace's catalog cache, so it works
// offline.
package warehouses

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/leanread"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// ClientSource gives a workspace's SDK client (workspaces.Manager does).
type ClientSource interface {
	Client(ctx context.Context, workspaceID string) (*workspaceapi.Client, error)
}

// Poll intervals of the live list: slow at rest, fast while a warehouse
// is starting, stopping or being deleted.
const (
	PollSlow = 30 * time.Second
	PollFast = 5 * time.Second
)

var (
	// ErrNotFound: the warehouse does not exist (any more) in the workspace.
	ErrNotFound = errors.New("this SQL warehouse no longer exists in the workspace")
	// ErrNotAllowed: the warehouse's state does not allow the action.
	ErrNotAllowed = errors.New("the warehouse's state does not allow this action")
	// ErrNameMismatch: the typed confirmation does not match the name.
	ErrNameMismatch = errors.New("the typed name does not match the warehouse's name")
	// ErrNoClients: no workspace directory was wired (tests of other parts).
	ErrNoClients = errors.New("this workspace cannot be reached for warehouse changes")
)

// Service lists a workspace's SQL warehouses and starts, stops and
// deletes them.
type Service struct {
	cache   catalog.Reader
	clients ClientSource
	now     func() time.Time
	pricer  *Pricer     // nil: no cost estimates
	events  eventsCache // warehouse events read for load charts (load.go)
}

// NewService reads from cache (catalog.Refresher) and talks to workspaces
// through clients; now defaults to time.Now.
func NewService(cache catalog.Reader, clients ClientSource, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{cache: cache, clients: clients, now: now}
}

// List returns the workspace's warehouses from the cache, by name, with
// how old the listing is and why its last refresh failed, if it did.
func (s *Service) List(workspaceID string) (ListView, error) {
	cache, items, err := catalog.Listing(s.cache, workspaceID,
		func(snap catalog.Snapshot) catalog.Section[[]sql.EndpointInfo] { return snap.Warehouses }, s.now())
	if err != nil {
		return ListView{}, err
	}
	v := listView(cache, items)
	s.pricer.Price(workspaceID, v.Warehouses)
	v.NextPollSec = int(PollSlow / time.Second)
	return v, nil
}

// Live lists the warehouses from the workspace: one list call. When the
// workspace cannot be reached, the cached listing comes back with the
// error, so the page keeps showing rows with their age.
func (s *Service) Live(ctx context.Context, ws string) (ListView, error) {
	w, err := s.client(ctx, ws)
	if err == nil {
		var items []sql.EndpointInfo
		items, err = leanread.Warehouses(ctx, w.Pages)
		if err == nil {
			v := listView(catalog.ListingCache{WorkspaceID: ws, Cached: true, FetchedAt: catalog.RFC3339(s.now())}, items)
			v.Live = true
			s.pricer.Price(ws, v.Warehouses)
			v.NextPollSec = int(PollSlow / time.Second)
			if v.Changing {
				v.NextPollSec = int(PollFast / time.Second)
			}
			return v, nil
		}
	}
	v, cerr := s.List(ws)
	if cerr != nil {
		return ListView{}, fmt.Errorf("list SQL warehouses: %w", err)
	}
	v.Cache.Error = err.Error()
	return v, nil
}

func (s *Service) client(ctx context.Context, ws string) (*workspaceapi.Client, error) {
	if s.clients == nil {
		return nil, ErrNoClients
	}
	return s.clients.Client(ctx, ws)
}
