package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/config"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/adopt"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// sdkError makes the SDK itself parse an error response, so the formatter is
// tested on the errors users will really see, not on hand-built values.
func sdkError(t *testing.T, status int, body string) error {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		fmt.Fprint(w, body)
	}))
	t.Cleanup(srv.Close)
	w, err := workspaceapi.New(&config.Config{
		Host: srv.URL, Token: "dapi-test", Loaders: []config.Loader{config.ConfigAttributes},
		RetryTimeoutSeconds: 1, HTTPTimeoutSeconds: 5,
	})
	require.NoError(t, err)
	_, err = w.Clusters.GetByClusterId(context.Background(), "0101-000000-abc")
	require.Error(t, err)
	return fmt.Errorf("get cluster: %w", err)
}

func TestErrorFormatterAPIErrors(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	cases := []struct {
		name     string
		status   int
		body     string
		code     string
		message  string
		hintPart string
	}{
		{"invalid state", 400, `{"error_code":"INVALID_STATE","message":"Cluster 0101 is in unexpected state Pending."}`,
			"INVALID_STATE", "The resource is not in a state that allows this action.", "Wait for the current transition"},
		{"permission", 403, `{"error_code":"PERMISSION_DENIED","message":"User x does not have Manage permissions"}`,
			"PERMISSION_DENIED", "You do not have permission to do this in this workspace.", "Ask a workspace admin"},
		{"missing cluster", 400, `{"error_code":"INVALID_PARAMETER_VALUE","message":"Cluster 0101-000000-abc does not exist"}`,
			"INVALID_PARAMETER_VALUE", "It no longer exists in this workspace.", "Refresh the list"},
		{"bad value", 400, `{"error_code":"INVALID_PARAMETER_VALUE","message":"Validation failed for num_workers"}`,
			"INVALID_PARAMETER_VALUE", "Databricks rejected a value in the request.", "Correct the value"},
		{"not found", 404, `{"error_code":"RESOURCE_DOES_NOT_EXIST","message":"No cluster"}`,
			"RESOURCE_DOES_NOT_EXIST", "It no longer exists in this workspace.", "Refresh the list"},
		{"quota", 400, `{"error_code":"RESOURCE_EXHAUSTED","message":"Quota exceeded for Standard_NC family"}`,
			"RESOURCE_EXHAUSTED", "The workspace ran out of quota or capacity for this request.", "Request more quota"},
		{"cluster limit", 400, `{"error_code":"REQUEST_LIMIT_EXCEEDED","message":"Creating this cluster would exceed the workspace limit"}`,
			"REQUEST_LIMIT_EXCEEDED", "This would exceed a limit set for the workspace.", "Terminate or delete compute"},
		// HTTP 429 is rate limiting whatever the code says; no quota advice.
		{"rate limit, per-user code", 429, `{"error_code":"RESOURCE_EXHAUSTED","message":"Too many requests for user"}`,
			"RESOURCE_EXHAUSTED", "The workspace is rate-limiting requests from Clusterdeck.", "slows down and retries"},
		{"rate limit, request code", 429, `{"error_code":"REQUEST_LIMIT_EXCEEDED","message":"Too many requests"}`,
			"REQUEST_LIMIT_EXCEEDED", "The workspace is rate-limiting requests from Clusterdeck.", "slows down and retries"},
		{"unauthenticated", 401, `{"error_code":"UNAUTHENTICATED","message":"Invalid access token."}`,
			"UNAUTHENTICATED", "The workspace did not accept your credentials.", "Sign in again"},
	}
	f := NewErrorFormatter()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := f.UIError(sdkError(t, tc.status, tc.body))
			assert.Equal(t, tc.code, got.Code)
			assert.Equal(t, tc.message, got.Message)
			assert.Contains(t, got.Hint, tc.hintPart)
			assert.Equal(t, tc.status, got.Status)
			assert.Contains(t, got.Detail, tc.code, "the raw code stays available")
		})
	}
}

var errDraftCorrupt = errors.New("draft file is corrupt")

// A create whose answer was lost reads as what it left, not as the
// network error or the proxy's 503 it wraps.
func TestErrorFormatterLostWrites(t *testing.T) {
	f := NewErrorFormatter(writeRules()...)
	cases := []struct {
		err  error
		code string
	}{
		{fmt.Errorf("create pool \"etl\": %w: %w", adopt.ErrOutcomeUnknown, io.ErrUnexpectedEOF), "OUTCOME_UNKNOWN"},
		{fmt.Errorf("create pool \"etl\": %w: %w", adopt.ErrNotMade, &apierr.APIError{StatusCode: 503, Message: "<html>"}), "NOT_MADE"},
		{fmt.Errorf("create policy \"x\": %w: %w", workspaces.ErrNotSent, syscall.ECONNREFUSED), "NOT_SENT"},
		{fmt.Errorf("terminate 0101-a: %w: %w", workspaces.ErrAnswerLost, io.ErrUnexpectedEOF), "OUTCOME_UNKNOWN"},
	}
	for _, tc := range cases {
		got := f.UIError(tc.err)
		assert.Equal(t, tc.code, got.Code, "%v", tc.err)
		assert.NotContains(t, got.Message, "rejected")
		assert.NotEmpty(t, got.Detail, "the raw error one click away")
	}
}

func TestErrorFormatterLocalErrors(t *testing.T) {
	f := NewErrorFormatter(ErrorRule{Target: errDraftCorrupt, Code: "DRAFT_CORRUPT",
		Message: "This draft could not be read.", Hint: "Restore it from the previous version."})
	cases := []struct {
		name string
		err  error
		want UIError
	}{
		{"own rule, wrapped", fmt.Errorf("open draft a: %w", errDraftCorrupt),
			UIError{Code: "DRAFT_CORRUPT", Message: "This draft could not be read.",
				Hint: "Restore it from the previous version.", Detail: "open draft a: draft file is corrupt"}},
		{"timeout", fmt.Errorf("list clusters: %w", context.DeadlineExceeded),
			UIError{Code: "TIMEOUT", Message: "The request timed out.",
				Hint: "Check your network or VPN and try again.", Detail: "list clusters: context deadline exceeded"}},
		{"already formatted", fmt.Errorf("wrap: %w", UIError{Code: "X", Message: "m", Hint: "h"}),
			UIError{Code: "X", Message: "m", Hint: "h"}},
		{"unknown", errors.New("disk on fire"),
			UIError{Code: "UNEXPECTED", Message: "disk on fire",
				Hint: "Try again. If it keeps happening, copy the details and report it."}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, f.Format(tc.err))
		})
	}
}
