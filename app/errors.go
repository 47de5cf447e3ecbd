package app

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/databricks/databricks-sdk-go/apierr"

	"github.com/clusterdeck/clusterdeck/backend/wording"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// UIError is what the page receives when a bound method fails. Wails (and the
// test bridge) pass it through ErrorFormatter, so the page always gets the same
// shape: a stable code, a plain sentence, the fix, and the raw text on demand.
type UIError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Hint    string `json:"hint"`
	Status  int    `json:"status,omitempty"`
	Detail  string `json:"detail,omitempty"`
	// Field, Line and Column place an input error: the form field it belongs
	// to (e.g. "name", "spec.autotermination_minutes") or the line and column
	// of pasted text.
	Field  string `json:"field,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
}

func (e UIError) Error() string { return e.Code + ": " + e.Message }

// ErrorRule maps an error class (matched with errors.Is) to what the user
// reads. Backend packages word their own errors in it (their wording.go).
type ErrorRule = wording.Rule

// ErrorFormatter turns any error a bound method returns into a UIError.
// Rules are checked in order, so put specific sentinels before general ones.
type ErrorFormatter struct {
	rules []ErrorRule
}

// NewErrorFormatter returns a formatter that knows the SDK's API error classes,
// plus any extra rules (backend sentinels) placed ahead of them.
func NewErrorFormatter(extra ...ErrorRule) *ErrorFormatter {
	rules := append([]ErrorRule{}, extra...)
	return &ErrorFormatter{rules: append(rules, apiRules...)}
}

// rateLimited explains any HTTP 429. The SDK files both RESOURCE_EXHAUSTED
// ("per-user rate limiting") and REQUEST_LIMIT_EXCEEDED under 429, and a
// workspace answers too many calls with either code: advice about quota or
// about terminating compute would send the user the wrong way.
var rateLimited = ErrorRule{Code: "TOO_MANY_REQUESTS",
	Message: "The workspace is rate-limiting requests from Clusterdeck.",
	Hint:    "Nothing to fix: Clusterdeck slows down and retries by itself. If you were acting, try again in a minute."}

// apiRules cover the SDK's sentinels. More specific classes come first because
// several inherit from a general one (ErrResourceExhausted is ErrTooManyRequests).
var apiRules = []ErrorRule{
	{Target: apierr.ErrResourceExhausted, Code: "RESOURCE_EXHAUSTED",
		Message: "The workspace ran out of quota or capacity for this request.",
		Hint:    "Request more quota from your cloud or workspace admin, or pick another node family or a smaller size."},
	{Target: apierr.ErrRequestLimitExceeded, Code: "REQUEST_LIMIT_EXCEEDED",
		Message: "This would exceed a limit set for the workspace.",
		Hint:    "Terminate or delete compute you no longer need, or ask an admin to raise the limit."},
	{Target: apierr.ErrTooManyRequests, Code: "TOO_MANY_REQUESTS",
		Message: "Databricks is rate-limiting requests from this workspace.",
		Hint:    "Wait a minute and try again; Clusterdeck slows its polling by itself."},
	{Target: apierr.ErrInvalidState, Code: "INVALID_STATE",
		Message: "The resource is not in a state that allows this action.",
		Hint:    "Wait for the current transition to finish, refresh, then try again."},
	{Target: apierr.ErrInvalidParameterValue, Code: "INVALID_PARAMETER_VALUE",
		Message: "Databricks rejected a value in the request.",
		Hint:    "Correct the value named in the details and try again."},
	{Target: apierr.ErrResourceDoesNotExist, Code: "RESOURCE_DOES_NOT_EXIST",
		Message: "It no longer exists in this workspace.",
		Hint:    "Refresh the list; someone may have deleted it."},
	{Target: apierr.ErrNotFound, Code: "NOT_FOUND",
		Message: "Databricks could not find what was asked for.",
		Hint:    "Refresh and check that the workspace URL is right."},
	{Target: apierr.ErrPermissionDenied, Code: "PERMISSION_DENIED",
		Message: "You do not have permission to do this in this workspace.",
		Hint:    "Ask a workspace admin for the needed permission (Can Manage for edits, Can Restart for start and stop)."},
	{Target: apierr.ErrUnauthenticated, Code: "UNAUTHENTICATED",
		Message: "The workspace did not accept your credentials.",
		Hint:    "Sign in again or replace the access token in Workspaces."},
	{Target: apierr.ErrResourceConflict, Code: "RESOURCE_CONFLICT",
		Message: "Someone else changed this at the same time.",
		Hint:    "Refresh to see the latest version, then try again."},
	{Target: apierr.ErrBadRequest, Code: "BAD_REQUEST",
		Message: "Databricks rejected the request.",
		Hint:    "Check the details below, correct the request and try again."},
	{Target: apierr.ErrTemporarilyUnavailable, Code: "TEMPORARILY_UNAVAILABLE",
		Message: "The workspace is temporarily unavailable.",
		Hint:    "Try again in a few minutes; check the Databricks status page if it lasts."},
	{Target: apierr.ErrDeadlineExceeded, Code: "DEADLINE_EXCEEDED",
		Message: "The workspace took too long to answer.",
		Hint:    "Try again; check your network or VPN if it keeps happening."},
	{Target: apierr.ErrNotImplemented, Code: "NOT_IMPLEMENTED",
		Message: "This workspace does not support that operation.",
		Hint:    "Check that the feature is enabled for your workspace or cloud."},
	{Target: apierr.ErrInternalError, Code: "INTERNAL_ERROR",
		Message: "Databricks reported an internal error.",
		Hint:    "Try again; if it persists, contact Databricks support with the details below."},
	{Target: context.DeadlineExceeded, Code: "TIMEOUT",
		Message: "The request timed out.",
		Hint:    "Check your network or VPN and try again."},
	{Target: context.Canceled, Code: "CANCELLED",
		Message: "The request was cancelled.",
		Hint:    "Run it again when you are ready."},
}

// Format implements Wails' options.ErrorFormatter: func(error) any.
func (f *ErrorFormatter) Format(err error) any {
	return f.UIError(err)
}

// UIError classifies err. Unknown errors still reach the user, as an
// "UNEXPECTED" error with their own text, never as a bare string.
func (f *ErrorFormatter) UIError(err error) UIError {
	if err == nil {
		return UIError{}
	}
	var already UIError
	if errors.As(err, &already) {
		return already
	}
	if workspaces.InvalidToken(err) {
		// A 403 that refuses the token itself, not a missing permission.
		err = fmt.Errorf("%w: %w", workspaces.ErrTokenInvalid, err)
	}
	raw := err
	if t := workspaces.Transport(err); t != nil {
		// Refused, dropped, timed out, DNS, TLS, a proxy's page: a sentence
		// with the fix, Go's own text in the details.
		err = t
	}
	out := UIError{Code: "UNEXPECTED", Message: err.Error(),
		Hint: "Try again. If it keeps happening, copy the details and report it."}
	rules := f.rules
	var apiErr *apierr.APIError
	if errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusTooManyRequests {
		rules = nil
		out = UIError{Code: rateLimited.Code, Message: rateLimited.Message, Hint: rateLimited.Hint}
	}
	for _, r := range rules {
		if errors.Is(err, r.Target) {
			out = UIError{Code: r.Code, Message: r.Message, Hint: r.Hint, Detail: raw.Error()}
			break
		}
	}
	if apiErr != nil {
		out.Status = apiErr.StatusCode
		if errors.Is(err, workspaces.ErrGateway) {
			out.Detail = fmt.Sprintf("HTTP %d from a proxy or gateway: %s", apiErr.StatusCode, clipped(apiErr.Message, 500))
			return out
		}
		if apiErr.ErrorCode != "" && !numeric(apiErr.ErrorCode) {
			out.Code = apiErr.ErrorCode // a numeric one ("403") says less than the rule's
		}
		out.Detail = fmt.Sprintf("%s (HTTP %d): %s", apiErr.ErrorCode, apiErr.StatusCode, apiErr.Message)
	}
	return out
}

// clipped keeps the first n bytes of s (a proxy's page can be long), marked when cut.
func clipped(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + " …"
}

func numeric(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
