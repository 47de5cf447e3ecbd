package demo

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/sql"
)

func permissionRoutes() map[string]handler {
	r := map[string]handler{}
	for _, k := range []*objectKind{kindCluster, kindPool, kindPolicy, kindWarehouse} {
		k := k
		for _, p := range append([]string{k.path}, k.aliases...) {
			base := "/api/2.0/permissions/" + p + "/{id}"
			r["GET "+base] = func(ws *workspace, c *call) (any, error) { return ws.getPermissions(c, k) }
			r["PUT "+base] = func(ws *workspace, c *call) (any, error) { return ws.changePermissions(c, k, true) }
			r["PATCH "+base] = func(ws *workspace, c *call) (any, error) { return ws.changePermissions(c, k, false) }
			r["GET "+base+"/permissionLevels"] = func(ws *workspace, c *call) (any, error) { return ws.permissionLevels(c, k) }
		}
	}
	return r
}

func (ws *workspace) objectExists(k *objectKind, id string) error {
	switch k {
	case kindCluster:
		if _, ok := ws.clusters[id]; ok {
			return nil
		}
	case kindPool:
		if p, ok := ws.pools[id]; ok && !p.deleted {
			return nil
		}
	case kindPolicy:
		if _, ok := ws.policies[id]; ok {
			return nil
		}
	case kindWarehouse:
		if _, err := ws.warehouseByID(id); err == nil {
			return nil
		}
	}
	return errNotFound("%s %s does not exist.", capitalize(k.noun), id)
}

func (ws *workspace) getPermissions(c *call, k *objectKind) (any, error) {
	id := c.r.PathValue("id")
	if err := ws.objectExists(k, id); err != nil {
		return nil, err
	}
	if err := ws.mayReadACL(c.user, k, id); err != nil {
		return nil, err
	}
	return ws.permissionsOf(k, id)
}

func (ws *workspace) changePermissions(c *call, k *objectKind, replace bool) (any, error) {
	id := c.r.PathValue("id")
	if err := ws.objectExists(k, id); err != nil {
		return nil, err
	}
	need := levelManage
	if k == kindPolicy && !c.user.isAdmin() {
		return nil, errPermission("Only workspace admins can change permissions of cluster policies.")
	}
	if err := ws.authorize(c.user, k, id, need); err != nil {
		return nil, err
	}
	var req struct {
		AccessControlList []aclEntry `json:"access_control_list"`
	}
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	for _, e := range req.AccessControlList {
		if err := ws.validateEntry(k, e); err != nil {
			return nil, err
		}
	}
	a := ws.ownACL(k, id)
	if replace {
		a.entries = nil
	}
	for _, e := range req.AccessControlList {
		if e.PermissionLevel == "IS_OWNER" {
			a.owner = e.UserName // IS_OWNER moves the ownership; it is not a grant
			continue
		}
		a.entries = upsertEntry(a.entries, e)
	}
	return ws.permissionsOf(k, id)
}

func (ws *workspace) validateEntry(k *objectKind, e aclEntry) error {
	ok := false
	for _, l := range k.levels {
		ok = ok || l == e.PermissionLevel
	}
	if !ok {
		return errInvalidParam("Permission type %s is not supported for %s objects. Supported: %v", e.PermissionLevel, k.objectType, k.levels)
	}
	if e.PermissionLevel == "IS_OWNER" && e.UserName == "" {
		return errInvalidParam("IS_OWNER can only be granted to a user.")
	}
	switch {
	case e.UserName != "":
		if ws.users[e.UserName] == nil {
			return errInvalidParam("Principal: UserName(%s) does not exist", e.UserName)
		}
	case e.GroupName != "":
		if ws.groups[e.GroupName] == nil {
			return errInvalidParam("Principal: GroupName(%s) does not exist", e.GroupName)
		}
	case e.ServicePrincipalName != "":
		if servicePrincipalByApp(e.ServicePrincipalName) == nil {
			return errInvalidParam("Principal: ServicePrincipalName(%s) does not exist", e.ServicePrincipalName)
		}
	default:
		return errInvalidParam("One of user_name, group_name or service_principal_name is required")
	}
	return nil
}

func upsertEntry(list []aclEntry, e aclEntry) []aclEntry {
	for i, x := range list {
		if x.UserName == e.UserName && x.GroupName == e.GroupName && x.ServicePrincipalName == e.ServicePrincipalName {
			list[i] = e
			return list
		}
	}
	return append(list, e)
}

type permJSON struct {
	Inherited           bool     `json:"inherited"`
	InheritedFromObject []string `json:"inherited_from_object,omitempty"`
	PermissionLevel     string   `json:"permission_level"`
}

