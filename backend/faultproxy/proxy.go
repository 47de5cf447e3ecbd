// Package faultproxy is the tests' bad network: an HTTP proxy on loopback
// in front of a workspace that, on command, refuses connections, swallows
// requests (black hole), answers slowly, cuts an answer mid-body, loses the
// answer after the workspace acted on the request, answers with a proxy's
// or captive portal's HTML page, or injects 429/500/503. Go tests use it in
// process; the browser suite runs cmd/faultproxy and drives it over HTTP.
package faultproxy

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/internal/httpreset"
)

// Mode is what the proxy does to a request a Fault applies to.
type Mode string

const (
	// Pass forwards untouched.
	Pass Mode = "pass"
	// Refuse stops listening: a connect is refused, open connections reset.
	Refuse Mode = "refuse"
	// BlackHole accepts and reads a request and never answers (as a
	// dropped route looks from an open connection).
	BlackHole Mode = "blackhole"
	// Slow waits Delay, then forwards.
	Slow Mode = "slow"
	// CutBody forwards, then sends the status, headers and half the body
	// and resets the connection.
	CutBody Mode = "cut"
	// LoseAnswer forwards (the workspace acts), then resets the connection
	// instead of answering; with Hang, holds it open silently instead.
	LoseAnswer Mode = "lose"
	// HTML answers Status (default 200) with an HTML page, as a captive
	// portal or a corporate proxy does; with Forward, after forwarding.
	HTML Mode = "html"
	// Status answers Status (429, 500, 503...) with a JSON error and
	// Retry-After when set; with Forward, after forwarding.
	Status Mode = "status"
)

// Fault says what to do to which requests. The zero Fault passes all.
type Fault struct {
	Mode Mode `json:"mode"`
	// Status is the code HTML and Status answer.
	Status int `json:"status,omitempty"`
	// RetryAfter is sent with a Status answer ("" sends none).
	RetryAfter string `json:"retryAfter,omitempty"`
	// Delay is Slow's wait.
	Delay time.Duration `json:"delay,omitempty"`
	// Forward sends the request to the workspace before an HTML or Status
	// answer (the workspace acted; the client is told otherwise).
	Forward bool `json:"forward,omitempty"`
	// Hang makes LoseAnswer hold the connection instead of resetting it.
	Hang bool `json:"hang,omitempty"`
	// Rate is the share of matching requests hit, 0 < Rate ≤ 1 (0: all).
	Rate float64 `json:"rate,omitempty"`
	// Path and Method narrow the fault to requests whose path contains
	// Path and whose method is Method ("" matches any).
	Path   string `json:"path,omitempty"`
	Method string `json:"method,omitempty"`
	// Seed makes the Rate draw repeatable (0: a fixed default).
	Seed uint64 `json:"seed,omitempty"`
	// Count is how many requests the fault hits before it passes all
	// (0: no end), e.g. the one answer lost of a create the client retries.
	Count int `json:"count,omitempty"`
}

// Stats counts what the proxy did since it started.
type Stats struct {
	Requests  int `json:"requests"`  // requests that reached the proxy
	Forwarded int `json:"forwarded"` // requests the workspace received
	Faulted   int `json:"faulted"`   // requests a fault hit
}

// Proxy is safe for concurrent use.
type Proxy struct {
	target *url.URL
	addr   string // the fixed loopback address, kept across Refuse

	mu       sync.Mutex
	fault    Fault
	hits     int // requests the fault hit since it was set
	rnd      *rand.Rand
	stats    Stats
	ln       net.Listener
	srv      *http.Server
	held     chan struct{} // closed to release black-holed requests
	closed   bool
	upstream http.RoundTripper
}

// Start runs a proxy on 127.0.0.1 (port 0: any free one) in front of target.
func Start(target string, port int) (*Proxy, error) {
	u, err := url.Parse(target)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("faultproxy: target %q is not a URL", target)
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	p := &Proxy{target: u, upstream: tr, held: make(chan struct{}), rnd: rand.New(rand.NewPCG(1, 2))}
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		return nil, fmt.Errorf("faultproxy: %w", err)
	}
	p.addr = ln.Addr().String()
	p.serve(ln)
	return p, nil
}

// URL is where clients reach the workspace through the proxy.
func (p *Proxy) URL() string { return "http://" + p.addr }

func (p *Proxy) serve(ln net.Listener) {
	srv := &http.Server{Handler: http.HandlerFunc(p.handle), ReadHeaderTimeout: 30 * time.Second}
	p.ln, p.srv = ln, srv
	go func() { _ = srv.Serve(ln) }()
}

