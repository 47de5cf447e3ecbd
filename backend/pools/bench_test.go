package pools

import (
	"fmt"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
	"github.com/clusterdeck/clusterdeck/backend/demo"
)

// BenchmarkLive1000Pools lists 1,000 pools live from the Demo workspace (one
// pools call, plus the clusters listing the first time): what the Pools page
// waits for on each poll.
func BenchmarkLive1000Pools(b *testing.B) {
	_, w := startDemo(b, demo.Options{ExtraPools: 997})
	svc := NewService(fakeSource{}, nil).WithClients(fixedClient{w})
	ctx := testCtx(b)
	v, err := svc.Live(ctx, "ws")
	require.NoError(b, err)
	require.GreaterOrEqual(b, len(v.Pools), 1000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := svc.Live(ctx, "ws"); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/list")
}

// BenchmarkViews1000Pools builds the page's rows of 1,000 pools (no network):
// the backend's share of showing them.
func BenchmarkViews1000Pools(b *testing.B) {
	items := make([]compute.InstancePoolAndStats, 1000)
	for i := range items {
		items[i] = compute.InstancePoolAndStats{InstancePoolId: fmt.Sprintf("p%04d", i), InstancePoolName: fmt.Sprintf("pool-%04d", 999-i),
			NodeTypeId: "Standard_DS3_v2", State: compute.InstancePoolStateActive, CustomTags: map[string]string{"team": "x"},
			Stats: &compute.InstancePoolStats{IdleCount: 1, UsedCount: 2}}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		listView(catalog.ListingCache{}, items)
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/1000rows")
}

// BenchmarkSDKList1000Pools is the SDK's own typed list call alone, most of
// it decoding: Live reads the same answer with leanread.Pools instead.
func BenchmarkSDKList1000Pools(b *testing.B) {
	_, w := startDemo(b, demo.Options{ExtraPools: 997})
	ctx := testCtx(b)
	for i := 0; i < b.N; i++ {
		if _, err := w.InstancePools.ListAll(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLiveAt10kClusters is the Pools page's first answer in a
// workspace of 10,000 clusters: the pools call and a listing of every
// cluster for which pools they use (lean, through leanread).
func BenchmarkLiveAt10kClusters(b *testing.B) {
	_, w := startDemo(b, demo.Options{ExtraClusters: 10_000})
	ctx := testCtx(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		svc := NewService(fakeSource{}, nil).WithClients(fixedClient{w}) // no usage cached
		started := time.Now()
		v, err := svc.Live(ctx, "ws")
		if err != nil {
			b.Fatal(err)
		}
		if v.Cache.Error != "" {
			b.Fatal(v.Cache.Error)
		}
		fmt.Printf("BENCH pools_live_10k_clusters_ms %d   # Pools page's first answer with 10,000 clusters to read usage from\n", time.Since(started).Milliseconds())
	}
}
