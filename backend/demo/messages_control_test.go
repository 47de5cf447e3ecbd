package demo

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// controlMessages: what the demo's own control API (test-only, Options.Control)
// refuses, and the faults it injects; they have no service counterpart, so
// every row is a guess.
// The rows are messageSource; TestMessageSources runs them.
func controlMessages(f *messageFixtures) []messageSource {
	rawAs, rawCase, clusterID := f.rawAs, f.rawCase, f.clusterID
	// faulted injects one fault of kind into the next zones list and makes
	// that call.
	faulted := func(kind FaultKind, code string) func(*testing.T, context.Context, *workspaceapi.Client) error {
		return func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
			const zones = "/api/2.1/clusters/list-zones"
			rule := fmt.Sprintf(`{"fault":{"PathPrefix":%q,"Kind":%q,"Count":1,"ErrorCode":%q}}`, zones, kind, code)
			var ae *apierr.APIError
			require.True(t, errors.As(rawCase("POST", controlPrefix+"fault", rule)(t, ctx, w), &ae))
			require.Equal(t, http.StatusOK, ae.StatusCode, "the fault is injected")
			return rawCase("GET", zones, "")(t, ctx, w)
		}
	}
	return []messageSource{
		{name: "control: a token that is not the admin's", got: rawAs("dapi-not-a-token", "POST", controlPrefix+"advance", `{"seconds":1}`),
			status: http.StatusUnauthorized, code: "UNAUTHENTICATED", msg: "Invalid access token.",
			guess: true, source: "the demo's own endpoint; the words are the service's refused-token words (databricks-sdk-go#873), the status and code are not"},
		{name: "control: a body that is not JSON", got: rawCase("POST", controlPrefix+"advance", "{"),
			status: http.StatusBadRequest, code: "BAD_REQUEST", msg: "control: unexpected end of JSON input",
			guess: true, source: "the demo's own endpoint"},
		{name: "control: unknown control", got: rawCase("POST", controlPrefix+"nothing", ""),
			status: http.StatusNotFound, code: "ENDPOINT_NOT_FOUND", msg: "unknown control " + controlPrefix + "nothing",
			guess: true, source: "the demo's own endpoint; only the code follows the service's unknown-endpoint answer"},
		{name: "control: a negative outage", got: rawCase("POST", controlPrefix+"outage", `{"seconds":-1}`),
			status: http.StatusBadRequest, code: "BAD_REQUEST", msg: "control: seconds must be ≥ 0",
			guess: true, source: "the demo's own endpoint"},
		{name: "control: a time scale without a scale", got: rawCase("POST", controlPrefix+"time-scale", `{}`),
			status: http.StatusBadRequest, code: "BAD_REQUEST", msg: "control: need a virtual clock and a scale",
			guess: true, source: "the demo's own endpoint"},
		{name: "control: a driver failure on a cluster not running", got: rawCase("POST", controlPrefix+"cluster-error", `{"cluster_id":"`+clusterID+`"}`),
			status: http.StatusBadRequest, code: "INVALID_STATE", msg: "control: demo: cluster is not running: " + clusterID + " is PENDING",
			guess: true, source: "the demo's own endpoint"},
		{name: "control: a driver failure that is none", got: rawCase("POST", controlPrefix+"cluster-error", `{"cluster_id":"`+clusterID+`","code":"USER_REQUEST"}`),
			status: http.StatusBadRequest, code: "BAD_REQUEST", msg: "control: demo: USER_REQUEST is not a driver failure (use one of " + fmt.Sprint(DriverFailures()) + ")",
			guess: true, source: "the demo's own endpoint"},
		{name: "fault: too many requests", got: faulted(FaultTooManyRequests, ""),
			status: http.StatusTooManyRequests, code: "REQUEST_LIMIT_EXCEEDED", msg: "Too many requests. Please wait a moment and try again. (demo fault)",
			guess: true, source: "an injected fault, marked as the demo's; the status and code are ones databricks-sdk-go apierr/error_mapping.go maps (429 → ErrTooManyRequests, REQUEST_LIMIT_EXCEEDED → ErrRequestLimitExceeded)"},
		{name: "fault: a per-user rate limit", got: faulted(FaultTooManyRequests, "RESOURCE_EXHAUSTED"),
			status: http.StatusTooManyRequests, code: "RESOURCE_EXHAUSTED", msg: "Too many requests. Please wait a moment and try again. (demo fault)",
			guess: true, source: "an injected fault with the code the control call names; apierr/error_mapping.go has RESOURCE_EXHAUSTED as `per-user rate limiting`"},
		{name: "fault: unavailable", got: faulted(FaultUnavailable, ""),
			status: http.StatusServiceUnavailable, code: "TEMPORARILY_UNAVAILABLE", msg: "The service is temporarily unavailable. Please try again later. (demo fault)",
			guess: true, source: "an injected fault, marked as the demo's; the status is one databricks-sdk-go apierr/error_mapping.go maps (503 → ErrTemporarilyUnavailable)"},
		{name: "fault: internal error", got: faulted(FaultInternal, ""),
			status: http.StatusInternalServerError, code: "INTERNAL_ERROR", msg: "An internal error occurred. (demo fault)",
			guess: true, source: "an injected fault, marked as the demo's; the status is one databricks-sdk-go apierr/error_mapping.go maps (500 → ErrInternalError)"},
		{name: "control: advancing a clock that is not virtual",
			got: func(t *testing.T, ctx context.Context, _ *workspaceapi.Client) error {
				srv := startServer(t, Options{Empty: true, Control: true, Clock: wallClock{}})
				return rawAt(t, ctx, srv.URL(), srv.Token(), "POST", controlPrefix+"advance", `{"seconds":1}`)
			},
			status: http.StatusBadRequest, code: "BAD_REQUEST", msg: "control: the clock is not virtual",
			guess: true, source: "the demo's own endpoint"},
	}
}

// wallClock is a Clock the control API cannot move.
type wallClock struct{}

func (wallClock) Now() time.Time { return time.Now() }
