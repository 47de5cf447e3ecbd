package workspaces

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/retries"
)

// Connection error kinds. ClassifyError returns a *ConnectionError that
// matches exactly one of them with errors.Is (and its cause as well).
var (
	ErrDNS          = errors.New("the workspace host name could not be found (DNS)")
	ErrTLS          = errors.New("a secure (TLS) connection to the workspace could not be made")
	ErrUnauthorized = errors.New("the workspace rejected the credentials")
	ErrForbidden    = errors.New("the credentials are valid but not allowed to do this (403)")
	ErrTimeout      = errors.New("the workspace did not answer in time")
	ErrUnreachable  = errors.New("the workspace cannot be reached")
	ErrNotWorkspace = errors.New("the host answered, but not as a Databricks workspace")
	ErrDropped      = errors.New("the connection to the workspace dropped before its answer arrived")
	ErrGateway      = errors.New("a proxy or gateway between you and the workspace failed")
	ErrUnexpected   = errors.New("the workspace returned an unexpected error")
)

var hints = map[error]string{
	ErrBadHost:       "Check the workspace URL; it looks like https://<name>.cloud.databricks.com or https://adb-<id>.<n>.azuredatabricks.net.",
	ErrDNS:           "Check the workspace URL for typos, and your network or VPN connection.",
	ErrTLS:           "A proxy or firewall may be intercepting the connection, or the URL points to the wrong server.",
	ErrUnauthorized:  "The token or client secret is wrong, expired or revoked. Enter new credentials or sign in again.",
	ErrForbidden:     "Ask a workspace admin for access, or use credentials of a user who has it.",
	ErrTokenInvalid:  "Edit the workspace to enter a new one, or sign in again.",
	ErrTimeout:       "The workspace or your network is slow or blocked. Check your VPN and try again.",
	ErrUnreachable:   "Check your network or VPN connection. Cached data stays available offline.",
	ErrNotWorkspace:  "Check the workspace URL: it should be the workspace's address, not an account console or another site. On a hotel or office network, sign in to its web page first.",
	ErrDropped:       "Check your network or VPN and try again. If you were changing something, refresh first to see whether it was done.",
	ErrGateway:       "Try again in a minute. If it lasts, check your VPN or proxy, or the Databricks status page.",
	ErrUnexpected:    "Try again later; if it persists, check the workspace status page.",
	ErrMissingSecret: "Edit the workspace and enter its token or client secret.",
	ErrLoginRequired: "Use \"Sign in\" to log in to this workspace in your browser.",
}

// ConnectionError is a classified failure to talk to a workspace.
type ConnectionError struct {
	Kind  error  // one of the Err* kinds above or in auth_helper_errors.go, ErrBadHost, ErrMissingSecret, ErrLoginRequired
	Hint  string // what the user can do
	Cause error
}

func (e *ConnectionError) Error() string {
	if e.Cause == nil {
		return e.Kind.Error()
	}
	return e.Kind.Error() + ": " + e.Cause.Error()
}

// Unwrap exposes both the kind and the cause to errors.Is / errors.As.
func (e *ConnectionError) Unwrap() []error { return []error{e.Kind, e.Cause} }

// Offline reports whether the error means the workspace could not be
// reached at all (as opposed to being reachable but refusing us).
func (e *ConnectionError) Offline() bool {
	return e.Kind == ErrDNS || e.Kind == ErrTimeout || e.Kind == ErrUnreachable || e.Kind == ErrDropped
}

// transportKinds are failures on the way to the workspace (network, TLS, a
// proxy or captive portal), as opposed to an answer from its API.
var transportKinds = []error{ErrDNS, ErrTLS, ErrTimeout, ErrUnreachable, ErrDropped, ErrGateway, ErrNotWorkspace}

// Transport classifies err when it failed on the way to the workspace and
// returns nil otherwise (an API refusal, a rule of ours, a cancel): the error
// formatter turns these into sentences rather than showing Go's text
// ("dial tcp …: connection refused", "EOF", a proxy's HTML).
func Transport(err error) error {
	if err == nil || errors.Is(err, context.Canceled) {
		return nil
	}
	var api *apierr.APIError
	if errors.As(err, &api) && !gatewayAnswer(api) {
		return nil // the workspace's own answer: its code says more
	}
	c := ClassifyError(err)
	var ce *ConnectionError
	if !errors.As(c, &ce) {
		return nil
	}
	for _, k := range transportKinds {
		if ce.Kind == k {
			return c
		}
	}
	return nil
}

