package clusters

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/require"
)

// BenchmarkList10kLatency20ms lists 10,000 clusters (plus the seed) from the
// demo workspace with 20 ms added to every request, the way the app does
// (page by page, own page limiter), and prints time to the first rows and to
// the full list next to the lower bound (pages × latency). It also times the
// SDK's ListAll with the app's default limiter, for comparison.
func BenchmarkList10kLatency20ms(b *testing.B) {
	const latency = 20 * time.Millisecond
	srv, src := startDemo(b, demo.Options{ExtraClusters: 10_000, Latency: latency})
	ctx := testCtx(b)
	_, walker, err := newClientSet(src, ListRetryBudget).get(ctx, "demo")
	require.NoError(b, err)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		started := time.Now()
		var first time.Duration
		rows := 0
		calls, err := ListPages(ctx, walker, ViewAllPurpose, func(page []Row) error {
			if rows == 0 {
				first = time.Since(started)
			}
			rows += len(page)
			return nil
		})
		require.NoError(b, err)
		full := time.Since(started)
		pages := calls - 1
		b.ReportMetric(float64(first.Milliseconds()), "first-rows-ms")
		b.ReportMetric(float64(full.Milliseconds()), "full-list-ms")
		b.ReportMetric(float64((time.Duration(calls) * latency).Milliseconds()), "lower-bound-ms")
		b.Logf("all-purpose view: %d rows in %d pages (+1 pinned call): first rows after %s, full list after %s; lower bound %d calls × %s = %s",
			rows, pages, first.Round(time.Millisecond), full.Round(time.Millisecond), calls, latency, time.Duration(calls)*latency)
		fmt.Printf("BENCH list10k_ms %d              # full list, 20 ms injected latency, %d rows\n", full.Milliseconds(), rows)
		// The sequential bound: one walk of full pages after the pinned query.
		seq := 1 + (rows+listPageSize-1)/listPageSize
		fmt.Printf("BENCH list10k_bound_ms %d        # sequential bound: %d calls × 20 ms (%d made, partitions in parallel)\n",
			(time.Duration(seq) * latency).Milliseconds(), seq, calls)
		fmt.Printf("BENCH list10k_first_rows_ms %d    # first page's rows\n", first.Milliseconds())
	}
	b.StopTimer()
	started := time.Now()
	all, err := src.w.Clusters.ListAll(ctx, compute.ListClustersRequest{PageSize: 100})
	require.NoError(b, err)
	b.Logf("for comparison, SDK ListAll of %d clusters with the app's shared 10 rps limiter: %s", len(all), time.Since(started).Round(time.Millisecond))
	_ = srv
}

// BenchmarkWatchIdleCallsPerMinute watches about 1,000 idle all-purpose
// clusters for ten simulated minutes (a fake clock drives the poller; the
// demo counts the requests that reach it) and prints API calls per minute.
func BenchmarkWatchIdleCallsPerMinute(b *testing.B) {
	var mu sync.Mutex
	requests := 0
	srv, src := startDemo(b, demo.Options{Empty: true, ExtraClusters: 1250, Logf: func(string, ...any) {
		mu.Lock()
		requests++
		mu.Unlock()
	}})
	_ = srv
	clock := newFakeClock()
	sink := &recordingSink{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := NewService(ctx, Options{Clients: src, Sink: sink, Clock: clock})
	defer s.Close()
	b.ResetTimer()
	require.NoError(b, s.Watch("demo", ViewAllPurpose))
	passes := 0
	waitPass := func() {
		require.Eventually(b, func() bool {
			s.mu.Lock()
			lv := s.views[viewKey{"demo", ViewAllPurpose}]
			s.mu.Unlock()
			st := lv.poller.Status()
			return !st.Running && !st.NextAt.IsZero() && st.NextAt.After(clock.Now())
		}, 30*time.Second, time.Millisecond)
		passes++
	}
	waitPass()
	mu.Lock()
	requests = 0 // count the steady state, not the first load
	mu.Unlock()
	const minutes = 10
	for i := 0; i < minutes*2; i++ {
		clock.Advance(30 * time.Second)
		waitPass()
	}
	b.StopTimer()
	rows, _ := rowsOf(sink.deltas)
	mu.Lock()
	perMinute := float64(requests) / minutes
	mu.Unlock()
	b.ReportMetric(perMinute, "calls/min")
	fmt.Printf("BENCH watch_calls_per_min %.1f       # %d idle clusters watched: API calls per minute (one listing per 30 s)\n", perMinute, len(rows))
	b.Logf("watching %d idle clusters: %d polls in %d simulated minutes, %.1f API calls per minute (each poll: 1 pinned-filter call + %d list pages)",
		len(rows), passes-1, minutes, perMinute, (len(rows)+99)/100)
}