type aclResponseJSON struct {
	UserName       string     `json:"user_name,omitempty"`
	GroupName      string     `json:"group_name,omitempty"`
	SPName         string     `json:"service_principal_name,omitempty"`
	DisplayName    string     `json:"display_name,omitempty"`
	AllPermissions []permJSON `json:"all_permissions"`
}

// permissionsOf answers in the SDK's type for the object kind.
func (ws *workspace) permissionsOf(k *objectKind, id string) (any, error) {
	a := ws.aclOf(k, id)
	if a == nil {
		a = &acl{}
	}
	byPrincipal := map[string]*aclResponseJSON{}
	var order []string
	add := func(key string, r aclResponseJSON, p permJSON) {
		if byPrincipal[key] == nil {
			r.AllPermissions = nil
			byPrincipal[key] = &r
			order = append(order, key)
		}
		byPrincipal[key].AllPermissions = append(byPrincipal[key].AllPermissions, p)
	}
	if a.owner != "" && k.ownerLevel != "" {
		u := ws.users[a.owner]
		add("u:"+a.owner, aclResponseJSON{UserName: a.owner, DisplayName: displayName(u)}, permJSON{PermissionLevel: k.ownerLevel})
	}
	for _, e := range a.entries {
		if e.ServicePrincipalName != "" {
			sp := servicePrincipalByApp(e.ServicePrincipalName)
			name := ""
			if sp != nil {
				name = sp.DisplayName
			}
			add("s:"+e.ServicePrincipalName, aclResponseJSON{SPName: e.ServicePrincipalName, DisplayName: name}, permJSON{PermissionLevel: e.PermissionLevel})
		} else if e.UserName != "" {
			add("u:"+e.UserName, aclResponseJSON{UserName: e.UserName, DisplayName: displayName(ws.users[e.UserName])}, permJSON{PermissionLevel: e.PermissionLevel})
		} else {
			add("g:"+e.GroupName, aclResponseJSON{GroupName: e.GroupName}, permJSON{PermissionLevel: e.PermissionLevel})
		}
	}
	add("g:admins", aclResponseJSON{GroupName: "admins"}, permJSON{Inherited: true, InheritedFromObject: []string{"/" + k.path + "/"}, PermissionLevel: k.adminLevel})
	sort.SliceStable(order, func(i, j int) bool { return order[i] < order[j] })
	list := make([]aclResponseJSON, 0, len(order))
	for _, key := range order {
		list = append(list, *byPrincipal[key])
	}
	generic := map[string]any{"object_id": fmt.Sprintf("/%s/%s", k.path, id), "object_type": k.objectType, "access_control_list": list}
	raw, err := json.Marshal(generic)
	if err != nil {
		return nil, fmt.Errorf("encoding permissions: %w", err)
	}
	var out any
	switch k {
	case kindCluster:
		out = &compute.ClusterPermissions{}
	case kindPool:
		out = &compute.InstancePoolPermissions{}
	case kindWarehouse:
		out = &sql.WarehousePermissions{}
	default:
		out = &compute.ClusterPolicyPermissions{}
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return nil, fmt.Errorf("decoding permissions: %w", err)
	}
	return out, nil
}

func (ws *workspace) permissionLevels(c *call, k *objectKind) (any, error) {
	id := c.r.PathValue("id")
	if err := ws.objectExists(k, id); err != nil {
		return nil, err
	}
	switch k {
	case kindCluster:
		var out compute.GetClusterPermissionLevelsResponse
		for _, l := range k.levels {
			out.PermissionLevels = append(out.PermissionLevels, compute.ClusterPermissionsDescription{PermissionLevel: compute.ClusterPermissionLevel(l), Description: levelDescriptions[l]})
		}
		return out, nil
	case kindPool:
		var out compute.GetInstancePoolPermissionLevelsResponse
		for _, l := range k.levels {
			out.PermissionLevels = append(out.PermissionLevels, compute.InstancePoolPermissionsDescription{PermissionLevel: compute.InstancePoolPermissionLevel(l), Description: levelDescriptions[l]})
		}
		return out, nil
	case kindWarehouse:
		var out sql.GetWarehousePermissionLevelsResponse
		for _, l := range k.levels {
			out.PermissionLevels = append(out.PermissionLevels, sql.WarehousePermissionsDescription{PermissionLevel: sql.WarehousePermissionLevel(l), Description: levelDescription(k, l)})
		}
		return out, nil
	default:
		var out compute.GetClusterPolicyPermissionLevelsResponse
		for _, l := range k.levels {
			out.PermissionLevels = append(out.PermissionLevels, compute.ClusterPolicyPermissionsDescription{PermissionLevel: compute.ClusterPolicyPermissionLevel(l), Description: levelDescriptions[l]})
		}
		return out, nil
	}
}

func displayName(u *user) string {
	if u == nil {
		return ""
	}
	return u.displayName
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
