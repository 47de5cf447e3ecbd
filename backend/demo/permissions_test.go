package demo

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestClusterPermissionsAndLimitedUser(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	analyst := client(t, srv, lim)

	created, err := w.Clusters.Create(ctx, smallSpec("perm"))
	require.NoError(t, err)
	id := created.ClusterId
	stepUntil(t, srv, w, id, compute.StateRunning)

	perms, err := w.Clusters.GetPermissionsByClusterId(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "/clusters/"+id, perms.ObjectId)
	assert.Equal(t, "cluster", perms.ObjectType)
	var owner *compute.ClusterAccessControlResponse
	for i := range perms.AccessControlList {
		if perms.AccessControlList[i].UserName == adminUserName {
			owner = &perms.AccessControlList[i]
		}
	}
	require.NotNil(t, owner, "the creator manages the cluster")
	assert.Equal(t, compute.ClusterPermissionLevelCanManage, owner.AllPermissions[0].PermissionLevel)

	levels, err := w.Clusters.GetPermissionLevelsByClusterId(ctx, id)
	require.NoError(t, err)
	assert.Len(t, levels.PermissionLevels, 3)

	// Without grants the analyst can neither see nor act.
	_, err = analyst.Clusters.GetByClusterId(ctx, id)
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)
	_, err = analyst.Clusters.Restart(ctx, compute.RestartCluster{ClusterId: id})
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)

	// CAN_RESTART lets them restart but not resize or change permissions.
	_, err = w.Clusters.UpdatePermissions(ctx, compute.ClusterPermissionsRequest{ClusterId: id, AccessControlList: []compute.ClusterAccessControlRequest{
		{UserName: limitedUserName, PermissionLevel: compute.ClusterPermissionLevelCanRestart}}})
	require.NoError(t, err)
	_, err = analyst.Clusters.Restart(ctx, compute.RestartCluster{ClusterId: id})
	require.NoError(t, err)
	stepUntil(t, srv, w, id, compute.StateRunning)
	_, err = analyst.Clusters.Resize(ctx, compute.ResizeCluster{ClusterId: id, NumWorkers: 1})
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)
	_, err = analyst.Clusters.SetPermissions(ctx, compute.ClusterPermissionsRequest{ClusterId: id})
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)
	err = analyst.Libraries.Install(ctx, compute.InstallLibraries{ClusterId: id, Libraries: []compute.Library{{Whl: "/x.whl"}}})
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)

	// PUT replaces the grants; the owner keeps CAN_MANAGE.
	perms, err = w.Clusters.SetPermissions(ctx, compute.ClusterPermissionsRequest{ClusterId: id, AccessControlList: []compute.ClusterAccessControlRequest{
		{GroupName: "data-science", PermissionLevel: compute.ClusterPermissionLevelCanAttachTo}}})
	require.NoError(t, err)
	principals := []string{}
	for _, a := range perms.AccessControlList {
		principals = append(principals, a.UserName+a.GroupName)
	}
	assert.ElementsMatch(t, []string{adminUserName, "admins", "data-science"}, principals)
	_, err = analyst.Clusters.Restart(ctx, compute.RestartCluster{ClusterId: id})
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)

	_, err = w.Clusters.SetPermissions(ctx, compute.ClusterPermissionsRequest{ClusterId: id, AccessControlList: []compute.ClusterAccessControlRequest{
		{UserName: "nobody@example.com", PermissionLevel: compute.ClusterPermissionLevelCanManage}}})
	assert.ErrorIs(t, err, apierr.ErrInvalidParameterValue)
	_, err = w.Clusters.GetPermissionsByClusterId(ctx, "0000-000000-missing0")
	assert.ErrorIs(t, err, apierr.ErrResourceDoesNotExist)
}

func TestPoolAndPolicyPermissions(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{})
	ctx := testCtx(t)
	pools, err := w.InstancePools.ListAll(ctx)
	require.NoError(t, err)
	require.NotEmpty(t, pools)
	pp, err := w.InstancePools.GetPermissionsByInstancePoolId(ctx, pools[0].InstancePoolId)
	require.NoError(t, err)
	assert.Equal(t, "instance-pool", pp.ObjectType)
	pl, err := w.InstancePools.GetPermissionLevelsByInstancePoolId(ctx, pools[0].InstancePoolId)
	require.NoError(t, err)
	assert.Len(t, pl.PermissionLevels, 2)

	personal := policyID(t, ctx, w, "Personal Compute")
	polp, err := w.ClusterPolicies.UpdatePermissions(ctx, compute.ClusterPolicyPermissionsRequest{ClusterPolicyId: personal,
		AccessControlList: []compute.ClusterPolicyAccessControlRequest{{UserName: limitedUserName, PermissionLevel: compute.ClusterPolicyPermissionLevelCanUse}}})
	require.NoError(t, err)
	assert.Equal(t, "cluster-policy", polp.ObjectType)

	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	analyst := client(t, srv, lim)
	_, err = analyst.InstancePools.Create(ctx, compute.CreateInstancePool{InstancePoolName: "mine", NodeTypeId: "Standard_DS3_v2"})
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)
	err = analyst.InstancePools.DeleteByInstancePoolId(ctx, pools[0].InstancePoolId)
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)
}

// A cluster's access list is its creator's until it changes: generated
// clusters keep none (aclOf), yet answer, authorize and change owner as
// every other cluster does.
func TestGeneratedClusterAccessFollowsItsOwner(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true, ExtraClusters: 40})
	ctx := testCtx(t)
	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	analyst := client(t, srv, lim)

	all, err := w.Clusters.ListAll(ctx, compute.ListClustersRequest{})
	require.NoError(t, err)
	var gen *compute.ClusterDetails
	for i := range all {
		if all[i].State == compute.StateTerminated && all[i].ClusterSource != compute.ClusterSourceJob {
			gen = &all[i]
			break
		}
	}
	require.NotNil(t, gen, "a terminated generated cluster to hand over")
	managers := func() []string {
		perms, err := w.Clusters.GetPermissionsByClusterId(ctx, gen.ClusterId)
		require.NoError(t, err)
		var names []string
		for _, e := range perms.AccessControlList {
			for _, p := range e.AllPermissions {
				if e.UserName != "" && p.PermissionLevel == compute.ClusterPermissionLevelCanManage && !p.Inherited {
					names = append(names, e.UserName)
				}
			}
		}
		return names
	}
	assert.Equal(t, []string{gen.CreatorUserName}, managers(), "its creator manages it")
	_, err = analyst.Clusters.GetByClusterId(ctx, gen.ClusterId)
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied, "nobody else was granted anything")

	// A new owner manages it at once, and keeps it when grants are added.
	require.NoError(t, w.Clusters.ChangeOwner(ctx, compute.ChangeClusterOwner{ClusterId: gen.ClusterId, OwnerUsername: limitedUserName}))
	assert.Equal(t, []string{limitedUserName}, managers())
	_, err = analyst.Clusters.GetByClusterId(ctx, gen.ClusterId)
	require.NoError(t, err)
	_, err = w.Clusters.UpdatePermissions(ctx, compute.ClusterPermissionsRequest{ClusterId: gen.ClusterId, AccessControlList: []compute.ClusterAccessControlRequest{
		{GroupName: "users", PermissionLevel: compute.ClusterPermissionLevelCanAttachTo}}})
	require.NoError(t, err)
	assert.Equal(t, []string{limitedUserName}, managers())
	require.NoError(t, analyst.Clusters.StartByClusterId(ctx, gen.ClusterId), "the owner may start it")
}
