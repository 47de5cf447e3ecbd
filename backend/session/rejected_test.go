package session

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRejected(t *testing.T) {
	unauth := &apierr.APIError{StatusCode: http.StatusUnauthorized, ErrorCode: "UNAUTHENTICATED", Message: "Invalid access token."}
	forbidden := &apierr.APIError{StatusCode: http.StatusForbidden, ErrorCode: "PERMISSION_DENIED", Message: "no"}
	cases := []struct {
		name     string
		err      error
		identity bool
		want     bool
	}{
		{"401 on any call", fmt.Errorf("create: %w", unauth), false, true},
		{"a real workspace's 403 for a bad token, on any call", fmt.Errorf("start: %w",
			&apierr.APIError{StatusCode: http.StatusForbidden, ErrorCode: "403", Message: "Invalid access token."}), false, true},
		{"an expired OAuth token", &apierr.APIError{StatusCode: http.StatusForbidden, ErrorCode: "403", Message: "JWT has expired."}, false, true},
		{"403 listing clusters", fmt.Errorf("list: %w", forbidden), true, true},
		{"403 on one action: a permission, not the sign-in", forbidden, false, false},
		{"a 500", &apierr.APIError{StatusCode: 500, ErrorCode: "INTERNAL_ERROR"}, true, false},
		{"offline", context.DeadlineExceeded, true, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, Rejected(tc.err, tc.identity))
		})
	}
}

// A 401 seen by any call (the cluster list, a create) marks an online
// workspace "sign-in needed" at once, for the page to make it read-only,
// until a connection check succeeds again.
func TestMarkRejectedMakesTheWorkspaceSignInNeeded(t *testing.T) {
	d := dir("a")
	var seen []State
	s := New(d, Options{OnStatus: func(_ string, st Status) { seen = append(seen, st.State) }})
	_, err := s.Check(context.Background(), "a")
	require.NoError(t, err)

	cause := &apierr.APIError{StatusCode: http.StatusUnauthorized, ErrorCode: "UNAUTHENTICATED", Message: "Invalid access token."}
	s.MarkRejected("a", cause)
	s.MarkRejected("a", cause) // told once
	s.MarkRejected("nope", cause)
	st, err := s.Status("a")
	require.NoError(t, err)
	assert.Equal(t, StateUnauthorized, st.State)
	assert.ErrorIs(t, st.Err, apierr.ErrUnauthenticated)
	assert.Equal(t, []State{StateChecking, StateOnline, StateUnauthorized}, seen)

	// Fixed credentials: the next check brings it back.
	st, err = s.Check(context.Background(), "a")
	require.NoError(t, err)
	assert.Equal(t, StateOnline, st.State)
}

// A 401 from a call that started before the latest successful check (a poll
// sent with the old token while the user was fixing it) must not mark the
// workspace again; one that started after it does.
func TestARefusalOlderThanTheLastCheckIsIgnored(t *testing.T) {
	clock := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	s := New(dir("a"), Options{Now: func() time.Time { return clock }})
	cause := &apierr.APIError{StatusCode: http.StatusUnauthorized, ErrorCode: "UNAUTHENTICATED", Message: "Invalid access token."}
	pollStarted := clock.Add(-2 * time.Second)
	_, err := s.Check(context.Background(), "a") // the fixed token works
	require.NoError(t, err)

	s.MarkRejectedSince("a", cause, pollStarted)
	st, err := s.Status("a")
	require.NoError(t, err)
	assert.Equal(t, StateOnline, st.State, "a stale refusal is ignored")

	s.MarkRejectedSince("a", cause, clock.Add(time.Second))
	st, err = s.Status("a")
	require.NoError(t, err)
	assert.Equal(t, StateUnauthorized, st.State, "a refusal after the check counts")
}
