package demo

import (
	"encoding/base64"
	"fmt"
	"sort"
	"strconv"
	"strings"
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
	var matched []compute.ClusterEvent
	for _, e := range cl.events {
		if req.StartTime > 0 && e.Timestamp < req.StartTime {
			continue
		}
		if req.EndTime > 0 && e.Timestamp > req.EndTime {
			continue
		}
		if len(types) > 0 && !types[e.Type] {
			continue
		}
		matched = append(matched, e)
	}
	// Events are stored oldest first; the API's default order is newest first.
	if req.Order != compute.GetEventsOrderAsc {
		rev := make([]compute.ClusterEvent, len(matched))
		for i, e := range matched {
			rev[len(matched)-1-i] = e
		}
		matched = rev
	} else {
		sort.SliceStable(matched, func(i, j int) bool { return matched[i].Timestamp < matched[j].Timestamp })
	}

	usingTokens := req.PageSize > 0 || req.PageToken != ""
	limit, offset := req.Limit, req.Offset
	if usingTokens {
		limit = int64(req.PageSize)
		if req.PageToken != "" {
			o, err := decodeOffsetToken(req.PageToken)
			if err != nil {
				return nil, err
			}
			offset = o
		} else {
			offset = 0
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
	resp := compute.GetEventsResponse{Events: matched[lo:hi], TotalCount: total}
	if hi < total {
		next := req
		next.ForceSendFields = nil
		if usingTokens {
			next.PageToken = encodeOffsetToken(hi)
			next.PageSize = int(limit)
			resp.NextPageToken = next.PageToken
		} else {
			next.Offset = hi
			next.Limit = limit
		}
		resp.NextPage = &next
	}
	if usingTokens && lo > 0 {
		resp.PrevPageToken = encodeOffsetToken(max(lo-limit, 0))
	}
	if resp.Events == nil {
		resp.Events = []compute.ClusterEvent{}
	}
	return resp, nil
}

// Page tokens are opaque to clients; here they wrap an offset.
func encodeOffsetToken(offset int64) string {
	return base64.RawURLEncoding.EncodeToString([]byte("o:" + strconv.FormatInt(offset, 10)))
}

func decodeOffsetToken(tok string) (int64, error) {
	raw, err := base64.RawURLEncoding.DecodeString(tok)
	if err != nil || !strings.HasPrefix(string(raw), "o:") {
		return 0, errInvalidParam("Invalid page token: %q", tok)
	}
	n, err := strconv.ParseInt(strings.TrimPrefix(string(raw), "o:"), 10, 64)
	if err != nil || n < 0 {
		return 0, errInvalidParam("Invalid page token: %q", tok)
	}
	return n, nil
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
