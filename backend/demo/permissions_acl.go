// Permissions of the demo's objects: levels, kinds, each object's access list and the
// level a user holds (the routes that read and change them are in permissions.go).

package demo

// level is an ordered permission level; a higher one implies the lower.
type level int

const (
	levelNone    level = iota
	levelUse           // cluster policies and SQL warehouses: CAN_USE
	levelMonitor       // SQL warehouses: CAN_MONITOR
	levelAttach        // CAN_ATTACH_TO
	levelRestart       // clusters: CAN_RESTART
	levelManage        // CAN_MANAGE
	levelOwner         // SQL warehouses: IS_OWNER
)

// objectKind describes one permissions object type.
type objectKind struct {
	path       string // URL segment: clusters, instance-pools, cluster-policies, sql/warehouses
	objectType string // as answered in object_type
	noun       string // for messages
	levels     []string
	ownerLevel string   // the creator's level ("" for none)
	adminLevel string   // what the admins group inherits
	aliases    []string // further URL segments for the same objects
}

var (
	kindCluster = &objectKind{path: "clusters", objectType: "cluster", noun: "cluster",
		levels: []string{"CAN_ATTACH_TO", "CAN_RESTART", "CAN_MANAGE"}, ownerLevel: "CAN_MANAGE", adminLevel: "CAN_MANAGE"}
	kindPool = &objectKind{path: "instance-pools", objectType: "instance-pool", noun: "instance pool",
		levels: []string{"CAN_ATTACH_TO", "CAN_MANAGE"}, ownerLevel: "CAN_MANAGE", adminLevel: "CAN_MANAGE"}
	kindPolicy = &objectKind{path: "cluster-policies", objectType: "cluster-policy", noun: "cluster policy",
		levels: []string{"CAN_USE"}, adminLevel: "CAN_USE"}
	// SQL warehouses answer at /permissions/warehouses/{id} (the Go SDK's
	// Warehouses.GetPermissions) and /permissions/sql/warehouses/{id} (the
	// generic Permissions API's request_object_type, as Terraform sends it).
	kindWarehouse = &objectKind{path: "sql/warehouses", objectType: "warehouses", noun: "SQL warehouse",
		levels: []string{"CAN_USE", "CAN_MONITOR", "CAN_MANAGE", "IS_OWNER"}, ownerLevel: "IS_OWNER", adminLevel: "CAN_MANAGE",
		aliases: []string{"warehouses"}}
)

var levelNames = map[string]level{"CAN_USE": levelUse, "CAN_MONITOR": levelMonitor, "CAN_ATTACH_TO": levelAttach,
	"CAN_RESTART": levelRestart, "CAN_MANAGE": levelManage, "IS_OWNER": levelOwner}

var levelDescriptions = map[string]string{
	"CAN_ATTACH_TO": "Can attach notebooks and view the object",
	"CAN_RESTART":   "Can start, restart and terminate the cluster",
	"CAN_MANAGE":    "Can edit, resize, delete and change permissions",
	"CAN_USE":       "Can create compute with this policy",
	"CAN_MONITOR":   "Can view the warehouse, its queries and monitoring",
	"IS_OWNER":      "Owns the object: can edit, delete and change permissions",
}

// levelDescription is a level's description on an object kind.
func levelDescription(k *objectKind, l string) string {
	if k == kindWarehouse {
		switch l {
		case "CAN_USE":
			return "Can start the warehouse and run queries on it"
		case "CAN_MANAGE":
			return "Can edit, stop, delete the warehouse and change its permissions"
		}
	}
	return levelDescriptions[l]
}

func levelName(l level) string {
	for n, v := range levelNames {
		if v == l {
			return n
		}
	}
	return ""
}

type aclEntry struct {
	UserName             string `json:"user_name,omitempty"`
	GroupName            string `json:"group_name,omitempty"`
	ServicePrincipalName string `json:"service_principal_name,omitempty"`
	PermissionLevel      string `json:"permission_level,omitempty"`
}

// acl holds the direct grants on one object; the owner (creator) always
// keeps CAN_MANAGE and admins inherit it from the workspace root.
type acl struct {
	owner   string
	entries []aclEntry
}

func aclKey(k *objectKind, id string) string { return k.path + "/" + id }

func (ws *workspace) grant(k *objectKind, id, owner string, extra ...aclEntry) {
	ws.acls[aclKey(k, id)] = &acl{owner: owner, entries: extra}
}

// aclOf is the object's access list (nil: none). A cluster keeps none until
// its grants change: until then it has the one every cluster starts with,
// owned by its creator (10,000 generated clusters' lists were 1.5 MB).
func (ws *workspace) aclOf(k *objectKind, id string) *acl {
	if a := ws.acls[aclKey(k, id)]; a != nil {
		return a
	}
	if k != kindCluster {
		return nil
	}
	if cl := ws.clusters[id]; cl != nil {
		return &acl{owner: cl.d.CreatorUserName}
	}
	return nil
}

// ownACL is aclOf, kept from now on, for changing it in place.
func (ws *workspace) ownACL(k *objectKind, id string) *acl {
	a := ws.aclOf(k, id)
	if a == nil {
		a = &acl{}
	}
	ws.acls[aclKey(k, id)] = a
	return a
}

// effective is the user's level on an object.
func (ws *workspace) effective(u *user, k *objectKind, id string) level {
	if u.isAdmin() {
		return levelManage
	}
	a := ws.aclOf(k, id)
	if a == nil {
		return levelNone
	}
	best := levelNone
	if a.owner == u.userName && k.ownerLevel != "" {
		best = levelNames[k.ownerLevel]
	}
	for _, e := range a.entries {
		if e.UserName == u.userName || (e.GroupName != "" && u.inGroup(e.GroupName)) {
			best = max(best, levelNames[e.PermissionLevel])
		}
	}
	return best
}

func (ws *workspace) authorize(u *user, k *objectKind, id string, need level) error {
	if need == levelNone || ws.effective(u, k, id) >= need {
		return nil
	}
	return errPermission("User %s does not have %s permission on %s %s.", u.userName, levelName(need), k.noun, id)
}
