package fleet

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/warehouses"
)

// The flags a running warehouse's use raises; unknown use raises none.
func TestWarehouseUseFlags(t *testing.T) {
	yes, no := true, false
	peak := func(queries, running, queued int) *warehouses.LoadPeak {
		return &warehouses.LoadPeak{Queries: queries, Running: running, Queued: queued}
	}
	wh := func(size string, autoStop, clusters int) warehouses.WarehouseView {
		return warehouses.WarehouseView{ID: "w", Name: "BI", State: "RUNNING", Kind: warehouses.KindPro, Size: size,
			Clusters: clusters, MinClusters: 1, MaxClusters: 4, AutoStopMins: autoStop}
	}
	idle := "Nothing has run on it for an hour. Stop it, or set auto-stop to 10 minutes"
	tests := []struct {
		name      string
		w         warehouses.WarehouseView
		use       Use
		wantFlags []Flag
		wantText  []string
	}{
		{"nothing known: no flag", wh("Medium", 30, 1), Use{}, []Flag{}, []string{}},
		{"ran in the last hour", wh("Medium", 30, 1), Use{RanLastHour: &yes}, []Flag{}, []string{}},
		{"idle an hour", wh("Medium", 30, 1), Use{RanLastHour: &no}, []Flag{IdleWarehouse}, []string{idle}},
		{"idle with a short auto-stop", wh("Medium", 10, 1), Use{RanLastHour: &no}, []Flag{IdleWarehouse},
			[]string{"Nothing has run on it for an hour. Stop it: something keeps it up though its auto-stop is short"}},
		{"idle and never stops: both", wh("Medium", 0, 1), Use{RanLastHour: &no}, []Flag{NoAutoStop, IdleWarehouse},
			[]string{"No auto-stop: it runs until someone stops it", idle}},
		{"light load: one size down", wh("Medium", 30, 1), Use{Peak: peak(200, 4, 0)}, []Flag{OversizedWarehouse},
			[]string{"Larger than its load needs: in 7 days at most 4 queries ran at once and none waited (one cluster of any size runs about 10). Try size Small"}},
		{"exactly one cluster's worth", wh("Large", 30, 1), Use{Peak: peak(900, 10, 0)}, []Flag{OversizedWarehouse},
			[]string{"Larger than its load needs: in 7 days at most 10 queries ran at once and none waited (one cluster of any size runs about 10). Try size Medium"}},
		{"more than a cluster's worth", wh("Large", 30, 1), Use{Peak: peak(900, 11, 0)}, []Flag{}, []string{}},
		{"a query waited", wh("Large", 30, 1), Use{Peak: peak(900, 3, 1)}, []Flag{}, []string{}},
		{"scaled out now", wh("Large", 30, 2), Use{Peak: peak(900, 3, 0)}, []Flag{}, []string{}},
		{"history not all read", wh("Large", 30, 1), Use{Peak: &warehouses.LoadPeak{Queries: 20000, Running: 3, Truncated: true}}, []Flag{}, []string{}},
		{"no query in 7 days: the idle flag's case", wh("Large", 30, 1), Use{Peak: peak(0, 0, 0)}, []Flag{}, []string{}},
		{"the smallest size", wh("2X-Small", 30, 1), Use{Peak: peak(50, 1, 0)}, []Flag{}, []string{}},
		{"both", wh("Small", 30, 1), Use{RanLastHour: &no, Peak: peak(5, 1, 0)}, []Flag{IdleWarehouse, OversizedWarehouse},
			[]string{idle, "Larger than its load needs: in 7 days at most 1 queries ran at once and none waited (one cluster of any size runs about 10). Try size X-Small"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := Build([]Workspace{{ID: "ws", Name: "WS", Warehouses: []warehouses.WarehouseView{tc.w},
				Use: map[string]Use{"w": tc.use}}}, "workspace", now)
			require.Len(t, v.Rows, 1)
			assert.Equal(t, tc.wantFlags, v.Rows[0].Flags)
			assert.Equal(t, tc.wantText, v.Rows[0].FlagText)
		})
	}
}

// fakeUse answers the use of warehouses by id and counts the reads.
type fakeUse struct {
	mu        sync.Mutex
	ran       map[string]bool
	fail      map[string]bool
	peak      map[string]warehouses.LoadPeak
	ranCalls  map[string]int
	peakCalls map[string]int
	since     []time.Time
}

func (f *fakeUse) RanSince(_ context.Context, ws, id string, since time.Time) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ranCalls[ws+"/"+id]++
	f.since = append(f.since, since)
	if f.fail[id] {
		return false, errors.New("history unavailable")
	}
	return f.ran[id], nil
}

func (f *fakeUse) Peak(_ context.Context, ws, id string, _ time.Time) (warehouses.LoadPeak, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.peakCalls[ws+"/"+id]++
	if f.fail[id] {
		return warehouses.LoadPeak{}, errors.New("history unavailable")
	}
	return f.peak[id], nil
}

