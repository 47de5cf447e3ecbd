package pools

import (
	"errors"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
)

type fakeSource struct {
	snap catalog.Snapshot
	st   catalog.Status
	err  error
}

func (f fakeSource) Cached(string) (catalog.Snapshot, catalog.Status, error) {
	return f.snap, f.st, f.err
}

func TestListFromTheCache(t *testing.T) {
	fetched := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	now := func() time.Time { return fetched.Add(90 * time.Second) }
	pools := []compute.InstancePoolAndStats{
		{InstancePoolId: "p1", InstancePoolName: "Zeta", NodeTypeId: "m5.large", State: compute.InstancePoolStateActive,
			MinIdleInstances: 2, MaxCapacity: 20, IdleInstanceAutoterminationMinutes: 30,
			PreloadedSparkVersions: []string{"16.4.x-scala2.12"}, CustomTags: map[string]string{"team": "de"}},
		{InstancePoolId: "p2", InstancePoolName: "alpha", NodeTypeId: "m5.xlarge", State: compute.InstancePoolStateStopped,
			Stats: &compute.InstancePoolStats{IdleCount: 1, UsedCount: 3, PendingIdleCount: 4, PendingUsedCount: 2}},
	}
	cases := []struct {
		name      string
		src       fakeSource
		wantCache catalog.ListingCache
		wantNames []string
		wantErr   error
	}{
		{name: "never fetched: empty, and says so", src: fakeSource{st: catalog.Status{Refreshing: true}},
			wantCache: catalog.ListingCache{WorkspaceID: "w", Refreshing: true}, wantNames: []string{}},
		{name: "cached: by name case-insensitively, with the section's age and failure",
			src: fakeSource{snap: catalog.Snapshot{Pools: catalog.Section[[]compute.InstancePoolAndStats]{
				FetchedAt: fetched, Error: "workspace unreachable", Items: pools}}, st: catalog.Status{Offline: true}},
			wantCache: catalog.ListingCache{WorkspaceID: "w", Cached: true, FetchedAt: "2026-05-01T09:00:00Z", AgeSeconds: 90,
				Offline: true, Error: "workspace unreachable"},
			wantNames: []string{"alpha", "Zeta"}},
		{name: "a cache that cannot be read is an error", src: fakeSource{err: errors.New("disk")}, wantErr: errors.New("disk")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := NewService(c.src, now).List("w")
			if c.wantErr != nil {
				assert.EqualError(t, err, c.wantErr.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.wantCache, got.Cache)
			names := []string{}
			for _, p := range got.Pools {
				names = append(names, p.Name)
			}
			assert.Equal(t, c.wantNames, names)
		})
	}
}

func TestView(t *testing.T) {
	cases := []struct {
		name string
		in   compute.InstancePoolAndStats
		want PoolView
	}{
		{"settings and tags", compute.InstancePoolAndStats{InstancePoolId: "p1", InstancePoolName: "mem", NodeTypeId: "E8",
			State: compute.InstancePoolStateActive, MinIdleInstances: 2, MaxCapacity: 20, IdleInstanceAutoterminationMinutes: 30,
			PreloadedSparkVersions: []string{"16.4.x-scala2.12"}, CustomTags: map[string]string{"team": "de"}},
			PoolView{ID: "p1", Name: "mem", NodeTypeID: "E8", State: "ACTIVE", MinIdle: 2, MaxCapacity: 20, IdleMinutes: 30,
				Runtimes: []string{"16.4.x-scala2.12"}, Tags: map[string]string{"team": "de"}, Clusters: []ClusterRef{},
				Actions: []Action{ActionEdit, ActionDelete}}},
		{"stats known", compute.InstancePoolAndStats{InstancePoolId: "p2", State: compute.InstancePoolStateStopped,
			Stats: &compute.InstancePoolStats{IdleCount: 1, UsedCount: 3, PendingIdleCount: 4, PendingUsedCount: 2}},
			PoolView{ID: "p2", State: "STOPPED", HasStats: true, Idle: 1, Used: 3, PendingIdle: 4, PendingUsed: 2,
				Runtimes: []string{}, Tags: map[string]string{}, Clusters: []ClusterRef{}, Actions: []Action{ActionEdit, ActionDelete}}},
		{"nothing listed: empty lists, not null", compute.InstancePoolAndStats{InstancePoolId: "p3"},
			PoolView{ID: "p3", Runtimes: []string{}, Tags: map[string]string{}, Clusters: []ClusterRef{}, Actions: []Action{}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { assert.Equal(t, c.want, View(c.in)) })
	}
}

// Edit and delete work on a live pool; a deleted pool (or a state this
// version does not know) offers nothing.
func TestActionsPerState(t *testing.T) {
	cases := []struct {
		state compute.InstancePoolState
		want  []Action
	}{
		{compute.InstancePoolStateActive, []Action{ActionEdit, ActionDelete}},
		{compute.InstancePoolStateStopped, []Action{ActionEdit, ActionDelete}},
		{compute.InstancePoolStateDeleted, []Action{}},
		{"SOMETHING_NEW", []Action{}},
		{"", []Action{}},
	}
	for _, c := range cases {
		t.Run(string(c.state), func(t *testing.T) {
			assert.Equal(t, c.want, Actions(c.state))
			assert.Equal(t, len(c.want) > 0, Allowed(c.state, ActionDelete))
		})
	}
	assert.Len(t, actionTable(), 3, "every state the API names is decided in the table")
}
