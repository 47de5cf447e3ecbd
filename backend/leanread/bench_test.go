package leanread_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/sql"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
	"github.com/clusterdeck/clusterdeck/backend/leanread"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// BenchmarkClusters10k lists 10,000 clusters (plus the seed) lean; compare
// BenchmarkListAll10k in backend/demo, the SDK's typed listing of the same.
func BenchmarkClusters10k(b *testing.B) {
	_, w := demotest.Start(b, demo.Options{ExtraClusters: 10_000})
	ctx := demotest.Ctx(b)
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		all, err := leanread.Clusters(ctx, w.Pages, compute.ListClustersRequest{})
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

// BenchmarkEventsPage500 decodes one page of 500 resize events, each with
// the cluster's attributes in its details: the SDK's typed answer against
// the lean one (SDK() per event, as the callers read them).
func BenchmarkEventsPage500(b *testing.B) {
	var page strings.Builder
	page.WriteString(`{"events":[`)
	for i := range 500 {
		if i > 0 {
			page.WriteString(",")
		}
		fmt.Fprintf(&page, `{"cluster_id":"0101-abc","timestamp":%d,"type":"UPSIZE_COMPLETED","details":{"current_num_workers":%d,"target_num_workers":%d,`+
			`"cluster_size":{"autoscale":{"min_workers":2,"max_workers":8}},"reason":{"code":"AUTOSCALE","type":"SUCCESS","parameters":{"a":"b"}},`+
			`"attributes":{"cluster_name":"x","spark_version":"15.4.x-scala2.12","node_type_id":"Standard_DS3_v2","autotermination_minutes":60,`+
			`"custom_tags":{"team":"a"},"spark_conf":{"spark.a":"1"},"azure_attributes":{"availability":"ON_DEMAND_AZURE","first_on_demand":1}}}}`,
			1_700_000_000_000+i*1000, i%8, (i+1)%8)
	}
	page.WriteString(`],"total_count":500}`)
	data := []byte(page.String())
	b.Run("sdk", func(b *testing.B) {
		for range b.N {
			var r compute.GetEventsResponse
			if err := json.Unmarshal(data, &r); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/page")
	})
	b.Run("lean", func(b *testing.B) {
		for range b.N {
			var r leanread.Events
			if err := json.Unmarshal(data, &r); err != nil {
				b.Fatal(err)
			}
			for i := range r.Events {
				if _, err := r.Events[i].SDK(); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/page")
	})
}

// BenchmarkPools1000 lists 1,000 pools (plus the seed) with Pools;
// BenchmarkSDKPools1000 is the SDK's ListAll of the same answer.
func BenchmarkPools1000(b *testing.B) {
	benchList(b, demo.Options{ExtraPools: 1000}, func(ctx context.Context, w *workspaceapi.Client) error {
		_, err := leanread.Pools(ctx, w.Pages)
		return err
	})
}

func BenchmarkSDKPools1000(b *testing.B) {
	benchList(b, demo.Options{ExtraPools: 1000}, func(ctx context.Context, w *workspaceapi.Client) error {
		_, err := w.InstancePools.ListAll(ctx)
		return err
	})
}

// BenchmarkPolicies1000 and BenchmarkSDKPolicies1000: the same for 1,000 policies.
func BenchmarkPolicies1000(b *testing.B) {
	benchList(b, demo.Options{ExtraPolicies: 1000}, func(ctx context.Context, w *workspaceapi.Client) error {
		_, err := leanread.Policies(ctx, w.Pages, compute.ListClusterPoliciesRequest{})
		return err
	})
}

func BenchmarkSDKPolicies1000(b *testing.B) {
	benchList(b, demo.Options{ExtraPolicies: 1000}, func(ctx context.Context, w *workspaceapi.Client) error {
		_, err := w.ClusterPolicies.ListAll(ctx, compute.ListClusterPoliciesRequest{})
		return err
	})
}

// benchList times one list call against a Demo workspace seeded with opts.
func benchList(b *testing.B, opts demo.Options, list func(context.Context, *workspaceapi.Client) error) {
	_, w := demotest.Start(b, opts)
	ctx := demotest.Ctx(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := list(ctx, w); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/list")
}

// BenchmarkWarehouses500 and BenchmarkSDKWarehouses500: the same for 500 SQL warehouses.
func BenchmarkWarehouses500(b *testing.B) {
	benchList(b, demo.Options{ExtraWarehouses: 500}, func(ctx context.Context, w *workspaceapi.Client) error {
		_, err := leanread.Warehouses(ctx, w.Pages)
		return err
	})
}

func BenchmarkSDKWarehouses500(b *testing.B) {
	benchList(b, demo.Options{ExtraWarehouses: 500}, func(ctx context.Context, w *workspaceapi.Client) error {
		_, err := w.Warehouses.ListAll(ctx, sql.ListWarehousesRequest{})
		return err
	})
}