// Set replaces the fault; open black-holed requests are released (reset).
func (p *Proxy) Set(f Fault) error {
	if f.Mode == "" {
		f.Mode = Pass
	}
	if f.Rate < 0 || f.Rate > 1 {
		return fmt.Errorf("faultproxy: rate %v is not in [0, 1]", f.Rate)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return errors.New("faultproxy: closed")
	}
	seed := f.Seed
	if seed == 0 {
		seed = 1
	}
	p.rnd = rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	close(p.held)
	p.held = make(chan struct{})
	p.hits = 0
	was := p.fault.Mode
	p.fault = f
	switch {
	case f.Mode == Refuse && was != Refuse:
		// The listener is closed here, not only by the server: a server
		// whose Serve has not begun yet would close it late.
		_ = p.ln.Close()
		_ = p.srv.Close() // resets every open connection too
		p.upstreamIdle()
	case f.Mode != Refuse && was == Refuse:
		ln, err := net.Listen("tcp", p.addr)
		if err != nil {
			return fmt.Errorf("faultproxy: listen again on %s: %w", p.addr, err)
		}
		p.serve(ln)
	}
	return nil
}

func (p *Proxy) upstreamIdle() {
	if t, ok := p.upstream.(*http.Transport); ok {
		t.CloseIdleConnections()
	}
}

// Fault is the fault in force.
func (p *Proxy) Fault() Fault {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.fault
}

// Stats returns the counts so far.
func (p *Proxy) Stats() Stats {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stats
}

// Close stops the proxy and releases held requests.
func (p *Proxy) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil
	}
	p.closed = true
	close(p.held)
	p.upstreamIdle()
	_ = p.ln.Close()
	return p.srv.Close()
}

// pick decides, under the lock, whether the fault hits r.
func (p *Proxy) pick(r *http.Request) (Fault, <-chan struct{}) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stats.Requests++
	f := p.fault
	hit := f.Mode != Pass && f.Mode != "" &&
		(f.Path == "" || strings.Contains(r.URL.Path, f.Path)) &&
		(f.Method == "" || strings.EqualFold(f.Method, r.Method)) &&
		(f.Count == 0 || p.hits < f.Count) &&
		(f.Rate == 0 || p.rnd.Float64() < f.Rate)
	if !hit {
		f = Fault{Mode: Pass}
	} else {
		p.stats.Faulted++
		p.hits++
	}
	return f, p.held
}

func (p *Proxy) handle(w http.ResponseWriter, r *http.Request) {
	f, held := p.pick(r)
	switch f.Mode {
	case BlackHole:
		_, _ = io.Copy(io.Discard, r.Body)
		select {
		case <-held:
		case <-r.Context().Done():
		}
		httpreset.Reset(w)
		return
	case Slow:
		t := time.NewTimer(f.Delay)
		select {
		case <-t.C:
		case <-r.Context().Done():
			t.Stop()
			return
		}
	case HTML, Status:
		if !f.Forward {
			_, _ = io.Copy(io.Discard, r.Body)
			p.answer(w, f)
			return
		}
	}
	resp, err := p.forward(r)
	if err != nil {
		http.Error(w, "faultproxy: the workspace did not answer: "+err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	switch f.Mode {
	case LoseAnswer:
		_, _ = io.Copy(io.Discard, resp.Body)
		if f.Hang {
			select {
			case <-held:
			case <-r.Context().Done():
			}
		}
		httpreset.Reset(w)
	case HTML, Status:
		p.answer(w, f)
	case CutBody:
		body, _ := io.ReadAll(resp.Body)
		copyHeader(w.Header(), resp.Header)
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(resp.StatusCode)
		_, _ = w.Write(body[:len(body)/2])
		if fl, ok := w.(http.Flusher); ok {
			fl.Flush()
		}
		httpreset.Reset(w)
	default:
		copyHeader(w.Header(), resp.Header)
		w.WriteHeader(resp.StatusCode)
		_, _ = io.Copy(w, resp.Body)
	}
}

// forward sends r to the workspace and counts it.
func (p *Proxy) forward(r *http.Request) (*http.Response, error) {
	out := r.Clone(r.Context())
	out.RequestURI = ""
	out.URL.Scheme, out.URL.Host = p.target.Scheme, p.target.Host
	out.Host = p.target.Host
	resp, err := p.upstream.RoundTrip(out)
	if err == nil {
		p.mu.Lock()
		p.stats.Forwarded++
		p.mu.Unlock()
	}
	return resp, err
}

const portal = `<!DOCTYPE html><html><head><title>Sign in to the network</title></head>
<body><h1>Welcome to Guest Wi-Fi</h1><p>Accept the terms to continue.</p></body></html>`

func (p *Proxy) answer(w http.ResponseWriter, f Fault) {
	code := f.Status
	if f.Mode == HTML {
		if code == 0 {
			code = http.StatusOK
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(code)
		_, _ = io.WriteString(w, portal)
		return
	}
	if code == 0 {
		code = http.StatusServiceUnavailable
	}
	if f.RetryAfter != "" {
		w.Header().Set("Retry-After", f.RetryAfter)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	errCode := map[int]string{429: "REQUEST_LIMIT_EXCEEDED", 500: "INTERNAL_ERROR", 503: "TEMPORARILY_UNAVAILABLE"}[code]
	if errCode == "" {
		errCode = "INTERNAL_ERROR"
	}
	_, _ = fmt.Fprintf(w, `{"error_code":%q,"message":"injected by faultproxy"}`, errCode)
}

func copyHeader(dst, src http.Header) {
	for k, vs := range src {
		for _, v := range vs {
			dst.Add(k, v)
		}
	}
}
