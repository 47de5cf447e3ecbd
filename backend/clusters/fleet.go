package clusters

import "time"

// Listed is one workspace view's rows as its last good pass left them.
type Listed struct {
	Workspace string
	View      View
	Rows      []Row
	At        time.Time // zero: never listed yet
}

// WatchFleet keeps both views of every workspace in wss polled (one list
// pass per view per interval, the same pollers the list uses) while the
// fleet page is open; nil stops it. Views of other workspaces stop.
func (s *Service) WatchFleet(wss []string) {
	want := map[viewKey]bool{}
	for _, ws := range wss {
		for _, v := range []View{ViewAllPurpose, ViewJob} {
			want[viewKey{ws, v}] = true
		}
	}
	s.mu.Lock()
	var wake, start []*Poller
	for k, lv := range s.views {
		if lv.fleet != want[k] {
			lv.fleet = want[k]
			wake = append(wake, lv.poller)
		}
	}
	for k := range want {
		if _, ok := s.views[k]; !ok {
			lv := s.newViewLocked(k.ws, k.view)
			lv.fleet = true
			start = append(start, lv.poller)
		}
	}
	s.mu.Unlock()
	for _, p := range wake {
		p.Wake()
	}
	for _, p := range start {
		p.Start(s.ctx)
	}
}

// Fleet returns every polled view's last good rows, with when they were listed.
func (s *Service) Fleet(wss []string) []Listed {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Listed
	for _, ws := range wss {
		for _, v := range []View{ViewAllPurpose, ViewJob} {
			l := Listed{Workspace: ws, View: v}
			if lv := s.views[viewKey{ws, v}]; lv != nil {
				l.Rows, l.At = lv.published, lv.publishedAt
			}
			out = append(out, l)
		}
	}
	return out
}
