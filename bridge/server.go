package bridge

import (
	"bytes"
	"crypto/rand"
	"crypto/subtle"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"
)

//go:embed shim.js
var shimJS string

const cookieName = "clusterdeck_bridge"

// Config is what a bridge needs: the bound objects (the same list the
// desktop hands to Wails), the error formatter, the built page, and the hub
// the backend emits through.
type Config struct {
	Bound     []any
	FormatErr func(error) any
	Assets    fs.FS // the built page (frontend/dist)
	Hub       *Hub
	Token     string // empty: a random one is made
	Log       *slog.Logger
}

// Server answers the page's calls and streams events to it.
type Server struct {
	cfg     Config
	methods methodTable
	mux     *http.ServeMux
}

// NewToken returns 32 random hex bytes.
func NewToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("make bridge token: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// New builds the bridge. It fails if a bound object could not be bound by
// Wails either, so a broken binding shows up in tests, not at run time.
func New(cfg Config) (*Server, error) {
	methods, err := newMethodTable(cfg.Bound)
	if err != nil {
		return nil, err
	}
	if cfg.Token == "" {
		if cfg.Token, err = NewToken(); err != nil {
			return nil, err
		}
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if cfg.Hub == nil {
		cfg.Hub = NewHub(cfg.Log)
	}
	s := &Server{cfg: cfg, methods: methods, mux: http.NewServeMux()}
	s.mux.HandleFunc("POST /__bridge/call", s.handleCall)
	s.mux.HandleFunc("GET /__bridge/events", s.handleEvents)
	s.mux.HandleFunc("GET /__bridge/session", s.handleSession)
	s.mux.HandleFunc("GET /wails/runtime.js", s.handleRuntime)
	s.mux.HandleFunc("GET /wails/ipc.js", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
	})
	s.mux.HandleFunc("GET /", s.handleAsset)
	return s, nil
}

// Token is the secret the page must present.
func (s *Server) Token() string { return s.cfg.Token }

// Handler checks the caller, then routes.
func (s *Server) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !loopbackHost(r.Host) {
			// Refuse DNS-rebinding: a page on another origin that resolves
			// to 127.0.0.1 would carry a foreign Host header.
			http.Error(w, "forbidden host", http.StatusForbidden)
			return
		}
		if why := crossOrigin(r); why != "" {
			http.Error(w, "cross-origin request refused: "+why, http.StatusForbidden)
			return
		}
		if q := r.URL.Query().Get("token"); q != "" && s.tokenOK(q) {
			http.SetCookie(w, &http.Cookie{Name: cookieName, Value: q, Path: "/",
				HttpOnly: true, SameSite: http.SameSiteStrictMode})
		} else if !s.authorised(r) {
			http.Error(w, "missing or wrong bridge token", http.StatusUnauthorized)
			return
		}
		s.mux.ServeHTTP(w, r)
	})
}

func (s *Server) tokenOK(got string) bool {
	return subtle.ConstantTimeCompare([]byte(got), []byte(s.cfg.Token)) == 1
}

func (s *Server) authorised(r *http.Request) bool {
	if c, err := r.Cookie(cookieName); err == nil && s.tokenOK(c.Value) {
		return true
	}
	if h := r.Header.Get(tokenHeader); h != "" {
		return s.tokenOK(h)
	}
	bearer, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	return ok && s.tokenOK(bearer)
}

func loopbackHost(hostport string) bool {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		host = hostport
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

type callRequest struct {
	Name string            `json:"name"`
	Args []json.RawMessage `json:"args"`
}

type callResponse struct {
	Result any `json:"result,omitempty"`
	Error  any `json:"error,omitempty"`
}

func (s *Server) handleCall(w http.ResponseWriter, r *http.Request) {
	if status, why := s.callRefusal(r); status != 0 {
		http.Error(w, why, status)
		return
	}
	var req callRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxCallBytes)).Decode(&req); err != nil {
		if _, big := errors.AsType[*http.MaxBytesError](err); big {
			tooLarge(w)
			return
		}
		http.Error(w, "bad call: "+err.Error(), http.StatusBadRequest)
		return
	}
	result, err := s.methods.call(req.Name, req.Args)
	resp := callResponse{Result: result}
	if err != nil {
		resp = callResponse{Error: s.formatErr(err)}
		s.cfg.Log.Info("bridge: call failed", "method", req.Name, "err", err)
	}
	w.Header().Set("Content-Type", "application/json")
	if err := json.NewEncoder(w).Encode(resp); err != nil {
		s.cfg.Log.Error("bridge: write result", "method", req.Name, "err", err)
	}
}

func (s *Server) formatErr(err error) any {
	if s.cfg.FormatErr == nil || errors.Is(err, ErrUnknownMethod) || errors.Is(err, ErrBadArguments) {
		// Wails reports these two as plain strings as well.
		return err.Error()
	}
	return s.cfg.FormatErr(err)
}

func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	ch := s.cfg.Hub.subscribe()
	defer s.cfg.Hub.unsubscribe(ch)
	fmt.Fprint(w, ": connected\n\n")
	flusher.Flush()
	keepAlive := time.NewTicker(15 * time.Second)
	defer keepAlive.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case msg := <-ch:
			fmt.Fprintf(w, "data: %s\n\n", msg)
			flusher.Flush()
		case <-keepAlive.C:
			fmt.Fprint(w, ": ping\n\n")
			flusher.Flush()
		}
	}
}

func (s *Server) handleRuntime(w http.ResponseWriter, _ *http.Request) {
	names, err := json.Marshal(s.methods.names())
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/javascript")
	w.Header().Set("Cache-Control", "no-store")
	fmt.Fprintf(w, "window.__bridgeMethods = %s;\n%s", names, shimJS)
}

// handleAsset serves the built page. index.html gets the two runtime
// scripts Wails' own asset server injects, so the page boots the same way.
func (s *Server) handleAsset(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Assets == nil {
		http.NotFound(w, r)
		return
	}
	path := strings.TrimPrefix(r.URL.Path, "/")
	if path == "" || path == "index.html" {
		page, err := fs.ReadFile(s.cfg.Assets, "index.html")
		if err != nil {
			http.Error(w, "the page is not built (run make build)", http.StatusNotFound)
			return
		}
		inject := []byte(`<head><script src="/wails/ipc.js"></script><script src="/wails/runtime.js"></script>`)
		page = bytes.Replace(page, []byte("<head>"), inject, 1)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write(page)
		return
	}
	http.FileServerFS(s.cfg.Assets).ServeHTTP(w, r)
}
