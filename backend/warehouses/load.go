package warehouses

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// A warehouse's load over time: how many of its queries were running and
// queued in each interval (from the query history), and how many
// clusters it ran (from system.compute.warehouse_events, read through the
// warehouse itself while it runs: reading it from a stopped warehouse
// would start it and bill).

const (
	loadMaxPoints = 120
	loadMaxPages  = 20 // of historyMaxPage queries each
	// A query that started this long before the window may still run in it.
	loadLookback = time.Hour
	maxLoadRange = 30*24*time.Hour - loadLookback // the API's time range is at most 30 days
	eventsSQL    = "SELECT event_time, event_type, cluster_count FROM system.compute.warehouse_events WHERE warehouse_id = :id AND event_time >= :since ORDER BY event_time"
)

// LoadPoint is one interval [At, At+step) of the chart.
type LoadPoint struct {
	At       string `json:"at"`      // RFC 3339, the interval's start
	Running  int    `json:"running"` // queries running at some time in the interval
	Queued   int    `json:"queued"`  // queries waiting (known for the ones waiting now)
	Clusters int    `json:"clusters"`
}

// LoadSeries is the load chart of one warehouse.
type LoadSeries struct {
	WarehouseID string      `json:"warehouseId"`
	Since       string      `json:"since"`
	Until       string      `json:"until"`
	StepSec     int         `json:"stepSec"`
	Points      []LoadPoint `json:"points"`
	// ClustersKnown: the cluster counts come from the warehouse's events;
	// else ClustersNote says why not, and Clusters is its count now.
	ClustersKnown bool   `json:"clustersKnown"`
	ClustersNote  string `json:"clustersNote,omitempty"`
	// Truncated: the window had more queries than were read.
	Truncated bool `json:"truncated"`
	// Running: a query runs or waits now (the page reads again sooner).
	Running     bool `json:"running"`
	NextPollSec int  `json:"nextPollSec"`
}

// span is one query's time: waiting from start to run, running to end
// (0: still).
type span struct {
	start, end int64
	queued     bool
}

// Load builds the warehouse's load since since (at most 30 days back). A
// warehouse that is gone is ErrNotFound.
func (s *Service) Load(ctx context.Context, ws, warehouseID string, since time.Time) (LoadSeries, error) {
	info, err := s.Get(ctx, ws, warehouseID)
	if err != nil {
		return LoadSeries{}, err
	}
	w, err := s.client(ctx, ws)
	if err != nil {
		return LoadSeries{}, err
	}
	now := s.now()
	if since.IsZero() || now.Sub(since) > maxLoadRange {
		since = now.Add(-maxLoadRange)
	}
	if !since.Before(now) {
		since = now.Add(-time.Hour)
	}
	spans, truncated, err := loadSpans(ctx, w, warehouseID, since.Add(-loadLookback), now)
	if err != nil {
		return LoadSeries{}, err
	}
	step := loadStep(now.Sub(since))
	out := LoadSeries{WarehouseID: warehouseID, Since: since.UTC().Format(time.RFC3339), Until: now.UTC().Format(time.RFC3339),
		StepSec: int(step / time.Second), Truncated: truncated}
	nowMs := now.UnixMilli()
	for t := since.Truncate(step); t.Before(now); t = t.Add(step) {
		lo, hi := t.UnixMilli(), t.Add(step).UnixMilli()
		p := LoadPoint{At: t.UTC().Format(time.RFC3339)}
		for _, sp := range spans {
			end := sp.end
			if end == 0 {
				end = nowMs + 1
			}
			if sp.start < hi && end > lo {
				if sp.queued {
					p.Queued++
				} else {
					p.Running++
				}
			}
		}
		out.Points = append(out.Points, p)
	}
	for _, sp := range spans {
		out.Running = out.Running || sp.end == 0
	}
	if out.Running {
		out.NextPollSec = HistoryPollSec
	}
	s.clusterSeries(ctx, w, info, since, &out)
	return out, nil
}

// loadSpans reads the warehouse's queries that started in [from, to].
func loadSpans(ctx context.Context, w *workspaceapi.Client, warehouseID string, from, to time.Time) ([]span, bool, error) {
	req := sql.ListQueryHistoryRequest{MaxResults: historyMaxPage, FilterBy: &sql.QueryFilter{WarehouseIds: []string{warehouseID},
		QueryStartTimeRange: &sql.TimeRange{StartTimeMs: from.UnixMilli(), EndTimeMs: to.UnixMilli()}}}
	var out []span
	for page := 0; page < loadMaxPages; page++ {
		resp, err := listQueries(ctx, w, req)
		if err != nil {
			return nil, false, fmt.Errorf("read the query history of SQL warehouse %s: %w", warehouseID, err)
		}
		for _, q := range resp.Res {
			sp := span{start: q.QueryStartTimeMs, end: q.QueryEndTimeMs}
			switch q.Status {
			case sql.QueryStatusQueued:
				sp.queued, sp.end = true, 0
			case sql.QueryStatusRunning, sql.QueryStatusStarted, sql.QueryStatusCompiling, sql.QueryStatusCompiled:
				sp.end = 0
			default:
				if sp.end == 0 {
					sp.end = sp.start + q.Duration
				}
			}
			out = append(out, sp)
		}
		if !resp.HasNextPage || resp.NextPageToken == "" {
			return out, false, nil
		}
		req = sql.ListQueryHistoryRequest{MaxResults: historyMaxPage, PageToken: resp.NextPageToken}
	}
	return out, true, nil
}

