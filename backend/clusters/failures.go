package clusters

import (
	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/notices"
)

// Clusters that fail while in use get the same notice as "ready", whoever
// started them: every all-purpose cluster of a workspace Clusterdeck polls
// (the active one, and any with a followed start) that goes from up
// (RUNNING, RESIZING) to ERROR, or stops for a reason nobody asked for.
// Job clusters are left out: their failures are their job run's, and a
// busy workspace would drown the user in them.

// normalStops are the terminations someone asked for or configured.
var normalStops = map[string]bool{
	string(compute.TerminationReasonCodeUserRequest): true,
	string(compute.TerminationReasonCodeInactivity):  true,
	string(compute.TerminationReasonCodeJobFinished): true,
}

func isUp(state string) bool { return state == "RUNNING" || state == "RESIZING" }

// failedUnexpectedly: ERROR, or stopping for a reason other than a normal stop.
func failedUnexpectedly(r Row) bool {
	switch r.State {
	case "ERROR":
		return true
	case "TERMINATING", "TERMINATED":
		return r.Termination != nil && (r.Termination.Failure || !normalStops[r.Termination.Code])
	}
	return false
}

// watchFailures notes which clusters are up and tells of those that failed
// since. The first sight of a cluster tells nothing: only a change seen
// here is news.
func (s *Service) watchFailures(ws string, rows []Row) {
	var news []Notice
	s.mu.Lock()
	up := s.up[ws]
	if up == nil {
		up = map[string]bool{}
		s.up[ws] = up
	}
	for _, r := range rows {
		id := r.ID
		if r.Kind != KindAllPurpose {
			continue
		}
		switch {
		case isUp(r.State):
			up[id] = true
		case !up[id]:
		case failedUnexpectedly(r):
			delete(up, id)
			news = append(news, failureNotice(ws, r))
		case r.State == "TERMINATING" && r.Termination == nil:
			// the reason comes with a later answer
		default:
			delete(up, id) // a normal stop or a restart
		}
	}
	s.mu.Unlock()
	for _, n := range news {
		s.sink.Notice(n)
	}
}

func failureNotice(ws string, r Row) Notice {
	title, reason := r.Name+" failed", notices.Failed
	if r.State != "ERROR" {
		title, reason = r.Name+" was terminated", notices.Terminated
	}
	body := "It stopped while it was running."
	if r.Termination != nil && r.Termination.Summary != "" {
		body = r.Termination.Summary
		if r.Termination.Fix != "" {
			body += " " + r.Termination.Fix
		}
	} else if r.StateMessage != "" {
		body = r.StateMessage
	}
	return Notice{Kind: "error", Reason: reason, Title: title, Body: body, Workspace: ws, ClusterID: r.ID}
}
