package warehouses

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo/demotest"
)

// The fleet's "larger than its load needs" flag reads the most queries at
// once over a window.
func TestPeakOf(t *testing.T) {
	cases := []struct {
		name  string
		spans []span
		want  LoadPeak
	}{
		{"none", nil, LoadPeak{}},
		{"one after another", []span{{start: 10, end: 20}, {start: 20, end: 30}, {start: 30, end: 40}}, LoadPeak{Queries: 3, Running: 1}},
		{"three overlap", []span{{start: 10, end: 50}, {start: 20, end: 30}, {start: 25, end: 60}, {start: 55, end: 70}}, LoadPeak{Queries: 4, Running: 3}},
		{"ended before the window: left out", []span{{start: 0, end: 5}, {start: 1, end: 6}, {start: 12, end: 14}}, LoadPeak{Queries: 1, Running: 1}},
		{"started before, runs into it", []span{{start: 0, end: 15}, {start: 12, end: 14}}, LoadPeak{Queries: 2, Running: 2}},
		{"still running and waiting", []span{{start: 20}, {start: 30}, {start: 40, queued: true}}, LoadPeak{Queries: 3, Running: 2, Queued: 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, peakOf(c.spans, 10, 100))
		})
	}
}

// Against the demo's seeded week (sql_history_seed.go): a running
// warehouse with a query waiting ran lately; a stopped one did not.
func TestRanSinceAndPeakOnTheDemo(t *testing.T) {
	srv, svc := historyService(t)
	ctx := demotest.Ctx(t)
	hourAgo := srv.Clock().Now().Add(-time.Hour)
	tests := []struct {
		name, id string
		ran      bool
	}{
		{"a report queued now", alwaysOnID, true},
		{"stopped, nothing in the last hour", "c3d5e7f9a1b2c4d6", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ran, err := svc.RanSince(ctx, "demo", tc.id, hourAgo)
			require.NoError(t, err)
			assert.Equal(t, tc.ran, ran)
		})
	}
	p, err := svc.Peak(ctx, "demo", alwaysOnID, srv.Clock().Now().Add(-7*24*time.Hour))
	require.NoError(t, err)
	assert.False(t, p.Truncated)
	assert.Positive(t, p.Queries)
	assert.GreaterOrEqual(t, p.Queued, 1, "the report waiting now")
	assert.GreaterOrEqual(t, p.Running, 1)
}
