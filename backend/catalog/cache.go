// Package catalog caches, per workspace, what the cluster forms need (node
// types, Spark versions, policies, pools, current user) under the XDG cache
// dir, refreshes it in the background, and serves it when offline.
package catalog

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sync"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
	"github.com/clusterdeck/clusterdeck/backend/workspaces/atomicfile"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/iam"
	"github.com/databricks/databricks-sdk-go/service/sql"
)

// SchemaVersion of the cache files. A file of another version is ignored
// (it is a cache: it is simply fetched again).
const SchemaVersion = 1

// Errors.
var (
	ErrNotCached = errors.New("nothing cached for this workspace yet")
	ErrBadID     = errors.New("invalid workspace id")
)

// Section is one cached listing with the time it was fetched.
type Section[T any] struct {
	Items     T         `json:"items"`
	FetchedAt time.Time `json:"fetched_at"`      // zero: never fetched
	Error     string    `json:"error,omitempty"` // last refresh failure, if any
}

// Snapshot is everything cached for one workspace.
type Snapshot struct {
	SchemaVersion int                                     `json:"schema_version"`
	WorkspaceID   string                                  `json:"workspace_id"`
	NodeTypes     Section[[]compute.NodeType]             `json:"node_types"`
	SparkVersions Section[[]compute.SparkVersion]         `json:"spark_versions"`
	Policies      Section[[]compute.Policy]               `json:"policies"`
	Pools         Section[[]compute.InstancePoolAndStats] `json:"pools"`
	CurrentUser   Section[*iam.User]                      `json:"current_user"`
	// Warehouses are the SQL warehouses (the Warehouses page offline, the
	// Fleet and the palette); not part of FetchedAt: a user without SQL
	// access never has them, and the cluster form does not need them.
	Warehouses Section[[]sql.EndpointInfo] `json:"warehouses"`
}

// FetchedAt is the time of the oldest section ever fetched (zero if none),
// i.e. how stale the least fresh part of the data is.
func (s Snapshot) FetchedAt() time.Time {
	var oldest time.Time
	for _, t := range []time.Time{s.NodeTypes.FetchedAt, s.SparkVersions.FetchedAt, s.Policies.FetchedAt,
		s.Pools.FetchedAt, s.CurrentUser.FetchedAt} {
		if !t.IsZero() && (oldest.IsZero() || t.Before(oldest)) {
			oldest = t
		}
	}
	return oldest
}

// Age is how old the data is at now ("offline, data N minutes old"); zero
// when nothing was ever fetched.
func (s Snapshot) Age(now time.Time) time.Duration {
	t := s.FetchedAt()
	if t.IsZero() {
		return 0
	}
	return now.Sub(t)
}

// Cache stores one JSON file per workspace in dir, written atomically.
// It keeps the last snapshot it read of each workspace: decoding
// the SDK's types is slow (about 200 ms for 1,000 policies and pools), and
// every page and check reads the cache. The file's size and modification
// time tell when another writer changed it.
type Cache struct {
	dir  string
	mu   sync.Mutex
	memo map[string]memo
}

type memo struct {
	snap Snapshot
	mod  time.Time
	size int64
}

// NewCache returns a cache in dir (e.g. workspaces.Paths.Cache + "/catalog").
func NewCache(dir string) *Cache { return &Cache{dir: dir, memo: map[string]memo{}} }

// remembered is the kept snapshot of id if the file is still the one it
// was read from.
func (c *Cache) remembered(id, path string) (Snapshot, bool) {
	fi, err := os.Stat(path)
	if err != nil {
		return Snapshot{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	m, ok := c.memo[id]
	if !ok || !m.mod.Equal(fi.ModTime()) || m.size != fi.Size() {
		return Snapshot{}, false
	}
	return m.snap, true
}

func (c *Cache) remember(id, path string, s Snapshot) {
	fi, err := os.Stat(path)
	c.mu.Lock()
	defer c.mu.Unlock()
	if err != nil {
		delete(c.memo, id)
		return
	}
	c.memo[id] = memo{snap: s, mod: fi.ModTime(), size: fi.Size()}
}

func (c *Cache) forget(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.memo, id)
}

var idPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

func (c *Cache) path(id string) (string, error) {
	if !idPattern.MatchString(id) {
		return "", fmt.Errorf("%w: %q", ErrBadID, id)
	}
	return filepath.Join(c.dir, id+".json"), nil
}

// Load returns the cached snapshot of a workspace, or ErrNotCached. The
// snapshot's slices are shared with later callers: read them, never change
// them in place.
func (c *Cache) Load(id string) (Snapshot, error) {
	path, err := c.path(id)
	if err != nil {
		return Snapshot{}, err
	}
	if s, ok := c.remembered(id, path); ok {
		return s, nil
	}
	data, err := boundedfile.ReadFile(path, boundedfile.CacheLimit, "a catalog cache")
	if errors.Is(err, fs.ErrNotExist) {
		return Snapshot{WorkspaceID: id, SchemaVersion: SchemaVersion}, ErrNotCached
	}
	if err != nil {
		return Snapshot{}, fmt.Errorf("read catalog cache: %w", err)
	}
	var s Snapshot
	if err := json.Unmarshal(data, &s); err != nil || s.SchemaVersion != SchemaVersion || s.WorkspaceID != id {
		return Snapshot{WorkspaceID: id, SchemaVersion: SchemaVersion}, ErrNotCached
	}
	c.remember(id, path, s)
	return s, nil
}

// Save writes the snapshot (mode 0600).
func (c *Cache) Save(s Snapshot) error {
	path, err := c.path(s.WorkspaceID)
	if err != nil {
		return err
	}
	s.SchemaVersion = SchemaVersion
	data, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("encode catalog cache: %w", err)
	}
	// The next Load decodes what was written, so readers see exactly what
	// a later start would (times as stored, not as held in memory).
	c.forget(s.WorkspaceID)
	if err := atomicfile.Write(path, data, 0o600); err != nil {
		return fmt.Errorf("save catalog cache: %w", err)
	}
	return nil
}

// Remove deletes a workspace's cache (workspace deleted, demo reset).
func (c *Cache) Remove(id string) error {
	path, err := c.path(id)
	if err != nil {
		return err
	}
	c.forget(id)
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove catalog cache: %w", err)
	}
	return nil
}
