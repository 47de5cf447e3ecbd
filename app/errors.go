package app

import (
	"errors"
	"fmt"
	"net/http"
	"slices"

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

// NewErrorFormatter returns a formatter that knows the SDK's API error classes
// (workspaces.APIWording), plus any extra rules (backend sentinels) placed
// ahead of them.
func NewErrorFormatter(extra ...ErrorRule) *ErrorFormatter {
	return &ErrorFormatter{rules: slices.Concat(extra, workspaces.APIWording())}
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
		r := workspaces.RateLimitedWording()
		out = UIError{Code: r.Code, Message: r.Message, Hint: r.Hint}
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
