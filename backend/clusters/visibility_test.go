package clusters

import (
	"context"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/config"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// Under cluster visibility control a user who is not an admin lists only the
// clusters they hold a permission on: when an admin takes a grant away, the
// cluster leaves that user's list at the next full listing (and a new grant
// brings one in), with no error in between.
func TestAClusterLeavesTheListOfAUserWhoLosesAccess(t *testing.T) {
	srv, admin := startDemo(t, demo.Options{})
	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	w, err := workspaceapi.New(&config.Config{Host: srv.URL(), Token: lim,
		Loaders: []config.Loader{config.ConfigAttributes}, RetryTimeoutSeconds: 20, HTTPTimeoutSeconds: 10})
	require.NoError(t, err)
	sink := &recordingSink{}
	ctx, cancel := context.WithCancel(context.Background())
	s := NewService(ctx, Options{Clients: &demoSource{srv: srv, token: lim, w: w}, Sink: sink,
		Timing: PollTiming{Fast: 20 * time.Millisecond, Slow: 20 * time.Millisecond}})
	t.Cleanup(func() { cancel(); s.Close() })

	personal := clusterID(t, admin, "Priya Sharma's Personal Compute Cluster")
	shared := clusterID(t, admin, "shared-analytics")
	_, err = admin.w.Clusters.UpdatePermissions(testCtx(t), compute.ClusterPermissionsRequest{ClusterId: personal,
		AccessControlList: []compute.ClusterAccessControlRequest{{GroupName: "analysts", PermissionLevel: compute.ClusterPermissionLevelCanAttachTo}}})
	require.NoError(t, err)

	require.NoError(t, s.Watch("demo", ViewAllPurpose))
	shown := func() map[string]Row {
		deltas, _, _ := sink.snapshot()
		rows, _ := rowsOf(deltas)
		return rows
	}
	require.Eventually(t, func() bool { r := shown(); return len(r) == 2 && r[personal].ID != "" && r[shared].ID != "" },
		20*time.Second, 10*time.Millisecond, "the analyst sees the two clusters they hold a permission on")

	_, err = admin.w.Clusters.SetPermissions(testCtx(t), compute.ClusterPermissionsRequest{ClusterId: personal})
	require.NoError(t, err)
	require.Eventually(t, func() bool { _, gone := shown()[personal]; return !gone }, 20*time.Second, 10*time.Millisecond)
	assert.Contains(t, shown(), shared)
	for _, st := range sink.statusesOf("demo", ViewAllPurpose) {
		assert.NoError(t, st.Err, "losing sight of a cluster is not a failure")
	}
}
