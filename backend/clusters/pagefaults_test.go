package clusters

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/faultproxy"
	"github.com/clusterdeck/clusterdeck/backend/internal/sdktest"
)

// Issue 35 item 7: with 5 % of the list pages answered 500, a list of
// 10,000 clusters completes: each failed page is tried again on its own
// and the walk goes on (one failed page used to fail the whole pass, which
// then started again from the first page, and never finished).
func TestAListWalkSurvivesFailedPages(t *testing.T) {
	srv, _ := startDemo(t, demo.Options{ExtraClusters: 10000})
	p, err := faultproxy.Start(srv.URL(), 0)
	require.NoError(t, err)
	t.Cleanup(func() { _ = p.Close() })
	w := sdktest.Client(t, p.URL(), srv.Token())

	list := func() (map[string]bool, int, time.Duration) {
		seen := map[string]bool{}
		start := time.Now()
		calls, err := ListPages(context.Background(), w.Pages, ViewAllPurpose, func(rows []Row) error {
			for _, r := range rows {
				require.False(t, seen[r.ID], "each cluster comes once")
				seen[r.ID] = true
			}
			return nil
		})
		require.NoError(t, err)
		return seen, calls, time.Since(start)
	}
	want, _, clean := list()
	require.Greater(t, len(want), 5000)

	require.NoError(t, p.Set(faultproxy.Fault{Mode: faultproxy.Status, Status: 500, Rate: 0.05, Seed: 3, Path: "/api/2.1/clusters/list"}))
	before := p.Stats()
	got, calls, faulty := list()
	st := p.Stats()
	assert.Equal(t, want, got)
	faulted := st.Faulted - before.Faulted
	require.Positive(t, faulted, "the seed hits some pages: %+v then %+v", before, st)
	assert.Equal(t, calls+faulted, st.Requests-before.Requests, "only the failed pages were asked again")
	t.Logf("%d pages, %d answered 500: %s with faults, %s without", calls, faulted, faulty.Round(time.Millisecond), clean.Round(time.Millisecond))
}
