package permissions

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/demo"
)

func entryOf(v View, kind, name string) *Entry {
	for i := range v.Entries {
		if v.Entries[i].Principal.Kind == kind && v.Entries[i].Principal.Name == name {
			return &v.Entries[i]
		}
	}
	return nil
}

func TestAdminSeesLevelsInheritanceAndOwner(t *testing.T) {
	t.Parallel()
	svc, u := seeded(t, demo.Options{})
	id := clusterID(t, u["admin"], "Priya Sharma's Personal Compute Cluster")
	v, err := svc.Get(ctx(t), "admin", "clusters", id)
	require.NoError(t, err)
	assert.True(t, v.Readable)
	assert.True(t, v.CanEdit)
	assert.Empty(t, v.ReadOnlyReason)
	assert.Equal(t, []Action{ActionGrant, ActionChange, ActionRemove, ActionChangeOwner}, v.Actions)
	assert.Equal(t, "priya.sharma@example.com", v.Owner)
	assert.Equal(t, []string{"CAN_ATTACH_TO", "CAN_RESTART", "CAN_MANAGE"}, []string{v.Levels[0].Name, v.Levels[1].Name, v.Levels[2].Name})
	assert.Contains(t, v.Levels[1].Allows, "start, restart and terminate")

	owner := entryOf(v, KindUser, "priya.sharma@example.com")
	require.NotNil(t, owner)
	assert.True(t, owner.Owner)
	assert.False(t, owner.Direct, "the owner's CAN_MANAGE is not a grant to remove")
	assert.Equal(t, "owner (creator)", owner.Sources[0].From)
	admins := entryOf(v, KindGroup, "admins")
	require.NotNil(t, admins)
	assert.Equal(t, "CAN_MANAGE", admins.Level)
	assert.True(t, admins.Sources[0].Inherited)
	assert.False(t, admins.Direct)
	assert.Contains(t, admins.Sources[0].From, "/clusters/")
}

func TestGrantChangeAndRemove(t *testing.T) {
	t.Parallel()
	svc, u := seeded(t, demo.Options{})
	id := clusterID(t, u["admin"], "shared-analytics")
	analysts := Principal{Kind: KindGroup, Name: "analysts"}

	v, err := svc.Update(ctx(t), "admin", "clusters", id, []Grant{{Principal: analysts, Level: "CAN_RESTART"}})
	require.NoError(t, err)
	e := entryOf(v, KindGroup, "analysts")
	require.NotNil(t, e)
	assert.Equal(t, "CAN_RESTART", e.Level)
	assert.True(t, e.Direct)
	require.NotNil(t, entryOf(v, KindGroup, "data-engineering"), "an update adds to the list")

	v, err = svc.Update(ctx(t), "admin", "clusters", id, []Grant{{Principal: analysts, Level: "CAN_MANAGE"}})
	require.NoError(t, err)
	assert.Equal(t, "CAN_MANAGE", entryOf(v, KindGroup, "analysts").Level)

	v, err = svc.Remove(ctx(t), "admin", "clusters", id, analysts)
	require.NoError(t, err)
	assert.Nil(t, entryOf(v, KindGroup, "analysts"))
	assert.Equal(t, "CAN_RESTART", entryOf(v, KindGroup, "data-engineering").Level, "other grants survive a removal")
	assert.NotNil(t, entryOf(v, KindUser, "demo.user@example.com"), "the owner survives a removal")

	_, err = svc.Update(ctx(t), "admin", "clusters", id, []Grant{{Principal: analysts, Level: "CAN_USE"}})
	assert.ErrorIs(t, err, ErrBadLevel)
	_, err = svc.Update(ctx(t), "admin", "clusters", id, []Grant{{Level: "CAN_RESTART"}})
	assert.ErrorIs(t, err, ErrNoPrincipal)
	_, err = svc.Get(ctx(t), "admin", "notebooks", id)
	assert.ErrorIs(t, err, ErrUnknownObjectType)
}

