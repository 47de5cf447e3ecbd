package clusterlist_test

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/clusterlist"
	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
)

// BenchmarkAll10k lists 10,000 clusters (plus the seed) lean; compare
// BenchmarkListAll10k in backend/demo, the SDK's typed listing of the same.
func BenchmarkAll10k(b *testing.B) {
	_, w := demotest.Start(b, demo.Options{ExtraClusters: 10_000})
	ctx := demotest.Ctx(b)
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		all, err := clusterlist.All(ctx, w.Pages, compute.ListClustersRequest{})
		if err != nil {
			b.Fatal(err)
		}
		n = len(all)
	}
	b.StopTimer()
	if n < 10_000 {
		b.Fatalf("listed %d clusters, want at least 10000", n)
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/10k")
}
