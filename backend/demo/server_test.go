package demo

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/config"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/iam"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

func TestWorkspacesAreIsolatedByToken(t *testing.T) {
	t.Parallel()
	srv, a := frozen(t, Options{})
	ctx := testCtx(t)
	tokB, err := srv.AddWorkspace("team-b")
	require.NoError(t, err)
	b := client(t, srv, tokB)

	created, err := a.Clusters.Create(ctx, smallSpec("only-in-a"))
	require.NoError(t, err)
	_, err = b.Clusters.GetByClusterId(ctx, created.ClusterId)
	assert.ErrorIs(t, err, apierr.ErrResourceDoesNotExist)

	listA, err := a.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	listB, err := b.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	assert.Equal(t, len(listB)+1, len(listA))

	// Reset brings the seed back and keeps the token working.
	require.NoError(t, srv.Reset())
	_, err = a.Clusters.GetByClusterId(ctx, created.ClusterId)
	assert.ErrorIs(t, err, apierr.ErrResourceDoesNotExist)
	again, err := a.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	assert.Len(t, again, len(listA)-1)

	_, err = srv.AddWorkspace("team-b")
	assert.Error(t, err, "names are unique")
}

// A token the workspace does not accept gets what a real workspace answers:
// 403 with a numeric error_code, the reason in X-Databricks-Reason-Phrase,
// and "JWT has expired." for an OAuth access token.
func TestBadTokenGetsTheRealWorkspacesAnswer(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{Empty: true})
	for token, msg := range map[string]string{
		"dapi-not-a-token":           "Invalid access token.",
		"eyJhbGciOiJSUzI1NiJ9.e30.x": "JWT has expired.",
	} {
		_, err := client(t, srv, token).CurrentUser.Me(testCtx(t), iam.MeRequest{})
		var ae *apierr.APIError
		require.ErrorAs(t, err, &ae)
		assert.Equal(t, http.StatusForbidden, ae.StatusCode)
		assert.Equal(t, "403", ae.ErrorCode)
		assert.Equal(t, msg, ae.Message)

		req, rerr := http.NewRequest(http.MethodGet, srv.URL()+"/api/2.0/preview/scim/v2/Me", nil)
		require.NoError(t, rerr)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, rerr := http.DefaultClient.Do(req)
		require.NoError(t, rerr)
		var body map[string]any
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&body))
		require.NoError(t, resp.Body.Close())
		assert.Equal(t, msg, resp.Header.Get("X-Databricks-Reason-Phrase"))
		assert.Equal(t, map[string]any{"error_code": float64(403), "message": msg}, body)
	}
}

func TestCurrentUserAndUsers(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	me, err := w.CurrentUser.Me(ctx, iam.MeRequest{})
	require.NoError(t, err)
	assert.Equal(t, adminUserName, me.UserName)

	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	me2, err := client(t, srv, lim).CurrentUser.Me(ctx, iam.MeRequest{})
	require.NoError(t, err)
	assert.Equal(t, limitedUserName, me2.UserName)

	users, err := w.Users.ListAll(ctx, iam.ListUsersRequest{})
	require.NoError(t, err)
	assert.Len(t, users, 4)
	groups, err := w.Groups.ListAll(ctx, iam.ListGroupsRequest{})
	require.NoError(t, err)
	assert.NotEmpty(t, groups)
}

func TestInjectedFaultsSeenBySDK(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)

	// Retriable faults: the SDK retries and succeeds.
	srv.InjectFault(FaultRule{PathPrefix: "/api/2.1/clusters/list-node-types", Kind: FaultTooManyRequests, Count: 1})
	srv.InjectFault(FaultRule{PathPrefix: "/api/2.1/clusters/spark-versions", Kind: FaultUnavailable, Count: 1})
	_, err := w.Clusters.ListNodeTypes(ctx)
	require.NoError(t, err)
	_, err = w.Clusters.SparkVersions(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, srv.FaultsFired(FaultTooManyRequests))
	assert.Equal(t, 1, srv.FaultsFired(FaultUnavailable))

	// A 500 reaches the caller as an internal error.
	srv.InjectFault(FaultRule{Method: http.MethodGet, PathPrefix: "/api/2.1/clusters/list", Kind: FaultInternal, Count: 1})
	_, err = w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	assert.ErrorIs(t, err, apierr.ErrInternalError)

	// A connection reset is retried by the SDK for idempotent GETs.
	srv.InjectFault(FaultRule{PathPrefix: "/api/2.0/preview/scim/v2/Me", Kind: FaultReset, Count: 1})
	_, err = w.CurrentUser.Me(ctx, iam.MeRequest{})
	assert.NoError(t, err)
	assert.Equal(t, 1, srv.FaultsFired(FaultReset))
	srv.ClearFaults()
}

func TestHangIsCutByClientTimeout(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{Empty: true, FreezeClock: true})
	w, err := workspaceapi.New(&config.Config{Host: srv.URL(), Token: srv.Token(),
		Loaders: []config.Loader{config.ConfigAttributes}, HTTPTimeoutSeconds: 1, RetryTimeoutSeconds: 2})
	require.NoError(t, err)
	srv.InjectFault(FaultRule{PathPrefix: "/api/2.1/clusters/list-zones", Kind: FaultHang})
	_, err = w.Clusters.ListZones(testCtx(t))
	assert.Error(t, err)
}

func TestPersistentRateLimitSurfacesAsResourceExhausted(t *testing.T) {
	t.Parallel()
	srv := startServer(t, Options{Empty: true, FreezeClock: true})
	w, err := workspaceapi.New(&config.Config{Host: srv.URL(), Token: srv.Token(),
		Loaders: []config.Loader{config.ConfigAttributes}, HTTPTimeoutSeconds: 2, RetryTimeoutSeconds: 1})
	require.NoError(t, err)
	srv.InjectFault(FaultRule{PathPrefix: "/api/2.1/clusters/list-zones", Kind: FaultTooManyRequests, ErrorCode: "RESOURCE_EXHAUSTED"})
	_, err = w.Clusters.ListZones(testCtx(t))
	assert.ErrorIs(t, err, apierr.ErrResourceExhausted)
	assert.ErrorIs(t, err, apierr.ErrTooManyRequests)
}
