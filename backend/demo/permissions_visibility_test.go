package demo

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

func clusterNames(t *testing.T, w *workspaceapi.Client) map[string]string {
	t.Helper()
	all, err := w.Clusters.ListAll(testCtx(t), compute.ListClustersRequest{})
	require.NoError(t, err)
	out := map[string]string{}
	for _, c := range all {
		out[c.ClusterName] = c.ClusterId
	}
	return out
}

// A user who is not an admin lists and reads only the clusters they hold a
// permission on (directly, through a group, or as creator); reading an access
// list needs CAN_MANAGE, with the service's 403 shape.
func TestClusterVisibilityControl(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{})
	ctx := testCtx(t)
	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	analyst := client(t, srv, lim)
	priyaTok, err := srv.UserToken(srv.Token(), "priya.sharma@example.com")
	require.NoError(t, err)
	priya := client(t, srv, priyaTok)

	admin := clusterNames(t, w)
	shared, personal := admin["shared-analytics"], admin["Priya Sharma's Personal Compute Cluster"]
	require.NotEmpty(t, shared)
	require.NotEmpty(t, personal)

	// The analyst holds CAN_ATTACH_TO on shared-analytics through the users group, nothing else.
	seen := clusterNames(t, analyst)
	assert.Equal(t, map[string]string{"shared-analytics": shared}, seen)
	_, err = analyst.Clusters.GetByClusterId(ctx, personal)
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)
	_, err = analyst.Clusters.GetByClusterId(ctx, shared)
	require.NoError(t, err)

	// Priya sees what she created and what data-engineering may restart, not Marco's clusters.
	mine := clusterNames(t, priya)
	assert.Contains(t, mine, "Priya Sharma's Personal Compute Cluster")
	assert.Contains(t, mine, "shared-analytics")
	assert.NotContains(t, mine, "ml-training-gpu")
	assert.Less(t, len(mine), len(admin))

	// Reading the access list: CAN_ATTACH_TO is not enough; the creator may.
	_, err = analyst.Clusters.GetPermissionsByClusterId(ctx, shared)
	var ae *apierr.APIError
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, 403, ae.StatusCode)
	assert.Equal(t, "PERMISSION_DENIED", ae.ErrorCode)
	assert.Equal(t, limitedUserName+" does not have Manage permissions on Cluster with ID: "+shared+
		". Please contact the owner or an administrator for access.", ae.Message)
	_, err = priya.Clusters.GetPermissionsByClusterId(ctx, personal)
	require.NoError(t, err)

	// A grant makes a cluster appear in the list; removing it makes it go.
	_, err = w.Clusters.UpdatePermissions(ctx, compute.ClusterPermissionsRequest{ClusterId: personal,
		AccessControlList: []compute.ClusterAccessControlRequest{{GroupName: "analysts", PermissionLevel: compute.ClusterPermissionLevelCanRestart}}})
	require.NoError(t, err)
	assert.Contains(t, clusterNames(t, analyst), "Priya Sharma's Personal Compute Cluster")
	_, err = w.Clusters.SetPermissions(ctx, compute.ClusterPermissionsRequest{ClusterId: personal})
	require.NoError(t, err)
	assert.NotContains(t, clusterNames(t, analyst), "Priya Sharma's Personal Compute Cluster")
}

// The demo switch brings back the older behaviour: everyone sees everything.
func TestAllClustersVisibleSwitch(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{AllClustersVisible: true})
	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	analyst := client(t, srv, lim)
	admin := clusterNames(t, w)
	assert.Equal(t, admin, clusterNames(t, analyst))
	_, err = analyst.Clusters.GetPermissionsByClusterId(testCtx(t), admin["ml-training-gpu"])
	require.NoError(t, err)
}
