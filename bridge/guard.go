package bridge

import (
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"strings"
)

// maxCallBytes caps one call's request body. The largest real call (a draft
// with its JSON text) is far below it.
const maxCallBytes = 16 << 20

// Headers the page's calls must carry. A page on another origin cannot send
// them without a CORS preflight, which the bridge never answers.
const (
	tokenHeader = "X-Clusterdeck-Bridge-Token"
	jsonType    = "application/json"
)

// crossOrigin says why a request comes from another origin, or "". Every
// loopback port is the same *site* as the bridge, so the SameSite cookie
// does not stop another local page; Origin and Sec-Fetch-Site do. Both are
// checked when present: a browser sends Origin on every POST and
// Sec-Fetch-Site on every request, tools such as curl send neither.
func crossOrigin(r *http.Request) string {
	if o := r.Header.Get("Origin"); o != "" && o != "http://"+r.Host {
		return fmt.Sprintf("origin %q is not the bridge's own", o)
	}
	switch site := r.Header.Get("Sec-Fetch-Site"); site {
	case "", "same-origin", "none": // none: typed or opened by the user
	default:
		return fmt.Sprintf("a %s request is not the bridge's own page", site)
	}
	return ""
}

// callRefusal says why a call request is refused (with its status), or 0.
// The cookie alone is not enough for a call: the page also sends the token
// in a header (read from /__bridge/session, which only the bridge's own
// origin can read), and the body must be JSON.
func (s *Server) callRefusal(r *http.Request) (int, string) {
	media, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || media != jsonType {
		return http.StatusUnsupportedMediaType, "bridge calls must be sent as " + jsonType
	}
	got := r.Header.Get(tokenHeader)
	if got == "" {
		got, _ = strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	}
	if !s.tokenOK(got) {
		return http.StatusForbidden, "bridge calls must carry the token in the " + tokenHeader + " header"
	}
	return 0, ""
}

// handleSession gives the bridge's own page the token for its call header.
// Another origin cannot read this answer (no CORS headers), and JSON is not
// a script it could include.
func (s *Server) handleSession(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", jsonType)
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_ = json.NewEncoder(w).Encode(map[string]string{"token": s.cfg.Token})
}

// tooLarge is the answer to a call over maxCallBytes: a sentence the page
// shows, naming the limit.
func tooLarge(w http.ResponseWriter) {
	http.Error(w, fmt.Sprintf("The request is too large: bridge calls are limited to %d MB.", maxCallBytes>>20),
		http.StatusRequestEntityTooLarge)
}
