// Package pools is the instance-pool resource kind: the service the Pools
// facade calls (service.go, live.go, ops.go), the views the page gets
// (views.go), the form's rules (form.go, edit.go) and the actions each pool
// state allows (actions.go). Without a connection the page reads the
// workspace's catalog cache, so it works offline.
package pools

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// ClientSource gives a workspace's SDK client (workspaces.Manager does).
type ClientSource interface {
	Client(ctx context.Context, workspaceID string) (*workspaceapi.Client, error)
}

// Poll intervals of the live list: slow at rest, fast while some pool is
// acquiring instances (pending counts). Usage (which clusters use a pool)
// is listed at most every UsageMaxAge.
const (
	PollSlow    = 30 * time.Second
	PollFast    = 5 * time.Second
	UsageMaxAge = 30 * time.Second
)

var (
	// ErrNotFound: the pool does not exist (any more) in the workspace.
	ErrNotFound = errors.New("this instance pool no longer exists in the workspace")
	// ErrNotAllowed: the pool's state does not allow the action.
	ErrNotAllowed = errors.New("the pool's state does not allow this action")
	// ErrNameMismatch: the typed confirmation does not match the pool's name.
	ErrNameMismatch = errors.New("the typed name does not match the pool's name")
	// ErrNoClients: no workspace directory was wired (tests of other parts).
	ErrNoClients = errors.New("this workspace cannot be reached for pool changes")
)

// Service lists a workspace's pools and creates, edits and deletes them.
type Service struct {
	cache    catalog.Reader
	clients  ClientSource
	profiles func() []workspaces.Profile
	now      func() time.Time

	mu    sync.Mutex
	usage map[string]usage                          // per workspace
	last  map[string][]compute.InstancePoolAndStats // the last live list, for unique names
}

type usage struct {
	at     time.Time
	byPool map[string][]ClusterRef
	all    []compute.ClusterDetails
	sig    string // the pools' used counts when listed (usedSignature)
}

// NewService reads from cache (catalog.Refresher); now defaults to time.Now.
func NewService(cache catalog.Reader, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{cache: cache, now: now, usage: map[string]usage{}, last: map[string][]compute.InstancePoolAndStats{}}
}

// WithClients lets the service talk to workspaces (live list and changes).
func (s *Service) WithClients(c ClientSource) *Service {
	s.clients = c
	return s
}

// List returns the workspace's pools from the cache, by name, with how old
// the listing is and why its last refresh failed, if it did.
func (s *Service) List(workspaceID string) (ListView, error) {
	cache, items, err := catalog.Listing(s.cache, workspaceID,
		func(snap catalog.Snapshot) catalog.Section[[]compute.InstancePoolAndStats] { return snap.Pools }, s.now())
	if err != nil {
		return ListView{}, err
	}
	v := listView(cache, items)
	v.NextPollSec = int(PollSlow / time.Second)
	return v, nil
}

func (s *Service) client(ctx context.Context, ws string) (*workspaceapi.Client, error) {
	if s.clients == nil {
		return nil, ErrNoClients
	}
	return s.clients.Client(ctx, ws)
}
