package demo

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// call is one authenticated API request, handled under the workspace lock.
type call struct {
	ws   *workspace
	user *user
	now  time.Time
	r    *http.Request
	body []byte
}

// decode reads the JSON body into v with the SDK type's own unmarshaller.
func (c *call) decode(v any) error {
	if len(c.body) == 0 {
		return nil
	}
	if err := json.Unmarshal(c.body, v); err != nil {
		return errMalformed(err)
	}
	return nil
}

func (c *call) query(name string) string { return c.r.URL.Query().Get(name) }

func (c *call) queryInt(name string, def int64) (int64, error) {
	v := c.query(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, errInvalidParam("Invalid value for parameter %s: %q", name, v)
	}
	return n, nil
}

// limitOffset reads a list's limit (def when absent; 1..most, the service's
// words when outside) and offset, as jobs/list and jobs/runs/list take them.
func (c *call) limitOffset(def, most int64) (limit, offset int64, err error) {
	if limit, err = c.queryInt("limit", def); err != nil {
		return 0, 0, err
	}
	if limit < 1 || limit > most {
		return 0, 0, errInvalidParam("limit must be between 1 and %d (is %d)", most, limit)
	}
	offset, err = c.queryInt("offset", 0)
	return limit, offset, err
}

type handler func(ws *workspace, c *call) (any, error)

// handle runs h under the workspace lock at the demo clock's now.
func (s *Server) handle(ws *workspace, h handler, token string, r *http.Request, body []byte) (any, error) {
	now := s.clock.Now()
	ws.mu.Lock()
	defer ws.mu.Unlock()
	ws.advance(now)
	u := ws.users[ws.tokens[token]]
	res, err := h(ws, &call{ws: ws, user: u, now: now, r: r, body: body})
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		ws.clustersChanged() // reads leave clusters alone; anything else may not
	}
	return res, err
}

// rawBody is a non-JSON answer (file contents).
type rawBody struct {
	contentType  string
	data         []byte
	lastModified time.Time
	status       int    // 0: 200 OK (206 for a range)
	contentRange string // set with 206
}

// routes maps the real API paths (as the SDK calls them) to handlers.
func (s *Server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	for pattern, h := range apiRoutes() {
		mux.Handle(pattern, s.api(h))
	}
	mux.HandleFunc("GET /.well-known/databricks-config", s.wellKnown)
	return mux
}

func apiRoutes() map[string]handler {
	r := map[string]handler{}
	for _, group := range []map[string]handler{
		clusterRoutes(), scimRoutes(), poolRoutes(), permissionRoutes(), policyRoutes(), libraryRoutes(), runRoutes(), dbfsRoutes(), sqlRoutes(),
		workspaceFileRoutes(), jobRoutes(), warehouseConfigRoutes(),
	} {
		for k, v := range group {
			r[k] = v
		}
	}
	return r
}

// ServeHTTP applies latency and faults, then routes.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, controlPrefix) {
		s.serveControl(w, r) // never subject to injected faults or latency
		return
	}
	started := time.Now()
	if s.dropIfOutage(w, r) {
		return
	}
	token := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	delay, fault, faulty := s.faults.decide(r, token)
	sleepCtx(r.Context(), delay)
	if faulty {
		s.logf("%s %s -> fault %s", r.Method, r.URL.Path, fault.Kind)
		inject(r.Context(), w, fault, s.closing)
		return
	}
	if _, pattern := s.mux.Handler(r); pattern == "" {
		writeError(w, &apiError{http.StatusNotFound, "ENDPOINT_NOT_FOUND",
			fmt.Sprintf("No API found for '%s %s'", r.Method, unversionedPath(r.URL.Path))})
		return
	}
	s.mux.ServeHTTP(w, r)
	s.logf("%s %s (%s)", r.Method, r.URL.RequestURI(), time.Since(started).Round(time.Microsecond))
}

func (s *Server) logf(format string, args ...any) {
	if s.opts.Logf != nil {
		s.opts.Logf(format, args...)
	}
}

// wellKnown answers the SDK's host-metadata probe. It deliberately carries no
// workspace id: the probe is unauthenticated and one host serves several
// workspaces, told apart by token.
func (s *Server) wellKnown(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"host_type":     "WORKSPACE_HOST",
		"cloud":         "Azure",
		"oidc_endpoint": s.URL() + "/oidc",
	})
}

func (s *Server) api(h handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		ws, err := s.workspaceFor(token)
		if !ok || err != nil {
			writeInvalidToken(w, token)
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, 64<<20))
		if err != nil {
			writeError(w, errBadRequest("reading request body: %v", err))
			return
		}
		res, err := s.handle(ws, h, token, r, body)
		if p, ok := res.(pendingAnswer); ok && err == nil {
			res = s.await(r.Context(), ws, p)
		}
		w.Header().Set("X-Databricks-Org-Id", strconv.FormatInt(ws.id, 10))
		if err != nil {
			writeError(w, err)
			return
		}
		switch v := res.(type) {
		case nil:
			writeJSON(w, http.StatusOK, struct{}{})
		case rawBody:
			w.Header().Set("Content-Type", v.contentType)
			w.Header().Set("Content-Length", strconv.Itoa(len(v.data)))
			if !v.lastModified.IsZero() {
				w.Header().Set("Last-Modified", v.lastModified.UTC().Format(http.TimeFormat))
			}
			if v.contentRange != "" {
				w.Header().Set("Content-Range", v.contentRange)
			}
			w.WriteHeader(max(v.status, http.StatusOK))
			if r.Method != http.MethodHead {
				_, _ = w.Write(v.data)
			}
		default:
			writeJSON(w, http.StatusOK, v)
		}
	})
}

// unversionedPath is a request path as the service names it when no API
// answers there: without its /api/<version> prefix
// (databricks/databricks-agent-skills#259: "No API found for 'POST
// /sql/statements/execute'"); see messages_any_call_test.go.
func unversionedPath(p string) string {
	rest, ok := strings.CutPrefix(p, "/api/")
	if !ok {
		return p
	}
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		return rest[i:]
	}
	return p
}
