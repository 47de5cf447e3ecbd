package fleet

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/databricks/databricks-sdk-go/service/sql"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/clusters"
	"github.com/clusterdeck/clusterdeck/backend/metrics"
	"github.com/clusterdeck/clusterdeck/backend/policyeval"
	"github.com/clusterdeck/clusterdeck/backend/rates"
	"github.com/clusterdeck/clusterdeck/backend/warehouses"
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
	assert.Equal(t, 3, calls, "the cache is read (for the warehouses) once per workspace")
	for _, w := range s.workspaces() {
		assert.Nil(t, w.OverPolicy, w.ID)
	}
}

// The warehouses come from the cached catalog (no call to the workspace),
// priced at the workspace's prices; only running and starting ones count.
func TestServiceAddsTheCachedWarehouses(t *testing.T) {
	fetched := now.Add(-3 * time.Minute)
	snaps := map[string]catalog.Snapshot{"prod": {Warehouses: catalog.Section[[]sql.EndpointInfo]{FetchedAt: fetched, Items: []sql.EndpointInfo{
		{Id: "w1", Name: "BI", State: sql.StateRunning, ClusterSize: "Small", NumClusters: 2, MinNumClusters: 1, MaxNumClusters: 4,
			WarehouseType: sql.EndpointInfoWarehouseTypePro, AutoStopMins: 10},
		{Id: "w2", Name: "Off", State: sql.StateStopped, ClusterSize: "Large", AutoStopMins: 0},
	}}}}
	s := NewService(Config{Listings: &fakeListings{}, Workspaces: named, Now: func() time.Time { return now },
		Catalog: func(ws string) (catalog.Snapshot, error) { return snaps[ws], nil },
		Warehouses: &warehouses.Pricer{Rates: func() policyeval.RateTable { return rates.NewStore("").Table() },
			Prices: func(string) metrics.Prices { return metrics.Prices{SQLPro: 0.55} }}})
	v, _ := s.View("kind")
	var got []Row
	for _, r := range v.Rows {
		if r.Kind == KindSQLWarehouse {
			got = append(got, r)
		}
	}
	require.Len(t, got, 1, "the stopped one is not running compute")
	assert.Equal(t, "BI", got[0].Name)
	assert.Equal(t, "SQL warehouse", got[0].KindLabel)
	assert.Equal(t, "Small × 2", got[0].Workers, "the range is on the Warehouses page: the Size column never cuts a figure")
	assert.Equal(t, &clusters.RowCost{DBUsPerHour: 24, DollarsPerHour: 13.2, Priced: true}, got[0].Cost)
	for _, w := range v.Workspaces {
		if w.ID == "prod" {
			assert.Equal(t, fetched.Format(time.RFC3339), w.WarehousesAt)
			assert.Equal(t, 1, w.Total.Warehouses)
		}
	}
}
