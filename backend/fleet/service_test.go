package fleet

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/clusters"
)

// fakeListings serves the fixture's listings and records the pollers asked for.
type fakeListings struct {
	mu      sync.Mutex
	watched [][]string
}

func (f *fakeListings) Fleet(ids []string) []clusters.Listed {
	var out []clusters.Listed
	for _, w := range fixture() {
		for _, l := range w.Listed {
			l.Workspace = w.ID
			out = append(out, l)
		}
	}
	return out
}

func (f *fakeListings) WatchFleet(ids []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.watched = append(f.watched, ids)
}

func named() []Named { return []Named{{"prod", "Prod"}, {"dev", "Dev"}, {"new", "New"}} }

func TestServiceViewJoinsListingsToTheSwitchersWorkspaces(t *testing.T) {
	s := NewService(Config{Listings: &fakeListings{}, Workspaces: named, Now: func() time.Time { return now }})
	v, keys := s.View("workspace")
	assert.Equal(t, Build(fixture(), "workspace", now), v, "the same page as Build over the fixture")
	assert.Equal(t, []string{"cost-center"}, keys)
	assert.Equal(t, CSV(v), s.CSV("workspace"))
}

func TestServiceWatchFetchesMissingCatalogsAndStartsThePollers(t *testing.T) {
	l := &fakeListings{}
	var mu sync.Mutex
	var ensured []string
	s := NewService(Config{Listings: l, Workspaces: named, Ensure: func(_ context.Context, ws string) {
		mu.Lock()
		defer mu.Unlock()
		ensured = append(ensured, ws)
	}})
	s.Watch(context.Background())
	s.Close() // waits for the fetches
	assert.ElementsMatch(t, []string{"prod", "dev", "new"}, ensured)
	s.Unwatch()
	require.Len(t, l.watched, 2)
	assert.Equal(t, []string{"prod", "dev", "new"}, l.watched[0])
	assert.Nil(t, l.watched[1], "closing the page stops the fleet's pollers")
}

func TestServiceChecksPolicySizeOnlyWithACatalog(t *testing.T) {
	calls := 0
	s := NewService(Config{Listings: &fakeListings{}, Workspaces: named, Now: func() time.Time { return now },
		Catalog: func(string) (catalog.Snapshot, error) { calls++; return catalog.Snapshot{}, errors.New("none cached") }})
	s.View("workspace")
	assert.Equal(t, 0, calls, "no rate table: nothing is checked against a policy")
	for _, w := range s.workspaces() {
		assert.Nil(t, w.OverPolicy, w.ID)
	}
}
