package permissions

import (
	"errors"
	"fmt"
)

// ErrUnknownObjectType: the page asked for an object type the panel does not serve.
var ErrUnknownObjectType = errors.New("unknown permissions object type")

// Kind is one object type of the Permissions API the panel serves. The
// same panel shows clusters, instance pools, cluster policies and SQL
// warehouses.
type Kind struct {
	// Type is the Permissions API's request object type (URL segment).
	Type string
	// Noun names the object in sentences.
	Noun string
	// Manage is the level that may change the list; "" when only admins may
	// (cluster policies: their only level is CAN_USE).
	Manage string
	// Owned: the object has an owner (its creator) who holds CAN_MANAGE and
	// whom an admin may change (clusters/change-owner).
	Owned bool
	// Allows says what each level allows on this kind, in words.
	Allows map[string]string
}

var kinds = map[string]Kind{
	"clusters": {Type: "clusters", Noun: "compute", Manage: "CAN_MANAGE", Owned: true, Allows: map[string]string{
		"CAN_ATTACH_TO": "Attach notebooks, view the Spark UI, metrics and driver logs",
		"CAN_RESTART":   "Everything Can attach to allows, plus start, restart and terminate",
		"CAN_MANAGE":    "Everything Can restart allows, plus edit, resize, install libraries, delete and change permissions",
	}},
	"instance-pools": {Type: "instance-pools", Noun: "pool", Manage: "CAN_MANAGE", Allows: map[string]string{
		"CAN_ATTACH_TO": "Create compute that takes its instances from the pool",
		"CAN_MANAGE":    "Everything Can attach to allows, plus edit, delete and change permissions of the pool",
	}},
	"cluster-policies": {Type: "cluster-policies", Noun: "policy", Allows: map[string]string{
		"CAN_USE": "Create compute with this policy",
	}},
	// SQL warehouses: the owner is a level of the list (IS_OWNER), not the
	// creator as for clusters; it manages the warehouse too.
	"warehouses": {Type: "warehouses", Noun: "SQL warehouse", Manage: "CAN_MANAGE", Allows: map[string]string{
		"CAN_USE":     "Run queries on the warehouse, and see the history of one's own queries",
		"CAN_MONITOR": "Everything Can use allows, plus see every query on it and its load",
		"CAN_MANAGE":  "Everything Can monitor allows, plus start, stop, edit, delete and change permissions",
		"IS_OWNER":    "Everything Can manage allows; the one user or service principal that owns it",
	}},
}

// KindOf returns the kind for an object type such as "clusters".
func KindOf(objectType string) (Kind, error) {
	k, ok := kinds[objectType]
	if !ok {
		return Kind{}, fmt.Errorf("%w: %q", ErrUnknownObjectType, objectType)
	}
	return k, nil
}

// levelLabels are the levels as the web UI writes them.
var levelLabels = map[string]string{
	"CAN_ATTACH_TO": "Can attach to", "CAN_RESTART": "Can restart", "CAN_MANAGE": "Can manage", "CAN_USE": "Can use",
	"CAN_MONITOR": "Can monitor", "IS_OWNER": "Is owner",
}

func levelLabel(l string) string {
	if s, ok := levelLabels[l]; ok {
		return s
	}
	return l
}

// rank orders levels so the strongest one of a principal is shown.
var rank = map[string]int{"CAN_USE": 1, "CAN_ATTACH_TO": 1, "CAN_RESTART": 2, "CAN_MONITOR": 2, "CAN_MANAGE": 3, "IS_OWNER": 4}