// The page's reads use the cache: the history is read in the background
// while the page is open, once per interval per running warehouse, and a
// failed read flags nothing.
func TestServiceReadsWarehouseUseInTheBackground(t *testing.T) {
	clock := now
	snaps := map[string]catalog.Snapshot{"prod": {Warehouses: catalog.Section[[]sql.EndpointInfo]{FetchedAt: now, Items: []sql.EndpointInfo{
		{Id: "idle", Name: "Idle", State: sql.StateRunning, ClusterSize: "Medium", NumClusters: 1, MinNumClusters: 1, MaxNumClusters: 1, AutoStopMins: 30},
		{Id: "busy", Name: "Busy", State: sql.StateRunning, ClusterSize: "Medium", NumClusters: 1, MinNumClusters: 1, MaxNumClusters: 1, AutoStopMins: 30},
		{Id: "broken", Name: "Broken", State: sql.StateRunning, ClusterSize: "Medium", NumClusters: 1, MinNumClusters: 1, MaxNumClusters: 1, AutoStopMins: 30},
		{Id: "off", Name: "Off", State: sql.StateStopped, ClusterSize: "Medium", AutoStopMins: 30},
	}}}}
	use := &fakeUse{ran: map[string]bool{"busy": true}, fail: map[string]bool{"broken": true},
		peak:     map[string]warehouses.LoadPeak{"idle": {Queries: 3, Running: 1}, "busy": {Queries: 5000, Running: 40, Queued: 6}},
		ranCalls: map[string]int{}, peakCalls: map[string]int{}}
	s := NewService(Config{Listings: &fakeListings{}, Workspaces: named, Now: func() time.Time { return clock },
		Catalog: func(ws string) (catalog.Snapshot, error) { return snaps[ws], nil }, Use: use})
	flags := func() map[string][]Flag {
		v, _ := s.View("workspace")
		out := map[string][]Flag{}
		for _, r := range v.Rows {
			if r.Kind == KindSQLWarehouse {
				out[r.ID] = r.Flags
			}
		}
		return out
	}

	assert.Equal(t, map[string][]Flag{"idle": {}, "busy": {}, "broken": {}}, flags(), "the page is closed: nothing read")
	assert.Empty(t, use.ranCalls)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.Watch(ctx)
	flags() // starts the reads
	s.Close()
	want := map[string][]Flag{"idle": {IdleWarehouse, OversizedWarehouse}, "busy": {}, "broken": {}}
	assert.Equal(t, want, flags())
	assert.Equal(t, map[string]int{"prod/idle": 1, "prod/busy": 1, "prod/broken": 1}, use.ranCalls, "running ones only")
	assert.Equal(t, now.Add(-time.Hour), use.since[0], "the last hour")

	// Renders within the interval read the cache.
	for range 5 {
		flags()
	}
	s.Close()
	assert.Equal(t, 1, use.ranCalls["prod/idle"])
	// After the fleet's interval the last hour is read again, the week's peak not yet.
	clock = now.Add(UseEvery)
	flags()
	s.Close()
	assert.Equal(t, 2, use.ranCalls["prod/idle"])
	assert.Equal(t, 1, use.peakCalls["prod/idle"])
	// It ran meanwhile: the flag goes.
	use.mu.Lock()
	use.ran["idle"] = true
	use.mu.Unlock()
	clock = clock.Add(UseEvery)
	flags()
	s.Close()
	assert.Equal(t, []Flag{OversizedWarehouse}, flags()["idle"])

	// Closed, the page reads nothing more.
	s.Unwatch()
	clock = clock.Add(PeakEvery)
	flags()
	s.Close()
	assert.Equal(t, 3, use.ranCalls["prod/idle"])
}

// hangingUse never answers: its reads end only with their context.
type hangingUse struct{ started, ended chan error }

func (h hangingUse) RanSince(ctx context.Context, _, _ string, _ time.Time) (bool, error) {
	h.started <- nil
	<-ctx.Done()
	h.ended <- ctx.Err()
	return false, ctx.Err()
}

func (h hangingUse) Peak(ctx context.Context, _, _ string, _ time.Time) (warehouses.LoadPeak, error) {
	<-ctx.Done()
	return warehouses.LoadPeak{}, ctx.Err()
}

// Closing the page ends the history reads under way and queued, at once
// (not when each read's own time limit runs out), and flags nothing.
func TestUnwatchEndsTheReads(t *testing.T) {
	snaps := map[string]catalog.Snapshot{"prod": {Warehouses: catalog.Section[[]sql.EndpointInfo]{FetchedAt: now, Items: []sql.EndpointInfo{
		{Id: "a", Name: "A", State: sql.StateRunning, ClusterSize: "Medium", NumClusters: 1, MinNumClusters: 1, MaxNumClusters: 1, AutoStopMins: 30},
	}}}}
	use := hangingUse{started: make(chan error, 1), ended: make(chan error, 1)}
	s := NewService(Config{Listings: &fakeListings{}, Workspaces: named, Now: func() time.Time { return now },
		Catalog: func(ws string) (catalog.Snapshot, error) { return snaps[ws], nil }, Use: use})
	s.Watch(context.Background())
	s.View("workspace") // starts the read
	<-use.started       // under way, not queued: what ends it is the page closing
	s.Unwatch()
	assert.ErrorIs(t, <-use.ended, context.Canceled, "ended by the page closing, not by its time limit")
	s.Close()
	v, _ := s.View("workspace")
	for _, r := range v.Rows {
		if r.Kind == KindSQLWarehouse {
			assert.Empty(t, r.Flags, "nothing read: nothing flagged")
		}
	}
}
