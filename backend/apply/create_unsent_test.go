package apply

import (
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
)

// countingServer answers every call with status and counts calls by path.
func countingServer(t *testing.T, status int) (string, func(path string) int) {
	t.Helper()
	var mu sync.Mutex
	calls := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		calls[r.URL.Path]++
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(`{"error_code":"UNAUTHENTICATED","message":"Invalid access token."}`))
	}))
	t.Cleanup(srv.Close)
	return srv.URL, func(path string) int {
		mu.Lock()
		defer mu.Unlock()
		return calls[path]
	}
}

// closedPort is a loopback address nothing listens on: connections are refused.
func closedPort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	return "http://" + addr
}

// A new create (the page's request id, never sent) that fails before
// anything reached the workspace, or is refused by it, says "not created"
// at once and never looks its request id up.
func TestNewCreateFailingBeforeSendSaysNotCreated(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status int // 0: connection refused
		reason string
	}{
		{"connection refused", 0, "connection refused"},
		{"token rejected (401)", http.StatusUnauthorized, "Invalid access token"},
		{"forbidden (403)", http.StatusForbidden, "Invalid access token"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("HOME", t.TempDir())
			host, calls := closedPort(t), func(string) int { return 0 }
			if tc.status != 0 {
				host, calls = countingServer(t, tc.status)
			}
			c, err := NewCreator(sdkClient(t, host, "tok"))
			require.NoError(t, err)
			start := time.Now()
			res, err := c.Create(testCtx(t), baseSpec("refused"), CreateOptions{RequestID: "cd-page-id", Unsent: true})
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrNotCreated)
			assert.NotErrorIs(t, err, ErrOutcomeUnknown)
			assert.Contains(t, err.Error(), "not created")
			assert.Contains(t, err.Error(), tc.reason)
			assert.Less(t, time.Since(start), 5*time.Second, "no retries, no look-up")
			assert.Equal(t, 1, res.Attempts)
			assert.Equal(t, "cd-page-id", res.RequestID)
			assert.Zero(t, calls("/api/2.1/clusters/list"), "nothing was sent, so nothing to look for")
		})
	}
}

// An ambiguous failure of a new create (the connection drops after the
// request went out) still looks the request id up and adopts the cluster.
func TestNewCreateAmbiguousFailureStillLooksUp(t *testing.T) {
	srv := startDemo(t)
	proxy := newDropProxy(t, srv.URL(), 1, false)
	w := sdkClient(t, proxy.URL, srv.Token())
	c, err := NewCreator(w)
	require.NoError(t, err)
	res, err := c.Create(testCtx(t), baseSpec("maybe-made"), CreateOptions{RequestID: "cd-page-2", Unsent: true, Backoff: noBackoff})
	require.NoError(t, err)
	assert.True(t, res.Adopted, "found by its tag after the lost answer")
	found := clustersNamed(t, w, "maybe-made")
	require.Len(t, found, 1, "never two clusters")
	assert.Equal(t, "cd-page-2", found[0].CustomTags[clusterspec.RequestIDTag])
}

// A cluster made by an earlier version carries the old, long mark: a retry of
// its request still finds it rather than make a second one.
func TestFindByRequestIDFindsTheOldMark(t *testing.T) {
	srv := startDemo(t)
	w := sdkClient(t, srv.URL(), srv.Token())
	spec := baseSpec("old-mark")
	req, err := clusterspec.ToCreate(spec)
	require.NoError(t, err)
	req.CustomTags = map[string]string{"clusterdeck_request_id": "cd-old"}
	made, err := w.Clusters.Create(testCtx(t), req)
	require.NoError(t, err)
	found, err := FindByRequestID(testCtx(t), w.Pages, "cd-old")
	require.NoError(t, err)
	require.NotNil(t, found)
	assert.Equal(t, made.ClusterId, found.ClusterId)
}
