package clusters

import (
	"github.com/clusterdeck/clusterdeck/backend/notices"

	"fmt"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

type followUp struct {
	name   string
	action Action
	view   View // the list the cluster shows in
	until  time.Time
}

// viewOf is the tab a cluster of this source lists in; ok is false for
// sources no tab lists (pipelines, SQL warehouses).
func viewOf(source compute.ClusterSource) (View, bool) {
	for _, v := range []View{ViewAllPurpose, ViewJob} {
		for _, s := range v.sources() {
			if s == source {
				return v, true
			}
		}
	}
	return "", false
}

// startFollowing remembers a cluster the user started, for its notice, and
// makes sure the poller of the list it shows in runs to see it finish, even
// when the page shows another tab or workspace.
func (s *Service) startFollowing(ws, id, name string, a Action, source compute.ClusterSource) {
	v, ok := viewOf(source)
	if !ok {
		return // no list would ever see it finish
	}
	s.mu.Lock()
	if s.follows[ws] == nil {
		s.follows[ws] = map[string]followUp{}
	}
	s.follows[ws][id] = followUp{name: name, action: a, view: v, until: s.clock.Now().Add(s.follow)}
	lv, existed := s.views[viewKey{ws, v}]
	if !existed {
		lv = s.newViewLocked(ws, v)
	}
	s.mu.Unlock()
	if !existed {
		lv.poller.Start(s.ctx)
		return
	}
	lv.poller.Wake()
}

func (s *Service) stopFollowing(ws, id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.follows[ws], id)
}

// followsInLocked says whether a followed cluster lists in the view.
func (s *Service) followsInLocked(ws string, v View) bool {
	for _, f := range s.follows[ws] {
		if f.view == v {
			return true
		}
	}
	return false
}

// observe turns the fate of followed clusters into notices. from is the
// view whose whole list rows holds: a followed cluster of that view missing
// from it was deleted. "" means rows is not a whole list (the open detail).
func (s *Service) observe(ws string, rows RowSet, from View) {
	now := s.clock.Now()
	var news []Notice
	s.mu.Lock()
	for id, f := range s.follows[ws] {
		r, ok := rows.Get(id)
		switch {
		case !ok:
			if (from != "" && from == f.view) || now.After(f.until) {
				delete(s.follows[ws], id)
			}
		case r.State == "RUNNING":
			delete(s.follows[ws], id)
			news = append(news, Notice{Kind: "success", Reason: notices.Ready, Title: r.Name + " is ready",
				Body: fmt.Sprintf("The compute is running with %s.", workersPhrase(r.Workers)), Workspace: ws, ClusterID: id})
		case r.State == "TERMINATING" || r.State == "TERMINATED" || r.State == "ERROR":
			delete(s.follows[ws], id)
			body := "It stopped before it was ready."
			if r.Termination != nil {
				body = r.Termination.Summary
				if r.Termination.Fix != "" {
					body += " " + r.Termination.Fix
				}
			}
			news = append(news, Notice{Kind: "error", Reason: notices.StartFailed, Title: r.Name + " failed to start", Body: body, Workspace: ws, ClusterID: id})
		case now.After(f.until):
			delete(s.follows[ws], id)
		}
	}
	s.mu.Unlock()
	for _, n := range news {
		s.sink.Notice(n)
	}
}
