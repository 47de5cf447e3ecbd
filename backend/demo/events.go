package demo

import (
	"encoding/base64"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

const (
	eventsDefaultLimit = 50
	eventsMaxLimit     = 500
)

// event records a cluster event stamped at the instant it happened.
func (ws *workspace) event(c *cluster, at time.Time, typ compute.EventType, d *compute.EventDetails) {
	c.events = append(c.events, compute.ClusterEvent{
		ClusterId: c.d.ClusterId, Timestamp: millis(at), Type: typ, Details: d,
	})
}

func (ws *workspace) clusterEvents(c *call) (any, error) {
	var req compute.GetEvents
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	cl, err := ws.clusterFor(c, req.ClusterId, levelAttach)
	if err != nil {
		return nil, err
	}
	types := map[compute.EventType]bool{}
	for _, t := range req.EventTypes {
		types[t] = true
	}
	var matched []indexedEvent
	for i, e := range cl.allEvents() {
		if req.StartTime > 0 && e.Timestamp < req.StartTime {
			continue
		}
		if req.EndTime > 0 && e.Timestamp > req.EndTime {
			continue
		}
		if len(types) > 0 && !types[e.Type] {
			continue
		}
		matched = append(matched, indexedEvent{e, int64(i)})
	}
	asc := req.Order == compute.GetEventsOrderAsc
	// Events are stored oldest first; the API's default order is newest first.
	if asc {
		sort.SliceStable(matched, func(i, j int) bool { return matched[i].e.Timestamp < matched[j].e.Timestamp })
	} else {
		slices.Reverse(matched)
	}

	usingTokens := req.PageSize > 0 || req.PageToken != ""
	limit, offset := req.Limit, req.Offset
	if usingTokens {
		limit = int64(req.PageSize)
		offset = 0
		if req.PageToken != "" {
			key, err := decodeEventToken(req.PageToken)
			if err != nil {
				return nil, err
			}
			// A token names the event the page starts at, not an offset:
			// events recorded since do not shift the pages.
			offset = int64(sort.Search(len(matched), func(i int) bool { return !key.after(matched[i], asc) }))
		}
	}
	if limit <= 0 {
		limit = eventsDefaultLimit
	}
	if limit > eventsMaxLimit {
		return nil, errInvalidParam("limit must be at most %d (is %d)", eventsMaxLimit, limit)
	}
	if offset < 0 {
		return nil, errInvalidParam("offset must be non-negative (is %d)", offset)
	}
	total := int64(len(matched))
	lo := min(offset, total)
	hi := min(lo+limit, total)
	resp := compute.GetEventsResponse{Events: make([]compute.ClusterEvent, 0, hi-lo), TotalCount: total}
	if req.PageToken != "" {
		// total_count is deprecated and 0 for a request with a page_token
		// (SDK service/compute/model.go, GetEventsResponse.TotalCount).
		resp.TotalCount = 0
	}
	for _, m := range matched[lo:hi] {
		resp.Events = append(resp.Events, m.e)
	}
	if hi < total {
		next := req
		next.ForceSendFields = nil
		if usingTokens {
			next.PageToken = eventToken(matched[hi])
			next.PageSize = int(limit)
			resp.NextPageToken = next.PageToken
		} else {
			next.Offset = hi
			next.Limit = limit
		}
		resp.NextPage = &next
	}
	if usingTokens && lo > 0 {
		resp.PrevPageToken = eventToken(matched[max(lo-limit, 0)])
	}
	return resp, nil
}

// indexedEvent is an event with its place in the cluster's record, which
// never changes: events are only ever appended.
type indexedEvent struct {
	e   compute.ClusterEvent
	idx int64
}

// eventKey is where a page of events starts.
type eventKey struct{ ts, idx int64 }

// after reports whether the page starting at k starts after m in the
// listing's order (ascending: by time, then record; newest first: by record).
func (k eventKey) after(m indexedEvent, asc bool) bool {
	if asc {
		return m.e.Timestamp < k.ts || (m.e.Timestamp == k.ts && m.idx < k.idx)
	}
	return m.idx > k.idx
}

func eventToken(m indexedEvent) string {
	return base64.RawURLEncoding.EncodeToString([]byte(fmt.Sprintf("e:%d:%d", m.e.Timestamp, m.idx)))
}

func decodeEventToken(tok string) (eventKey, error) {
	raw, err := base64.RawURLEncoding.DecodeString(tok)
	var k eventKey
	if err != nil {
		return k, errInvalidParam("Invalid page token: %q", tok)
	}
	if n, serr := fmt.Sscanf(string(raw), "e:%d:%d", &k.ts, &k.idx); serr != nil || n != 2 || k.idx < 0 {
		return k, errInvalidParam("Invalid page token: %q", tok)
	}
	return k, nil
}

func userReason(code compute.TerminationReasonCode, typ compute.TerminationReasonType, params map[string]string) *compute.TerminationReason {
	return &compute.TerminationReason{Code: code, Type: typ, Parameters: params}
}

func describeReason(r *compute.TerminationReason) string {
	if r == nil {
		return ""
	}
	switch r.Code {
	case compute.TerminationReasonCodeInactivity:
		return fmt.Sprintf("Inactive cluster terminated (inactive for %s minutes).", r.Parameters["inactivity_duration_min"])
	case compute.TerminationReasonCodeUserRequest:
		return fmt.Sprintf("Terminated by %s.", r.Parameters["username"])
	case compute.TerminationReasonCodeJobFinished:
		return "Job run finished."
	case compute.TerminationReasonCodeAzureQuotaExceededException:
		return r.Parameters["azure_error_message"]
	}
	return fmt.Sprintf("Terminated: %s.", r.Code)
}
