package permissions

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestActionsTable(t *testing.T) {
	cluster, pool, policy := kinds["clusters"], kinds["instance-pools"], kinds["cluster-policies"]
	edit := []Action{ActionGrant, ActionChange, ActionRemove}
	cases := []struct {
		name   string
		k      Kind
		a      access
		want   []Action
		reason string
	}{
		{"admin on a cluster may change the owner too", cluster, access{readable: true, admin: true}, append(edit, ActionChangeOwner), ""},
		{"admin on a pool", pool, access{readable: true, admin: true}, edit, ""},
		{"admin on a policy", policy, access{readable: true, admin: true}, edit, ""},
		{"manager of a cluster", cluster, access{readable: true, manages: true}, edit, ""},
		{"list refused", cluster, access{}, nil, "Seeing and changing who has access needs Can manage on this compute: ask its owner or a workspace admin."},
		{"list readable, no manage", pool, access{readable: true}, nil, "Changing who has access needs Can manage on this pool: ask its owner or a workspace admin."},
		{"policy user", policy, access{readable: true, manages: true}, nil, "Only workspace admins can change who may use a policy."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, reason := Actions(tc.k, tc.a)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.reason, reason)
		})
	}
}
