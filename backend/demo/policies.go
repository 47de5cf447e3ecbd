package demo

import (
	"encoding/json"
	"sort"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

type policy struct {
	d     compute.Policy
	rules map[string]policyRule // effective: family definition merged with overrides
}

func policyRoutes() map[string]handler {
	r := map[string]handler{
		"POST /api/2.0/policies/clusters/create":             (*workspace).policyCreate,
		"POST /api/2.0/policies/clusters/edit":               (*workspace).policyEdit,
		"POST /api/2.0/policies/clusters/delete":             (*workspace).policyDelete,
		"GET /api/2.0/policies/clusters/get":                 (*workspace).policyGet,
		"GET /api/2.0/policies/clusters/list":                (*workspace).policyList,
		"GET /api/2.0/policies/clusters/get-compliance":      (*workspace).complianceGet,
		"POST /api/2.0/policies/clusters/enforce-compliance": (*workspace).complianceEnforce,
		"GET /api/2.0/policies/clusters/list-compliance":     (*workspace).complianceList,
	}
	for k, v := range policyFamilyRoutes() {
		r[k] = v
	}
	return r
}

// effectiveRules merges a family's definition with the policy's overrides
// (or reads the policy's own definition).
func effectiveRules(def, familyID, overrides string) (map[string]policyRule, string, error) {
	if familyID == "" {
		rules, err := parseDefinition(def)
		return rules, def, err
	}
	f := familyByID(familyID)
	if f == nil {
		return nil, "", errInvalidParam("Policy family %s does not exist.", familyID)
	}
	if def != "" {
		return nil, "", errInvalidParam("definition and policy_family_id cannot both be set; use policy_family_definition_overrides.")
	}
	base, err := parseDefinition(f.Definition)
	if err != nil {
		return nil, "", err
	}
	over, err := parseDefinition(overrides)
	if err != nil {
		return nil, "", err
	}
	for k, v := range over {
		base[k] = v
	}
	raw, _ := json.Marshal(base)
	return base, string(raw), nil
}

func (ws *workspace) addPolicy(req compute.CreatePolicy, creator string, at time.Time) (*policy, error) {
	if strings.TrimSpace(req.Name) == "" || len(req.Name) > 100 {
		return nil, errInvalidParam("Policy name must be non-empty and at most 100 characters.")
	}
	for _, p := range ws.policies {
		if strings.EqualFold(p.d.Name, req.Name) {
			return nil, errInvalidParam("Cluster Policy with name `%s` already exists", req.Name) // tf-provider#2884
		}
	}
	rules, def, err := effectiveRules(req.Definition, req.PolicyFamilyId, req.PolicyFamilyDefinitionOverrides)
	if err != nil {
		return nil, err
	}
	if req.MaxClustersPerUser < 0 {
		return nil, errInvalidParam("max_clusters_per_user must be greater than 0") // tf-provider#3545
	}
	id := ws.randomHex(16)
	p := &policy{rules: rules, d: compute.Policy{
		PolicyId: id, Name: req.Name, Definition: def, Description: req.Description,
		MaxClustersPerUser: req.MaxClustersPerUser, PolicyFamilyId: req.PolicyFamilyId,
		PolicyFamilyDefinitionOverrides: req.PolicyFamilyDefinitionOverrides, Libraries: req.Libraries,
		CreatorUserName: creator, CreatedAtTimestamp: millis(at),
	}}
	ws.policies[id] = p
	ws.grant(kindPolicy, id, creator)
	return p, nil
}

func (ws *workspace) requireAdmin(c *call, what string) error {
	if !c.user.isAdmin() {
		return errPermission("Only workspace admins can %s.", what)
	}
	return nil
}

func (ws *workspace) policyFor(id string) (*policy, error) {
	p, ok := ws.policies[id]
	if !ok || id == "" {
		return nil, errNotFound("Can't find a cluster policy with id: %s.", id) // ucx#502; see messages_policies_test.go
	}
	return p, nil
}

func (ws *workspace) policyCreate(c *call) (any, error) {
	var req compute.CreatePolicy
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	if err := ws.requireAdmin(c, "create cluster policies"); err != nil {
		return nil, err
	}
	p, err := ws.addPolicy(req, c.user.userName, c.now)
	if err != nil {
		return nil, err
	}
	return compute.CreatePolicyResponse{PolicyId: p.d.PolicyId}, nil
}

func (ws *workspace) policyEdit(c *call) (any, error) {
	var req compute.EditPolicy
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	if err := ws.requireAdmin(c, "edit cluster policies"); err != nil {
		return nil, err
	}
	p, err := ws.policyFor(req.PolicyId)
	if err != nil {
		return nil, err
	}
	for id, o := range ws.policies {
		if id != p.d.PolicyId && strings.EqualFold(o.d.Name, req.Name) {
			return nil, errInvalidParam("Cluster Policy with name `%s` already exists", req.Name) // tf-provider#2884
		}
	}
	if p.d.IsDefault && req.PolicyFamilyId != p.d.PolicyFamilyId {
		// gbrueckl/Databricks.API.PowerShell#62; see messages_policies_test.go.
		return nil, errInvalidParam("Changing policy_family_id is forbidden for default cluster policies. Clone this policy to change the policy family.")
	}
	rules, def, err := effectiveRules(req.Definition, req.PolicyFamilyId, req.PolicyFamilyDefinitionOverrides)
	if err != nil {
		return nil, err
	}
	p.rules = rules
	p.d.Name, p.d.Definition, p.d.Description = req.Name, def, req.Description
	p.d.MaxClustersPerUser, p.d.PolicyFamilyId = req.MaxClustersPerUser, req.PolicyFamilyId
	p.d.PolicyFamilyDefinitionOverrides, p.d.Libraries = req.PolicyFamilyDefinitionOverrides, req.Libraries
	return nil, nil
}

func (ws *workspace) policyDelete(c *call) (any, error) {
	var req compute.DeletePolicy
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	if err := ws.requireAdmin(c, "delete cluster policies"); err != nil {
		return nil, err
	}
	p, err := ws.policyFor(req.PolicyId)
	if err != nil {
		return nil, err
	}
	if p.d.IsDefault {
		return nil, errInvalidParam("Default policy %s cannot be deleted.", p.d.Name)
	}
	delete(ws.policies, req.PolicyId)
	delete(ws.acls, aclKey(kindPolicy, req.PolicyId))
	return nil, nil
}

func (ws *workspace) policyGet(c *call) (any, error) {
	p, err := ws.policyFor(c.query("policy_id"))
	if err != nil {
		return nil, err
	}
	if !ws.mayUsePolicy(c.user, p) {
		return nil, errPermission("User %s does not have permission to use cluster policy %s.", c.user.userName, p.d.PolicyId)
	}
	return p.d, nil
}

// mayUsePolicy: admins see every policy, other users only those they may
// create compute with (CAN_USE, directly or through a group).
func (ws *workspace) mayUsePolicy(u *user, p *policy) bool {
	return u.isAdmin() || ws.effective(u, kindPolicy, p.d.PolicyId) >= levelUse
}

func (ws *workspace) policyList(c *call) (any, error) {
	out := compute.ListPoliciesResponse{Policies: []compute.Policy{}}
	for _, p := range ws.policies {
		if ws.mayUsePolicy(c.user, p) {
			out.Policies = append(out.Policies, p.d)
		}
	}
	byName := c.query("sort_column") == string(compute.ListSortColumnPolicyName)
	desc := c.query("sort_order") == string(compute.ListSortOrderDesc)
	sort.Slice(out.Policies, func(i, j int) bool {
		a, b := out.Policies[i], out.Policies[j]
		less := a.CreatedAtTimestamp < b.CreatedAtTimestamp || (a.CreatedAtTimestamp == b.CreatedAtTimestamp && a.Name < b.Name)
		if byName {
			less = strings.ToLower(a.Name) < strings.ToLower(b.Name)
		}
		if desc {
			return !less
		}
		return less
	})
	return out, nil
}

func (ws *workspace) policyIDByName(name string) string {
	for id, p := range ws.policies {
		if p.d.Name == name {
			return id
		}
	}
	return ""
}

// enforcePolicy checks use rights and the per-user cap, applies fixed values
// (and defaults when asked) and rejects a spec that still violates the policy.
func (ws *workspace) enforcePolicy(u *user, d *compute.ClusterDetails, applyDefaults bool, existingID string, clusterType string) error {
	p, err := ws.policyFor(d.PolicyId)
	if err != nil {
		return errInvalidParam("Cluster policy %s does not exist.", d.PolicyId)
	}
	if !ws.mayUsePolicy(u, p) {
		return errPermission("User %s does not have permission to use cluster policy %s (%s).", u.userName, p.d.Name, p.d.PolicyId)
	}
	// Not RESOURCE_EXHAUSTED: the SDK retries that code as a rate limit,
	// and a full quota does not clear by waiting a few seconds.
	if p.d.MaxClustersPerUser > 0 && existingID == "" {
		n := int64(0)
		for _, cl := range ws.clusters {
			if cl.d.PolicyId == p.d.PolicyId && cl.d.CreatorUserName == u.userName && cl.d.State != compute.StateTerminated {
				n++
			}
		}
		if n >= p.d.MaxClustersPerUser {
			return errInvalidParam("Cannot create more than %d active cluster(s) with policy %s per user.", p.d.MaxClustersPerUser, p.d.Name)
		}
	}
	vs, _, err := ws.evaluate(p.rules, d, clusterType, applyDefaults, false)
	if err != nil {
		return err
	}
	if len(vs) > 0 {
		return violationsError(vs)
	}
	return nil
}

func seedPolicies(ws *workspace, now time.Time) {
	at := now.Add(-90 * 24 * time.Hour)
	// Admins cap what the everyday policies may cost, as teams commonly do.
	overrides := map[string]string{
		"personal-vm": `{"dbus_per_hour": {"type": "range", "maxValue": 2}}`,
		"job-cluster": `{"dbus_per_hour": {"type": "range", "maxValue": 20}}`,
	}
	for _, f := range policyFamilies {
		p, err := ws.addPolicy(compute.CreatePolicy{Name: f.Name, PolicyFamilyId: f.PolicyFamilyId, Description: f.Description,
			PolicyFamilyDefinitionOverrides: overrides[f.PolicyFamilyId]}, adminUserName, at)
		if err != nil {
			continue
		}
		p.d.IsDefault = true
		switch f.PolicyFamilyId {
		case "personal-vm":
			p.d.MaxClustersPerUser = 1
			ws.acls[aclKey(kindPolicy, p.d.PolicyId)].entries = []aclEntry{{GroupName: "users", PermissionLevel: "CAN_USE"}}
		case "shared-data-science", "power-user":
			ws.acls[aclKey(kindPolicy, p.d.PolicyId)].entries = []aclEntry{
				{GroupName: "data-engineering", PermissionLevel: "CAN_USE"}, {GroupName: "data-science", PermissionLevel: "CAN_USE"}}
		case "job-cluster":
			ws.acls[aclKey(kindPolicy, p.d.PolicyId)].entries = []aclEntry{{GroupName: "users", PermissionLevel: "CAN_USE"}}
		}
	}
	p, err := ws.addPolicy(compute.CreatePolicy{Name: "Data Engineering Standard", MaxClustersPerUser: 2,
		Description: "Team policy: approved node types, spot with fallback, tagged for chargeback.",
		Definition: `{
  "node_type_id": {"type": "allowlist", "values": ["Standard_DS3_v2", "Standard_DS4_v2", "Standard_D8ds_v5", "Standard_E8ds_v4"], "defaultValue": "Standard_DS4_v2"},
  "driver_node_type_id": {"type": "allowlist", "values": ["Standard_DS3_v2", "Standard_DS4_v2", "Standard_D8ds_v5", "Standard_E8ds_v4"], "defaultValue": "Standard_DS3_v2"},
  "spark_version": {"type": "regex", "pattern": "1[5-7]\\.[0-9]+\\.x-(photon-)?scala2\\.1[23]", "defaultValue": "16.4.x-scala2.12"},
  "autotermination_minutes": {"type": "range", "minValue": 10, "maxValue": 120, "defaultValue": 60},
  "num_workers": {"type": "range", "maxValue": 8, "defaultValue": 2, "isOptional": true},
  "azure_attributes.availability": {"type": "allowlist", "values": ["ON_DEMAND_AZURE", "SPOT_WITH_FALLBACK_AZURE"], "defaultValue": "SPOT_WITH_FALLBACK_AZURE"},
  "custom_tags.team": {"type": "fixed", "value": "data-engineering"},
  "spark_conf.spark.databricks.io.cache.enabled": {"type": "fixed", "value": "true"},
  "cluster_type": {"type": "fixed", "value": "all-purpose"}
}`}, adminUserName, at.Add(time.Hour))
	if err == nil {
		ws.acls[aclKey(kindPolicy, p.d.PolicyId)].entries = []aclEntry{{GroupName: "data-engineering", PermissionLevel: "CAN_USE"}}
	}
}
