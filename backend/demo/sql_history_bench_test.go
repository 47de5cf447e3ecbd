package demo

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A workspace with 100,000 more history entries: how long the seed takes,
// and a page of 100 of one warehouse's failed queries (a filter that reads
// far into the history) as the API answers it.
func BenchmarkQueryHistory100k(b *testing.B) {
	b.Run("seed", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			srv, err := Start(b.Context(), Options{Seed: 42, FreezeClock: true, StartTime: historyStart, ExtraQueries: 100_000})
			require.NoError(b, err)
			_ = srv.Close()
		}
	})
	b.Run("page", func(b *testing.B) {
		srv := startServer(b, Options{Seed: 42, FreezeClock: true, StartTime: historyStart, ExtraQueries: 100_000})
		q := url.Values{"filter_by.warehouse_ids": {dashboardsID}, "filter_by.statuses": {"FAILED"}, "max_results": {"100"}}
		req, err := http.NewRequest(http.MethodGet, srv.URL()+"/api/2.0/sql/history/queries?"+q.Encode(), nil)
		require.NoError(b, err)
		req.Header.Set("Authorization", "Bearer "+srv.Token())
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			res, err := http.DefaultClient.Do(req)
			require.NoError(b, err)
			require.Equal(b, http.StatusOK, res.StatusCode)
			_ = res.Body.Close()
		}
		b.ReportMetric(float64(time.Duration(b.Elapsed().Nanoseconds()/int64(b.N)).Microseconds()), "µs/page")
	})
}
