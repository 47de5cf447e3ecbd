package demo

import (
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// BenchmarkListAll10k lists 10,000 generated clusters (plus the seed) through
// the SDK, page by page, and reports clusters per second.
func BenchmarkListAll10k(b *testing.B) {
	started := time.Now()
	srv := startServer(b, Options{ExtraClusters: 10_000, FreezeClock: true})
	seed := time.Since(started)
	w := client(b, srv, srv.Token())
	// Not testCtx: on a loaded machine one pass may need more than its 45 s.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	b.ResetTimer()
	var n int
	for i := 0; i < b.N; i++ {
		all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{PageSize: 100})
		if err != nil {
			b.Fatal(err)
		}
		n = len(all)
	}
	b.StopTimer()
	if n < 10_000 {
		b.Fatalf("listed %d clusters, want at least 10000", n)
	}
	perPass := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(n), "clusters")
	b.ReportMetric(float64(seed.Milliseconds()), "seed-ms")
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "clusters/s")
	b.Logf("listed %d clusters in %d pages of 100: %s per pass, %s per page (seeding took %s)",
		n, (n+99)/100, perPass.Round(time.Millisecond), (perPass / time.Duration((n+99)/100)).Round(time.Microsecond), seed.Round(time.Millisecond))
}

// BenchmarkServerListLastPage fetches the last page of 10,000 clusters: with
// the list cached it costs what the first page costs.
func BenchmarkServerListLastPage(b *testing.B) {
	srv := startServer(b, Options{ExtraClusters: 10_000, FreezeClock: true})
	list := func(query string) *http.Request {
		req, err := http.NewRequest(http.MethodGet, srv.URL()+"/api/2.1/clusters/list?page_size=100"+query, nil)
		if err != nil {
			b.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+srv.Token())
		return req
	}
	getOK(b, list("")) // the first page keeps the listing's order as snapshot 1
	req := list("&page_token=" + snapshotToken(1, 9_900))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		getOK(b, req)
	}
	b.Logf("last page: %s per request", (b.Elapsed() / time.Duration(b.N)).Round(time.Microsecond))
}

func getOK(b *testing.B, req *http.Request) {
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b.Fatalf("status %d", resp.StatusCode)
	}
}

// BenchmarkServerListPage measures the server side alone: one page of 100
// out of 10,000 clusters, raw HTTP, no SDK decoding.
func BenchmarkServerListPage(b *testing.B) {
	srv := startServer(b, Options{ExtraClusters: 10_000, FreezeClock: true})
	req, err := http.NewRequest(http.MethodGet, srv.URL()+"/api/2.1/clusters/list?page_size=100", nil)
	if err != nil {
		b.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+srv.Token())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		getOK(b, req)
	}
	b.Logf("first page: %s per request", (b.Elapsed() / time.Duration(b.N)).Round(time.Microsecond))
}
