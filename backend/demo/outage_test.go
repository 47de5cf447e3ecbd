package demo

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/iam"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func control(t *testing.T, srv *Server, method, query string) int {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL()+OutagePath+query, nil)
	require.NoError(t, err)
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	require.NoError(t, res.Body.Close())
	return res.StatusCode
}

func TestOutageMakesTheWorkspaceUnreachableUntilLifted(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{Empty: true})
	w := client(t, srv, srv.Token())
	ctx := testCtx(t)
	_, err := w.CurrentUser.Me(ctx, iam.MeRequest{})
	require.NoError(t, err)

	require.Equal(t, http.StatusNoContent, control(t, srv, http.MethodPost, ""))
	short, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err = w.CurrentUser.Me(short, iam.MeRequest{})
	require.Error(t, err, "no answer while the outage lasts")
	assert.NotContains(t, err.Error(), "UNAUTHENTICATED", "the connection is dropped, not refused by the API")

	require.Equal(t, http.StatusNoContent, control(t, srv, http.MethodDelete, ""))
	_, err = w.CurrentUser.Me(ctx, iam.MeRequest{})
	assert.NoError(t, err)
}

func TestOutageControlRejectsBadInput(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{Empty: true})
	assert.Equal(t, http.StatusBadRequest, control(t, srv, http.MethodPost, "?seconds=-1"))
	assert.Equal(t, http.StatusBadRequest, control(t, srv, http.MethodPost, "?seconds=soon"))
	assert.Equal(t, http.StatusMethodNotAllowed, control(t, srv, http.MethodGet, ""))
	assert.False(t, srv.outage.active(), "a refused command changes nothing")
}

func TestOutageEndsByItself(t *testing.T) {
	srv := startServer(t, Options{Empty: true})
	srv.SetOutage(true, time.Nanosecond)
	time.Sleep(time.Millisecond) // real time: the outage is measured on the wall clock
	assert.False(t, srv.outage.active())
}
