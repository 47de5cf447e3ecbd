// Package demo is an in-process Databricks workspace: an HTTP server on
// loopback that speaks the workspace REST API (clusters, pools, policies,
// libraries, permissions, jobs and their runs, SCIM, DBFS/Files and SQL
// statements) with the real paths, JSON shapes, error codes and life cycles.
// Clients reach it only through databricks-sdk-go, exactly as they reach a real
// workspace; tokens select one of several isolated workspaces.
package demo

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"
)

// Server is a running demo workspace server.
type Server struct {
	opts   Options
	clock  Clock
	vclock *VirtualClock
	faults *faultInjector
	outage outage
	ln     net.Listener
	hs     *http.Server
	mux    *http.ServeMux

	mu         sync.RWMutex
	tokens     map[string]*workspace
	workspaces []*workspace
	def        *workspace

	closing   chan struct{}
	closeOnce sync.Once
	serveErr  chan error
}

// Start listens on loopback and serves until Close or until ctx is cancelled.
func Start(ctx context.Context, opts Options) (*Server, error) {
	opts = opts.withDefaults()
	host, _, err := net.SplitHostPort(opts.Addr)
	if err != nil {
		return nil, fmt.Errorf("demo: bad listen address %q: %w", opts.Addr, err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return nil, fmt.Errorf("demo: listen address %q is not loopback", opts.Addr)
	}
	if opts.Seed == 0 {
		opts.Seed = randomSeed()
	}
	s := &Server{
		opts:     opts,
		tokens:   map[string]*workspace{},
		closing:  make(chan struct{}),
		serveErr: make(chan error, 1),
	}
	s.clock = opts.Clock
	if s.clock == nil {
		s.vclock = NewVirtualClock(opts.StartTime, opts.TimeScale)
		s.clock = s.vclock
	}
	s.faults = newFaultInjector(opts.Seed, opts)
	s.mux = s.routes()
	if _, err := s.AddWorkspace("demo"); err != nil {
		return nil, err
	}
	s.def = s.workspaces[0]

	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return nil, fmt.Errorf("demo: listen on %s: %w", opts.Addr, err)
	}
	s.ln = ln
	s.hs = &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	go func() { s.serveErr <- s.hs.Serve(ln) }()
	go func() {
		select {
		case <-ctx.Done():
			_ = s.Close()
		case <-s.closing:
		}
	}()
	return s, nil
}

// URL is the workspace host, e.g. http://127.0.0.1:41234.
func (s *Server) URL() string { return "http://" + s.ln.Addr().String() }

// Token is the default workspace's token for its admin "demo user".
func (s *Server) Token() string { return s.def.adminToken() }

// Clock returns the virtual clock to step or speed up, or nil when
// Options.Clock supplied another time source.
func (s *Server) Clock() *VirtualClock { return s.vclock }

// AddWorkspace creates another isolated, seeded workspace and returns the
// token of its admin user. Names must be unique.
func (s *Server) AddWorkspace(name string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, ws := range s.workspaces {
		if ws.name == name {
			return "", fmt.Errorf("demo: workspace %q already exists", name)
		}
	}
	seed := s.opts.Seed + uint64(len(s.workspaces))*7919
	ws := newWorkspace(name, seed, s.clock, s.opts)
	for tok := range ws.tokens {
		s.tokens[tok] = ws
	}
	s.workspaces = append(s.workspaces, ws)
	return ws.adminToken(), nil
}

// UserToken returns the token of userName in the workspace that token
// belongs to (e.g. the limited user, to exercise 403 answers).
func (s *Server) UserToken(token, userName string) (string, error) {
	ws, err := s.workspaceFor(token)
	if err != nil {
		return "", err
	}
	ws.mu.Lock()
	defer ws.mu.Unlock()
	for tok, u := range ws.tokens {
		if u == userName {
			return tok, nil
		}
	}
	return "", fmt.Errorf("demo: no user %q in workspace %q", userName, ws.name)
}

// LimitedToken returns the token of the workspace's user who may attach to
// compute but not manage it.
func (s *Server) LimitedToken(token string) (string, error) {
	return s.UserToken(token, limitedUserName)
}

// Reset puts the default workspace back to its seed state (tokens stay valid).
func (s *Server) Reset() error { return s.ResetWorkspace(s.Token()) }

// ResetWorkspace puts the workspace that token belongs to back to its seed state.
func (s *Server) ResetWorkspace(token string) error {
	ws, err := s.workspaceFor(token)
	if err != nil {
		return err
	}
	ws.mu.Lock()
	defer ws.mu.Unlock()
	ws.resetLocked()
	return nil
}

// InjectFault adds a fault rule; ClearFaults removes all rules.
func (s *Server) InjectFault(r FaultRule) { s.faults.add(r) }

// ClearFaults removes every rule added by InjectFault.
func (s *Server) ClearFaults() { s.faults.clear() }

// SetNetwork changes latency, jitter and the random fault rate at run time.
func (s *Server) SetNetwork(latency, jitter time.Duration, faultRate float64) {
	s.faults.set(latency, jitter, faultRate)
}

// FaultsFired reports how many faults of kind were injected so far.
func (s *Server) FaultsFired(kind FaultKind) int { return s.faults.count(kind) }

// Close stops the server; hung requests are released.
func (s *Server) Close() error {
	var err error
	s.closeOnce.Do(func() {
		close(s.closing)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if e := s.hs.Shutdown(ctx); e != nil {
			err = errors.Join(fmt.Errorf("demo: shutdown: %w", e), s.hs.Close())
		}
		if e := <-s.serveErr; e != nil && !errors.Is(e, http.ErrServerClosed) {
			err = errors.Join(err, fmt.Errorf("demo: serve: %w", e))
		}
	})
	return err
}

func (s *Server) workspaceFor(token string) (*workspace, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	ws, ok := s.tokens[token]
	if !ok {
		return nil, errors.New("demo: unknown token")
	}
	return ws, nil
}

func randomToken() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("demo: crypto/rand failed: %v", err))
	}
	return "dapi" + hex.EncodeToString(b[:])
}

func randomSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("demo: crypto/rand failed: %v", err))
	}
	return binary.LittleEndian.Uint64(b[:]) | 1
}