// loadStep is the chart's interval: a round step giving at most
// loadMaxPoints points.
func loadStep(window time.Duration) time.Duration {
	for _, s := range []time.Duration{time.Minute, 5 * time.Minute, 15 * time.Minute, 30 * time.Minute, time.Hour,
		3 * time.Hour, 6 * time.Hour, 12 * time.Hour} {
		if window/s <= loadMaxPoints {
			return s
		}
	}
	return 24 * time.Hour
}

// warehouseEvent is one row of system.compute.warehouse_events.
type warehouseEvent struct {
	at       time.Time
	typ      string
	clusters int
}

// clusterSeries fills the points' cluster counts from the warehouse's
// events, read through the warehouse when it runs; else (or when the
// events cannot be read) every point has its count now and the note says
// why.
func (s *Service) clusterSeries(ctx context.Context, w *workspaceapi.Client, info sql.EndpointInfo, since time.Time, out *LoadSeries) {
	fill := func(n int) {
		for i := range out.Points {
			out.Points[i].Clusters = n
		}
	}
	if info.State != sql.StateRunning {
		fill(info.NumClusters)
		out.ClustersNote = "Cluster counts over time are read from system.compute.warehouse_events through the warehouse itself; it is not running, and reading them would start it."
		return
	}
	events, err := s.events.read(ctx, w, info.Id, since, s.now())
	if err != nil {
		fill(info.NumClusters)
		out.ClustersNote = "Cluster counts over time could not be read from system.compute.warehouse_events: " + err.Error()
		return
	}
	out.ClustersKnown = true
	// Before the first event the count is what that event changed from.
	n := info.NumClusters
	if len(events) > 0 {
		switch e := events[0]; e.typ {
		case "STARTING", "RUNNING":
			n = 0
		case "SCALED_UP":
			n = max(e.clusters-1, 0)
		case "SCALED_DOWN":
			n = e.clusters + 1
		default:
			n = e.clusters
		}
	}
	k := 0
	step := time.Duration(out.StepSec) * time.Second
	for i := range out.Points {
		t, _ := time.Parse(time.RFC3339, out.Points[i].At)
		peak := n
		for k < len(events) && events[k].at.Before(t.Add(step)) {
			n = events[k].clusters
			peak = max(peak, n)
			k++
		}
		out.Points[i].Clusters = peak // the most clusters the interval ran
	}
	// Events read a while ago (eventsTTL) miss the latest change: the
	// warehouse's count now ends the chart.
	if last := len(out.Points) - 1; last >= 0 {
		out.Points[last].Clusters = max(out.Points[last].Clusters, info.NumClusters)
	}
}

// eventsTTL is how long a warehouse's events are reused: each read is a
// query on the warehouse, which counts as activity and would keep it from
// stopping by itself if a page polling the chart read them every time.
const eventsTTL = 10 * time.Minute

// eventsCache keeps the events last read per warehouse.
type eventsCache struct {
	mu   sync.Mutex
	byID map[string]cachedEvents
}

type cachedEvents struct {
	at     time.Time
	since  time.Time
	events []warehouseEvent
}

// read gives the warehouse's events since since, reading them again when
// the kept ones are older than eventsTTL or start later than since.
func (c *eventsCache) read(ctx context.Context, w *workspaceapi.Client, id string, since, now time.Time) ([]warehouseEvent, error) {
	key := w.Config.Host + "/" + id
	c.mu.Lock()
	got, ok := c.byID[key]
	c.mu.Unlock()
	if ok && now.Sub(got.at) < eventsTTL && !since.Before(got.since) {
		out := make([]warehouseEvent, 0, len(got.events))
		for _, e := range got.events {
			if !e.at.Before(since) {
				out = append(out, e)
			}
		}
		return out, nil
	}
	events, err := readEvents(ctx, w, id, since)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.byID == nil {
		c.byID = map[string]cachedEvents{}
	}
	c.byID[key] = cachedEvents{at: now, since: since, events: events}
	c.mu.Unlock()
	return events, nil
}

// readEvents runs the events query on the warehouse and waits for it.
func readEvents(ctx context.Context, w *workspaceapi.Client, warehouseID string, since time.Time) ([]warehouseEvent, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	resp, err := w.StatementExecution.ExecuteStatement(ctx, sql.ExecuteStatementRequest{WarehouseId: warehouseID, Statement: eventsSQL,
		Parameters: []sql.StatementParameterListItem{{Name: "id", Value: warehouseID},
			{Name: "since", Value: since.UTC().Format(time.RFC3339), Type: "TIMESTAMP"}},
		WaitTimeout: "20s", OnWaitTimeout: sql.ExecuteStatementRequestOnWaitTimeoutCancel,
		Disposition: sql.DispositionInline, Format: sql.FormatJsonArray})
	if err != nil {
		return nil, err
	}
	if resp.Status == nil || resp.Status.State != sql.StatementStateSucceeded {
		msg := "the statement did not finish"
		if resp.Status != nil && resp.Status.Error != nil {
			msg = resp.Status.Error.Message
		}
		return nil, errors.New(msg)
	}
	var out []warehouseEvent
	if resp.Result == nil {
		return out, nil
	}
	for _, row := range resp.Result.DataArray {
		if len(row) < 3 {
			continue
		}
		at, err := time.Parse(time.RFC3339Nano, row[0])
		if err != nil {
			continue
		}
		n, _ := strconv.Atoi(row[2])
		out = append(out, warehouseEvent{at: at, typ: row[1], clusters: n})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].at.Before(out[j].at) })
	return out, nil
}

// Now is the service's clock (the facade counts a chart's hours from it).
func (s *Service) Now() time.Time { return s.now() }