func TestLimitedUserIsReadOnlyWithTheReason(t *testing.T) {
	t.Parallel()
	svc, u := seeded(t, demo.Options{})
	id := clusterID(t, u["limited"], "shared-analytics")
	v, err := svc.Get(ctx(t), "limited", "clusters", id)
	require.NoError(t, err)
	assert.False(t, v.Readable)
	assert.False(t, v.CanEdit)
	assert.Empty(t, v.Actions)
	assert.Equal(t, "Seeing and changing who has access needs Can manage on this compute: ask its owner or a workspace admin.", v.ReadOnlyReason)
	assert.Len(t, v.Levels, 3, "the levels are still explained")

	_, err = svc.Update(ctx(t), "limited", "clusters", id, []Grant{{Principal: Principal{Kind: KindGroup, Name: "analysts"}, Level: "CAN_MANAGE"}})
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)
	_, err = svc.Remove(ctx(t), "limited", "clusters", id, Principal{Kind: KindGroup, Name: "users"})
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)

	// With the older visibility the list is readable, still not editable.
	svc, u = seeded(t, demo.Options{AllClustersVisible: true})
	v, err = svc.Get(ctx(t), "limited", "clusters", clusterID(t, u["limited"], "shared-analytics"))
	require.NoError(t, err)
	assert.True(t, v.Readable)
	assert.False(t, v.CanEdit)
	assert.Equal(t, "Changing who has access needs Can manage on this compute: ask its owner or a workspace admin.", v.ReadOnlyReason)
}

func TestOwnerChangeIsForAdmins(t *testing.T) {
	t.Parallel()
	svc, u := seeded(t, demo.Options{})
	id := terminatedCluster(t, u["admin"])
	v, err := svc.ChangeOwner(ctx(t), "admin", "clusters", id, "li.wei@example.com")
	require.NoError(t, err)
	assert.Equal(t, "li.wei@example.com", v.Owner)
	assert.True(t, entryOf(v, KindUser, "li.wei@example.com").Owner)

	// Now the analyst owns it and manages it, but may not hand it on.
	lv, err := svc.Get(ctx(t), "limited", "clusters", id)
	require.NoError(t, err)
	assert.True(t, lv.CanEdit)
	assert.NotContains(t, lv.Actions, ActionChangeOwner)
	_, err = svc.ChangeOwner(ctx(t), "limited", "clusters", id, "demo.user@example.com")
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)
	_, err = svc.ChangeOwner(ctx(t), "admin", "instance-pools", "x", "li.wei@example.com")
	assert.ErrorIs(t, err, ErrNotOwned)
}

func TestPoolsAndPoliciesShareThePanel(t *testing.T) {
	t.Parallel()
	svc, u := seeded(t, demo.Options{})
	pools, err := u["admin"].InstancePools.ListAll(ctx(t))
	require.NoError(t, err)
	require.NotEmpty(t, pools)
	v, err := svc.Get(ctx(t), "admin", "instance-pools", pools[0].InstancePoolId)
	require.NoError(t, err)
	assert.Equal(t, []string{"CAN_ATTACH_TO", "CAN_MANAGE"}, []string{v.Levels[0].Name, v.Levels[1].Name})
	assert.NotContains(t, v.Actions, ActionChangeOwner)

	policies, err := u["admin"].ClusterPolicies.ListAll(ctx(t), compute.ListClusterPoliciesRequest{})
	require.NoError(t, err)
	require.NotEmpty(t, policies)
	pv, err := svc.Get(ctx(t), "limited", "cluster-policies", policies[0].PolicyId)
	require.NoError(t, err)
	assert.Equal(t, "Only workspace admins can change who may use a policy.", pv.ReadOnlyReason)
	assert.Equal(t, "CAN_USE", pv.Levels[0].Name)
}

func TestSearchFindsUsersGroupsAndServicePrincipals(t *testing.T) {
	t.Parallel()
	svc, _ := seeded(t, demo.Options{})
	cases := []struct {
		text string
		want []Principal
	}{
		{"priya", []Principal{{KindUser, "priya.sharma@example.com", "Priya Sharma"}}},
		{"Sharma", []Principal{{KindUser, "priya.sharma@example.com", "Priya Sharma"}}},
		{"data-", []Principal{{KindGroup, "data-engineering", "data-engineering"}, {KindGroup, "data-platform", "data-platform"}, {KindGroup, "data-science", "data-science"}}},
		{"etl", []Principal{{KindServicePrincipal, "6f1d2a9e-4c3b-4e5f-9a1b-2c3d4e5f6a7b", "etl-automation"}}},
		{`no "such" one`, []Principal{}},
	}
	for _, tc := range cases {
		t.Run(tc.text, func(t *testing.T) {
			got, err := svc.Search(ctx(t), "admin", tc.text)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}
