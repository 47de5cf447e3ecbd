package clusters

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/leanread"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// EventQuery selects a page of a cluster's event log, newest first.
type EventQuery struct {
	Types  []string `json:"types"`
	Offset int      `json:"offset"`
	Limit  int      `json:"limit"`
}

// EventRow is one event with its meaning spelled out.
type EventRow struct {
	Time        string       `json:"time"` // RFC 3339
	Timestamp   int64        `json:"timestamp"`
	Type        string       `json:"type"`
	Meaning     string       `json:"meaning"`
	User        string       `json:"user,omitempty"`
	Workers     string       `json:"workers,omitempty"` // "2 → 4"
	Reason      *Explanation `json:"reason,omitempty"`
	Cause       string       `json:"cause,omitempty"`
	DetailsJSON string       `json:"detailsJson"`
}

// EventPage is one page of the log.
type EventPage struct {
	Events []EventRow `json:"events"`
	Total  int        `json:"total"`
	More   bool       `json:"more"`
}

// Events reads one page of a cluster's event log.
func (s *Service) Events(ctx context.Context, ws, id string, q EventQuery) (EventPage, error) {
	if q.Limit <= 0 || q.Limit > 200 {
		q.Limit = 20
	}
	if q.Offset < 0 {
		q.Offset = 0
	}
	_, walker, err := s.clients.get(ctx, ws)
	if err != nil {
		return EventPage{}, err
	}
	req := compute.GetEvents{ClusterId: id, Limit: int64(q.Limit), Offset: int64(q.Offset), Order: compute.GetEventsOrderDesc}
	for _, t := range q.Types {
		req.EventTypes = append(req.EventTypes, compute.EventType(t))
	}
	resp, err := workspaces.RetryPage(ctx, func(ctx context.Context) (*leanread.Events, error) {
		return leanread.EventsPage(ctx, walker, req)
	})
	if err != nil {
		if errors.Is(err, apierr.ErrInvalidParameterValue) {
			if _, getErr := s.getRaw(ctx, ws, id); errors.Is(getErr, ErrNotFound) {
				return EventPage{}, notFound("events of "+id, err)
			}
		}
		return EventPage{}, fmt.Errorf("events of %s: %w", id, err)
	}
	more := resp.NextPage != nil
	page := EventPage{Events: make([]EventRow, 0, len(resp.Events)), Total: eventTotal(int(resp.TotalCount), q.Offset, len(resp.Events), more), More: more}
	for i := range resp.Events {
		e, err := resp.Events[i].SDK()
		if err != nil {
			return EventPage{}, fmt.Errorf("events of %s: %w", id, err)
		}
		r := eventRow(e)
		if raw := resp.Events[i].DetailsJSON(); raw != "" {
			r.DetailsJSON = raw
		}
		page.Events = append(page.Events, r)
	}
	return page, nil
}

// eventTotal is the page's total. total_count is deprecated: the service
// sends 0 for page_token requests and says it will for offset/limit ones
// soon (SDK GetEventsResponse.TotalCount). Without it, the total is what is
// known to exist: the events up to this page, and one more when there are
// more, so the pager still reaches the next page.
func eventTotal(reported, offset, got int, more bool) int {
	known := offset + got
	if more {
		known++
	}
	return max(reported, known)
}

// workersText is an event's worker counts as a line can say them without
// contradicting itself: a resize goes "2 → 4"; an event that reports where
// the cluster stands reads "6", or "6 of 8" while short of its target.
func workersText(t compute.EventType, current, target int) string {
	switch t {
	case compute.EventTypeResizing:
		if current != target {
			return fmt.Sprintf("%d → %d", current, target)
		}
		return fmt.Sprintf("%d", target)
	case compute.EventTypeUpsizeCompleted, compute.EventTypeRunning, compute.EventTypeAddNodesFailed:
		if current != target {
			return fmt.Sprintf("%d of %d", current, target)
		}
		return fmt.Sprintf("%d", current)
	}
	return ""
}

func eventRow(e compute.ClusterEvent) EventRow {
	r := EventRow{Timestamp: e.Timestamp, Time: time.UnixMilli(e.Timestamp).UTC().Format(time.RFC3339),
		Type: string(e.Type), Meaning: ExplainEventType(e.Type), DetailsJSON: "{}"}
	if d := e.Details; d != nil {
		r.User = d.User
		r.Cause = string(d.Cause)
		r.Reason = ExplainTermination(d.Reason)
		r.Workers = workersText(e.Type, d.CurrentNumWorkers, d.TargetNumWorkers)
	}
	return r
}
