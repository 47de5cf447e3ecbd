package workspaces

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"
)

// Observer is told how each HTTP exchange with a workspace went: nil when
// the workspace answered, else what failed on the way (the connection, a
// timeout, a gateway's or captive portal's page). The session uses it to
// notice going offline (and coming back) from any call, not only its own
// checks.
type Observer func(workspaceID string, failed error)

// errPortal is what an HTML answer to an API call is reported as.
var errPortal = errors.New("an HTML page answered an API call (a captive portal or a proxy)")

// newTransport is the HTTP transport of every workspace client, with the
// connect, TLS and response-header timeouts of the table (timeouts.go) and
// the proxy (HTTPS_PROXY, NO_PROXY, as the SDK's own).
func newTransport(proxy func(*http.Request) (*url.URL, error)) *http.Transport {
	return &http.Transport{
		Proxy:                 proxy,
		DialContext:           (&net.Dialer{Timeout: TimeoutConnect, KeepAlive: 30 * time.Second}).DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          100,
		MaxIdleConnsPerHost:   8,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   TimeoutTLSHandshake,
		ResponseHeaderTimeout: TimeoutResponseHeader,
		ExpectContinueTimeout: time.Second,
	}
}

// observed reports each exchange of one workspace to an Observer.
type observed struct {
	base    http.RoundTripper
	id      string
	observe func() Observer // read per request: set after the client is built
}

// suspectAfter: a request its caller cancelled says nothing about the
// network, unless it had waited this long (the SDK's own inactivity timeout
// also arrives as a cancel).
const suspectAfter = 5 * time.Second

func (o observed) RoundTrip(r *http.Request) (*http.Response, error) {
	start := time.Now()
	resp, err := o.base.RoundTrip(r)
	if m, ok := r.Context().Value(sentKey{}).(*sentMark); ok {
		m.seen.Store(true)
		// Only a write can have changed something: the reads around it
		// (a state check first, a read back after) do not count.
		write := r.Method != http.MethodGet && r.Method != http.MethodHead
		if write && (err == nil || !neverSent(err)) {
			m.sent.Store(true)
		}
	}
	report := o.observe()
	if err == nil && portalAnswer(r, resp) {
		// An HTML page is never an API answer: passed on, a write's empty
		// answer would read as done (the SDK decodes nothing from it).
		code := resp.StatusCode
		_ = resp.Body.Close()
		resp, err = nil, fmt.Errorf("%w: %s %s answered %d", errPortal, r.Method, r.URL.Path, code)
	}
	if report == nil {
		return resp, err
	}
	switch {
	case err == nil && (resp.StatusCode == http.StatusBadGateway || resp.StatusCode == http.StatusGatewayTimeout):
		report(o.id, fmt.Errorf("%w: %s %s answered %d", ErrGateway, r.Method, r.URL.Path, resp.StatusCode))
	case err == nil:
		report(o.id, nil)
	case errors.Is(err, context.Canceled) && time.Since(start) < suspectAfter:
	default:
		report(o.id, err)
	}
	return resp, err
}

// portalAnswer is an HTML page where the API answers JSON, below 500 (a
// captive portal's 200 or 511, a proxy's 403); a gateway's 5xx page stays
// an answer the SDK files as an API error (ErrGateway).
func portalAnswer(r *http.Request, resp *http.Response) bool {
	if !strings.HasPrefix(r.URL.Path, "/api/") || resp.StatusCode >= http.StatusInternalServerError {
		return false // an OAuth page or the host metadata may be HTML
	}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	return mt == "text/html"
}

type sentKey struct{}

type sentMark struct{ seen, sent atomic.Bool }

// TrackSent returns a context whose requests record whether any write
// among them (a POST, PUT, PATCH or DELETE; the SDK retries a call, so one
// call can be several requests) may have reached the workspace. sent says
// whether one may have; known is false when no request went through a
// workspace client's transport (then assume it may have).
func TrackSent(ctx context.Context) (context.Context, func() (sent, known bool)) {
	m := &sentMark{}
	return context.WithValue(ctx, sentKey{}, m), func() (bool, bool) { return m.sent.Load(), m.seen.Load() }
}

// neverSent: the request failed before a byte of it could reach the
// workspace (no address, no connection, no trusted TLS session).
func neverSent(err error) bool {
	var (
		op      *net.OpError
		dnsErr  *net.DNSError
		unknown x509.UnknownAuthorityError
		host    x509.HostnameError
		invalid x509.CertificateInvalidError
		verify  *tls.CertificateVerificationError
	)
	return (errors.As(err, &op) && op.Op == "dial") || errors.As(err, &dnsErr) || errors.As(err, &unknown) ||
		errors.As(err, &host) || errors.As(err, &invalid) || errors.As(err, &verify)
}

// What became of a write that failed on the way (see LostWrite).
var (
	ErrNotSent    = errors.New("nothing reached the workspace")
	ErrAnswerLost = errors.New("the request may have reached the workspace, but its answer was lost")
)

// LostWrite words a write that failed on the way to the workspace (its
// context from TrackSent): ErrNotSent when no request of it got through,
// ErrAnswerLost when one may have, so "unknown" is said only then. It is
// nil for the workspace's own answer (a refusal says what it says).
func LostWrite(err error, sent func() (sent, known bool)) error {
	if err == nil || (Transport(err) == nil && !errors.Is(err, context.DeadlineExceeded)) {
		return nil
	}
	if s, known := sent(); known && !s {
		return fmt.Errorf("%w: %w", ErrNotSent, err)
	}
	return fmt.Errorf("%w: %w", ErrAnswerLost, err)
}
