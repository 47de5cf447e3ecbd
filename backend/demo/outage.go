package demo

import (
	"net/http"
	"sync"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/internal/httpreset"
)

// An outage makes the whole workspace unreachable for a while (every API
// connection is reset), so tests can show what the app does offline with the
// in-process demo, which the page cannot stop. Tests switch it through the
// control API ("outage", "restore"); see control.go.

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

// dropIfOutage resets the connection of an API request during an outage
// and reports whether it did.
func (s *Server) dropIfOutage(w http.ResponseWriter, r *http.Request) bool {
	if !s.outage.active() {
		return false
	}
	s.logf("%s %s -> outage", r.Method, r.URL.Path)
	httpreset.Reset(w)
	return true
}
