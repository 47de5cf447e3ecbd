package demo

import (
	"bytes"
	"net/http"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func control(t *testing.T, srv *Server, token, path, body string) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, srv.URL()+controlPrefix+path, bytes.NewBufferString(body))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	_ = resp.Body.Close()
	return resp.StatusCode
}

func TestControlAPIOnlyWhenEnabled(t *testing.T) {
	off := startServer(t, Options{FreezeClock: true})
	assert.Equal(t, http.StatusNotFound, control(t, off, off.Token(), "advance", `{"seconds":60}`))

	srv, w := frozen(t, Options{Control: true})
	assert.Equal(t, http.StatusUnauthorized, control(t, srv, "dapi-wrong", "advance", `{"seconds":60}`))
	before := srv.Clock().Now()
	require.Equal(t, http.StatusOK, control(t, srv, srv.Token(), "advance", `{"seconds":90}`))
	assert.Equal(t, 90*time.Second, srv.Clock().Now().Sub(before))

	require.Equal(t, http.StatusOK, control(t, srv, srv.Token(), "fault",
		`{"fault":{"Method":"POST","PathPrefix":"/api/2.1/clusters/start","Kind":"500","Count":1}}`))
	_, err := w.Clusters.Start(testCtx(t), compute.StartCluster{ClusterId: "x"})
	assert.ErrorIs(t, err, apierr.ErrInternalError)
	require.Equal(t, http.StatusOK, control(t, srv, srv.Token(), "clear-faults", ``))
	assert.Equal(t, http.StatusNotFound, control(t, srv, srv.Token(), "nope", ``))
}
