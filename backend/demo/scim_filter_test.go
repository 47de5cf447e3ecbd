package demo

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/iam"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSCIMFilters(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	users := []struct {
		filter string
		want   []string
	}{
		{`userName eq "li.wei@example.com"`, []string{"li.wei@example.com"}},
		{`displayName co "sharma" or userName co "rossi"`, []string{"marco.rossi@example.com", "priya.sharma@example.com"}},
		{`userName sw "demo" and displayName co "user"`, []string{"demo.user@example.com"}},
		{`displayName co "nobody"`, nil},
		{``, []string{"demo.user@example.com", "li.wei@example.com", "marco.rossi@example.com", "priya.sharma@example.com"}},
	}
	for _, tc := range users {
		all, err := w.Users.ListAll(ctx, iam.ListUsersRequest{Filter: tc.filter})
		require.NoError(t, err, tc.filter)
		var got []string
		for _, u := range all {
			got = append(got, u.UserName)
		}
		assert.Equal(t, tc.want, got, tc.filter)
	}
	groups, err := w.Groups.ListAll(ctx, iam.ListGroupsRequest{Filter: `displayName co "data"`})
	require.NoError(t, err)
	var names []string
	for _, g := range groups {
		names = append(names, g.DisplayName)
	}
	assert.Equal(t, []string{"data-engineering", "data-platform", "data-science"}, names)

	sps, err := w.ServicePrincipals.ListAll(ctx, iam.ListServicePrincipalsRequest{Filter: `displayName co "etl" or applicationId co "etl"`})
	require.NoError(t, err)
	require.Len(t, sps, 1)
	assert.Equal(t, "etl-automation", sps[0].DisplayName)

	_, err = w.Users.ListAll(ctx, iam.ListUsersRequest{Filter: `userName like "x"`})
	assert.ErrorIs(t, err, apierr.ErrInvalidParameterValue)
}

// A service principal is granted by application id and listed with its name.
func TestServicePrincipalGrant(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	created, err := w.Clusters.Create(ctx, smallSpec("sp"))
	require.NoError(t, err)
	app := seedServicePrincipals[0].ApplicationId
	perms, err := w.Clusters.UpdatePermissions(ctx, compute.ClusterPermissionsRequest{ClusterId: created.ClusterId,
		AccessControlList: []compute.ClusterAccessControlRequest{{ServicePrincipalName: app, PermissionLevel: compute.ClusterPermissionLevelCanRestart}}})
	require.NoError(t, err)
	var found *compute.ClusterAccessControlResponse
	for i := range perms.AccessControlList {
		if perms.AccessControlList[i].ServicePrincipalName == app {
			found = &perms.AccessControlList[i]
		}
	}
	require.NotNil(t, found)
	assert.Equal(t, "etl-automation", found.DisplayName)
	assert.Empty(t, found.GroupName)
	_, err = w.Clusters.UpdatePermissions(ctx, compute.ClusterPermissionsRequest{ClusterId: created.ClusterId,
		AccessControlList: []compute.ClusterAccessControlRequest{{ServicePrincipalName: "nope", PermissionLevel: compute.ClusterPermissionLevelCanRestart}}})
	assert.ErrorIs(t, err, apierr.ErrInvalidParameterValue)
}
