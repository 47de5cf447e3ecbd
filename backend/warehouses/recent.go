package warehouses

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
)

// What the Fleet page reads of a running warehouse's use: whether anything
// ran on it lately (one short history call) and its busiest moment over
// days (the load's own reader, load.go).

// RanSince reports whether a query of the warehouse started at or after
// since, or runs or waits now (a query that started earlier may still
// run): one Query History call of one row, and a second only when the
// first found nothing.
func (s *Service) RanSince(ctx context.Context, ws, warehouseID string, since time.Time) (bool, error) {
	w, err := s.client(ctx, ws)
	if err != nil {
		return false, err
	}
	started := sql.ListQueryHistoryRequest{MaxResults: 1, FilterBy: &sql.QueryFilter{WarehouseIds: []string{warehouseID},
		QueryStartTimeRange: &sql.TimeRange{StartTimeMs: since.UnixMilli(), EndTimeMs: s.now().UnixMilli()}}}
	live := sql.ListQueryHistoryRequest{MaxResults: 1, FilterBy: &sql.QueryFilter{WarehouseIds: []string{warehouseID},
		Statuses: []sql.QueryStatus{sql.QueryStatusQueued, sql.QueryStatusRunning}}}
	for _, req := range []sql.ListQueryHistoryRequest{started, live} {
		resp, err := listQueries(ctx, w, req)
		if err != nil {
			return false, fmt.Errorf("read the query history of SQL warehouse %s: %w", warehouseID, err)
		}
		if len(resp.Res) > 0 {
			return true, nil
		}
	}
	return false, nil
}

// LoadPeak is a warehouse's busiest moment over a window of its history.
type LoadPeak struct {
	Queries int // queries read in the window
	Running int // the most queries running at once
	Queued  int // the most waiting at once (the history says so of those waiting now)
	// Truncated: the window had more queries than were read, so the peaks
	// are a floor, not the peak.
	Truncated bool
}

// Peak reads the warehouse's queries since since with the load's reader
// and finds the most that ran (and waited) at the same moment.
func (s *Service) Peak(ctx context.Context, ws, warehouseID string, since time.Time) (LoadPeak, error) {
	w, err := s.client(ctx, ws)
	if err != nil {
		return LoadPeak{}, err
	}
	now := s.now()
	spans, truncated, err := loadSpans(ctx, w, warehouseID, since.Add(-loadLookback), now)
	if err != nil {
		return LoadPeak{}, err
	}
	out := peakOf(spans, since.UnixMilli(), now.UnixMilli())
	out.Truncated = truncated
	return out, nil
}

// peakOf sweeps the spans' starts and ends over [from, to]: the most
// running (and queued) at once. Spans that ended before from are left out.
func peakOf(spans []span, from, to int64) LoadPeak {
	type edge struct {
		at     int64
		d      int
		queued bool
	}
	var edges []edge
	var out LoadPeak
	for _, sp := range spans {
		end := sp.end
		if end == 0 {
			end = to + 1 // still running or waiting
		}
		if end <= from {
			continue
		}
		out.Queries++
		edges = append(edges, edge{max(sp.start, from), 1, sp.queued}, edge{end, -1, sp.queued})
	}
	// Ends before starts at the same moment: a query that ends as another
	// starts did not run beside it.
	sort.Slice(edges, func(i, j int) bool {
		if edges[i].at != edges[j].at {
			return edges[i].at < edges[j].at
		}
		return edges[i].d < edges[j].d
	})
	running, queued := 0, 0
	for _, e := range edges {
		if e.queued {
			queued += e.d
			out.Queued = max(out.Queued, queued)
		} else {
			running += e.d
			out.Running = max(out.Running, running)
		}
	}
	return out
}
