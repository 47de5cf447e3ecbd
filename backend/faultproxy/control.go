package faultproxy

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// maxControlBody bounds a control request; a fault is a few fields.
const maxControlBody = 64 << 10

// Control is the HTTP interface the browser suite drives the proxy by:
// PUT /fault sets the fault (a Fault as JSON; Delay in nanoseconds, or
// "delayMs"), GET /fault reads it, GET /stats reads the counts.
func (p *Proxy) Control() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /fault", func(w http.ResponseWriter, _ *http.Request) { writeJSON(w, p.Fault()) })
	mux.HandleFunc("GET /stats", func(w http.ResponseWriter, _ *http.Request) { writeJSON(w, p.Stats()) })
	mux.HandleFunc("PUT /fault", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Fault
			DelayMs int64 `json:"delayMs"`
		}
		dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxControlBody))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&in); err != nil {
			http.Error(w, fmt.Sprintf("faultproxy: the fault is not valid JSON: %v", err), http.StatusBadRequest)
			return
		}
		f := in.Fault
		if in.DelayMs > 0 {
			f.Delay = msToDuration(in.DelayMs)
		}
		if !known(f.Mode) {
			http.Error(w, fmt.Sprintf("faultproxy: unknown mode %q", f.Mode), http.StatusBadRequest)
			return
		}
		if err := p.Set(f); err != nil {
			http.Error(w, err.Error(), http.StatusConflict)
			return
		}
		writeJSON(w, p.Fault())
	})
	return mux
}

func known(m Mode) bool {
	switch m {
	case "", Pass, Refuse, BlackHole, Slow, CutBody, LoseAnswer, HTML, Status:
		return true
	}
	return false
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func msToDuration(ms int64) time.Duration { return time.Duration(ms) * time.Millisecond }