// gatewayAnswer is a 502, 503 or 504 that is not the API's JSON (the SDK
// files a proxy's HTML page as code UNKNOWN with the page as the message).
func gatewayAnswer(e *apierr.APIError) bool {
	switch e.StatusCode {
	case http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return e.ErrorCode == "" || e.ErrorCode == "UNKNOWN" || strings.HasPrefix(strings.TrimSpace(e.Message), "<")
	}
	return false
}

// IsOffline reports whether err means "cannot reach the workspace".
func IsOffline(err error) bool {
	var ce *ConnectionError
	if errors.As(ClassifyError(err), &ce) {
		return ce.Offline()
	}
	return false
}

// HintOf returns a plain-language next step for err, or "".
func HintOf(err error) string {
	if h := credentials.HintOf(err); h != "" {
		return h
	}
	var ce *ConnectionError
	if errors.As(err, &ce) {
		return ce.Hint
	}
	for kind, h := range hints {
		if errors.Is(err, kind) {
			return h
		}
	}
	for _, kind := range authHelperKinds {
		if errors.Is(err, kind) {
			return authHelperHint(kind, "", "")
		}
	}
	return ""
}

// SpecificHint is the hint of a classified auth-helper error, naming the
// workspace URL in the command to run; "" for any other error (whose
// generic hint is the kind's own).
func SpecificHint(err error) string {
	var ce *ConnectionError
	if errors.As(err, &ce) && errors.Is(ce.Kind, ErrAuthHelper) {
		return ce.Hint
	}
	return ""
}

// ClassifyError maps an SDK or network error to a *ConnectionError.
// Keychain errors (credentials.ErrUnavailable) are returned unchanged: they
// carry their own hint.
func ClassifyError(err error) error {
	if err == nil {
		return nil
	}
	var ce *ConnectionError
	if errors.As(err, &ce) || errors.Is(err, credentials.ErrUnavailable) {
		return err
	}
	kind := kindOf(err)
	hint, ok := hints[kind]
	if !ok && errors.Is(kind, ErrAuthHelper) {
		hint = authHelperHint(kind, "", "")
	}
	return &ConnectionError{Kind: kind, Hint: hint, Cause: err}
}

func kindOf(err error) error {
	var (
		api      *apierr.APIError
		dnsErr   *net.DNSError
		unknown  x509.UnknownAuthorityError
		hostErr  x509.HostnameError
		invalid  x509.CertificateInvalidError
		verify   *tls.CertificateVerificationError
		record   tls.RecordHeaderError
		alert    tls.AlertError
		netErr   net.Error
		timedOut *retries.ErrTimedOut
	)
	switch {
	case errors.Is(err, ErrBadHost):
		return ErrBadHost
	case errors.Is(err, ErrMissingSecret):
		return ErrMissingSecret
	case errors.Is(err, ErrLoginRequired):
		return ErrLoginRequired
	case authHelperKind(err, "") != nil:
		return authHelperKind(err, "")
	case errors.Is(err, apierr.ErrUnauthenticated), InvalidToken(err):
		return ErrUnauthorized
	case errors.Is(err, apierr.ErrPermissionDenied):
		return ErrForbidden
	case errors.Is(err, apierr.ErrNotFound) && !errors.Is(err, apierr.ErrResourceDoesNotExist):
		return ErrNotWorkspace
	case errors.As(err, &api) && gatewayAnswer(api):
		return ErrGateway
	case errors.Is(err, errPortal):
		return ErrNotWorkspace
	case errors.As(err, &dnsErr):
		return ErrDNS
	case errors.As(err, &unknown), errors.As(err, &hostErr), errors.As(err, &invalid),
		errors.As(err, &verify), errors.As(err, &record), errors.As(err, &alert):
		return ErrTLS
	case errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH),
		errors.Is(err, syscall.EADDRNOTAVAIL):
		return ErrUnreachable
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		// Connected, then cut: a dropped Wi-Fi, a VPN reconnecting, a proxy
		// closing the connection mid-answer.
		return ErrDropped
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &timedOut),
		errors.As(err, &netErr) && netErr.Timeout():
		return ErrTimeout
	case strings.Contains(err.Error(), "timed out"):
		// The SDK replaces an inactivity timeout by an untyped error.
		return ErrTimeout
	case isNotJSON(err):
		return ErrNotWorkspace
	}
	return ErrUnexpected
}

// isNotJSON recognises the SDK's failure to decode a non-API answer (an HTML
// login page, a proxy's error page).
func isNotJSON(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "unable to parse response") || strings.Contains(msg, "invalid character '<'") ||
		strings.Contains(msg, "HTML response instead of JSON")
}
