package demo

import (
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// OutagePath is the demo's own control path (the real API has nothing under
// /__demo/) that makes the whole workspace unreachable for a while, so a
// browser test can show what the app does offline with the in-process demo,
// which the page cannot stop:
//
//	POST   /__demo/outage?seconds=N   every other request has its connection reset (N=0: until lifted)
//	DELETE /__demo/outage             reachable again
//
// It changes nothing but reachability, only on this loopback server.
const OutagePath = "/__demo/outage"

// outage is a switch with an optional real-time end.
type outage struct {
	mu    sync.Mutex
	on    bool
	until time.Time // zero: until lifted
}

func (o *outage) set(on bool, d time.Duration) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.on, o.until = on, time.Time{}
	if on && d > 0 {
		o.until = time.Now().Add(d)
	}
}

func (o *outage) active() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.on && !o.until.IsZero() && time.Now().After(o.until) {
		o.on = false
	}
	return o.on
}

// SetOutage makes the server reset every API connection for d (0: until
// SetOutage(false, 0)).
func (s *Server) SetOutage(on bool, d time.Duration) { s.outage.set(on, d) }

// handleOutage serves OutagePath; it reports whether the request was one.
func (s *Server) handleOutage(w http.ResponseWriter, r *http.Request) bool {
	if !strings.HasPrefix(r.URL.Path, "/__demo/") {
		if s.outage.active() {
			s.logf("%s %s -> outage", r.Method, r.URL.Path)
			resetConnection(w)
			return true
		}
		return false
	}
	if r.URL.Path != OutagePath {
		http.NotFound(w, r)
		return true
	}
	switch r.Method {
	case http.MethodPost:
		secs, err := strconv.Atoi(r.URL.Query().Get("seconds"))
		if r.URL.Query().Get("seconds") == "" {
			secs, err = 0, nil
		}
		if err != nil || secs < 0 {
			http.Error(w, "seconds must be a whole number ≥ 0", http.StatusBadRequest)
			return true
		}
		s.SetOutage(true, time.Duration(secs)*time.Second)
	case http.MethodDelete:
		s.SetOutage(false, 0)
	default:
		w.Header().Set("Allow", "POST, DELETE")
		http.Error(w, "use POST or DELETE", http.StatusMethodNotAllowed)
		return true
	}
	w.WriteHeader(http.StatusNoContent)
	return true
}
