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

func TestOutageMakesTheWorkspaceUnreachableUntilRestored(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{Empty: true, Control: true})
	w := client(t, srv, srv.Token())
	ctx := testCtx(t)
	_, err := w.CurrentUser.Me(ctx, iam.MeRequest{})
	require.NoError(t, err)

	require.Equal(t, http.StatusOK, control(t, srv, srv.Token(), "outage", `{}`))
	short, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err = w.CurrentUser.Me(short, iam.MeRequest{})
	require.Error(t, err, "no answer while the outage lasts")
	assert.NotContains(t, err.Error(), "UNAUTHENTICATED", "the connection is dropped, not refused by the API")

	require.Equal(t, http.StatusOK, control(t, srv, srv.Token(), "restore", ``))
	_, err = w.CurrentUser.Me(ctx, iam.MeRequest{})
	assert.NoError(t, err)
}

func TestOutageControlRejectsBadInput(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{Empty: true, Control: true})
	assert.Equal(t, http.StatusBadRequest, control(t, srv, srv.Token(), "outage", `{"seconds":-1}`))
	assert.Equal(t, http.StatusBadRequest, control(t, srv, srv.Token(), "outage", `{"seconds":"soon"}`))
	assert.Equal(t, http.StatusUnauthorized, control(t, srv, "not-the-token", "outage", `{}`))
	assert.False(t, srv.outage.active(), "a refused command changes nothing")

	off := startServer(t, Options{Empty: true})
	assert.Equal(t, http.StatusNotFound, control(t, off, off.Token(), "outage", `{}`), "only with Options.Control")
}

func TestOutageEndsByItself(t *testing.T) {
	srv := startServer(t, Options{Empty: true})
	srv.SetOutage(true, time.Nanosecond)
	time.Sleep(time.Millisecond) // real time: the outage is measured on the wall clock
	assert.False(t, srv.outage.active())
}
