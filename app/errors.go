package app

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/databricks/databricks-sdk-go/apierr"

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

// ErrorRule maps an error class (matched with errors.Is) to what the user reads.
type ErrorRule struct {
	Target  error
	Code    string // used when the error carries no API code of its own
	Message string
	Hint    string
}

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
var rateLimited = ErrorRule{nil, "TOO_MANY_REQUESTS",
	"The workspace is rate-limiting requests from Clusterdeck.",
	"Nothing to fix: Clusterdeck slows down and retries by itself. If you were acting, try again in a minute."}

// apiRules cover the SDK's sentinels. More specific classes come first because
// several inherit from a general one (ErrResourceExhausted is ErrTooManyRequests).
var apiRules = []ErrorRule{
	{apierr.ErrResourceExhausted, "RESOURCE_EXHAUSTED",
		"The workspace ran out of quota or capacity for this request.",
		"Request more quota from your cloud or workspace admin, or pick another node family or a smaller size."},
	{apierr.ErrRequestLimitExceeded, "REQUEST_LIMIT_EXCEEDED",
		"This would exceed a limit set for the workspace.",
		"Terminate or delete compute you no longer need, or ask an admin to raise the limit."},
	{apierr.ErrTooManyRequests, "TOO_MANY_REQUESTS",
		"Databricks is rate-limiting requests from this workspace.",
		"Wait a minute and try again; Clusterdeck slows its polling by itself."},
	{apierr.ErrInvalidState, "INVALID_STATE",
		"The resource is not in a state that allows this action.",
		"Wait for the current transition to finish, refresh, then try again."},
	{apierr.ErrInvalidParameterValue, "INVALID_PARAMETER_VALUE",
		"Databricks rejected a value in the request.",
		"Correct the value named in the details and try again."},
	{apierr.ErrResourceDoesNotExist, "RESOURCE_DOES_NOT_EXIST",
		"It no longer exists in this workspace.",
		"Refresh the list; someone may have deleted it."},
	{apierr.ErrNotFound, "NOT_FOUND",
		"Databricks could not find what was asked for.",
		"Refresh and check that the workspace URL is right."},
	{apierr.ErrPermissionDenied, "PERMISSION_DENIED",
		"You do not have permission to do this in this workspace.",
		"Ask a workspace admin for the needed permission (Can Manage for edits, Can Restart for start and stop)."},
	{apierr.ErrUnauthenticated, "UNAUTHENTICATED",
		"The workspace did not accept your credentials.",
		"Sign in again or replace the access token in Workspaces."},
	{apierr.ErrResourceConflict, "RESOURCE_CONFLICT",
		"Someone else changed this at the same time.",
		"Refresh to see the latest version, then try again."},
	{apierr.ErrBadRequest, "BAD_REQUEST",
		"Databricks rejected the request.",
		"Check the details below, correct the request and try again."},
	{apierr.ErrTemporarilyUnavailable, "TEMPORARILY_UNAVAILABLE",
		"The workspace is temporarily unavailable.",
		"Try again in a few minutes; check the Databricks status page if it lasts."},
	{apierr.ErrDeadlineExceeded, "DEADLINE_EXCEEDED",
		"The workspace took too long to answer.",
		"Try again; check your network or VPN if it keeps happening."},
	{apierr.ErrNotImplemented, "NOT_IMPLEMENTED",
		"This workspace does not support that operation.",
		"Check that the feature is enabled for your workspace or cloud."},
	{apierr.ErrInternalError, "INTERNAL_ERROR",
		"Databricks reported an internal error.",
		"Try again; if it persists, contact Databricks support with the details below."},
	{context.DeadlineExceeded, "TIMEOUT",
		"The request timed out.",
		"Check your network or VPN and try again."},
	{context.Canceled, "CANCELLED",
		"The request was cancelled.",
		"Run it again when you are ready."},
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
