package demo

import (
	"context"
	"net/http"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// permissionMessages: what a user without the right is told, access control lists the
// Permissions API refuses, and unknown principals and SCIM users.
// The rows are messageSource; TestMessageSources runs them.
func permissionMessages(f *messageFixtures) []messageSource {
	clusterID, rawCase, asLimited := f.clusterID, f.rawCase, f.asLimited
	warehouseID, policyID := f.warehouseID, f.policyID
	return []messageSource{
		{name: "unknown principal",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.Clusters.UpdatePermissions(ctx, compute.ClusterPermissionsRequest{ClusterId: clusterID, AccessControlList: []compute.ClusterAccessControlRequest{
					{UserName: "ghost@example.com", PermissionLevel: compute.ClusterPermissionLevelCanAttachTo}}})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Principal: UserName(ghost@example.com) does not exist",
			guess: true, source: "the words appear in public deployment notes (`ResourceDoesNotExist: Principal: UserName(a@b.com) does not exist`, a genesis-workbench fork's UX-GAPS notes) but no citable record of the call and its code was pinned"},
		{name: "creating a cluster without the entitlement", got: asLimited("POST", "/api/2.1/clusters/create",
			`{"cluster_name":"a","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","num_workers":1}`),
			status: http.StatusForbidden, code: "PERMISSION_DENIED",
			msg:   "You are not authorized to create clusters. Please contact your administrator, or choose a cluster policy you may use.",
			guess: true, source: "no public quote found"},
		{name: "restarting a cluster without permission", got: asLimited("POST", "/api/2.1/clusters/restart", `{"cluster_id":"`+clusterID+`"}`),
			status: http.StatusForbidden, code: "PERMISSION_DENIED", msg: "User " + limitedUserName + " does not have CAN_RESTART permission on cluster " + clusterID + ".",
			guess: true, source: "no public quote found"},
		{name: "reading a cluster's permissions without Manage", got: asLimited("GET", "/api/2.0/permissions/clusters/"+clusterID, ""),
			status: http.StatusForbidden, code: "PERMISSION_DENIED",
			msg:   limitedUserName + " does not have Manage permissions on Cluster with ID: " + clusterID + ". Please contact the owner or an administrator for access.",
			guess: true, source: "https://github.com/databricks/sbt-databricks/issues/34 quotes an older form (`ganesh@databricks.com does not have Manage permissions on TestCluster. Please contact your administrator for access.`)"},
		{name: "unknown SCIM user", got: rawCase("GET", "/api/2.0/preview/scim/v2/Users/404", ""),
			status: http.StatusNotFound, code: "NOT_FOUND", msg: "User with id 404 not found.",
			guess: true, source: "no public quote found"},
		{name: "permissions: level the object does not take", got: rawCase("PATCH", "/api/2.0/permissions/clusters/"+clusterID,
			`{"access_control_list":[{"user_name":"`+limitedUserName+`","permission_level":"CAN_QUERY"}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   "Permission type CAN_QUERY is not supported for cluster objects. Supported: [CAN_ATTACH_TO CAN_RESTART CAN_MANAGE]",
			guess: true, source: "no public quote found"},
		{name: "permissions: owner that is a group", got: rawCase("PATCH", "/api/2.0/permissions/sql/warehouses/"+warehouseID,
			`{"access_control_list":[{"group_name":"users","permission_level":"IS_OWNER"}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "IS_OWNER can only be granted to a user.",
			guess: true, source: "no public quote found"},
		{name: "permissions: unknown group", got: rawCase("PATCH", "/api/2.0/permissions/clusters/"+clusterID,
			`{"access_control_list":[{"group_name":"ghosts","permission_level":"CAN_RESTART"}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Principal: GroupName(ghosts) does not exist",
			guess: true, source: "the UserName form's words (public notes quote `Principal: GroupName(data-engineers) does not exist` from bundle deploys, with no citable call or code)"},
		{name: "permissions: no principal", got: rawCase("PATCH", "/api/2.0/permissions/clusters/"+clusterID,
			`{"access_control_list":[{"permission_level":"CAN_RESTART"}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "One of user_name, group_name or service_principal_name is required",
			guess: true, source: "no public quote found"},
		{name: "permissions: unknown object", got: rawCase("GET", "/api/2.0/permissions/clusters/0000-000000-nothere0", ""),
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "Cluster 0000-000000-nothere0 does not exist.",
			guess: true, source: "no public quote found"},
		{name: "permissions: policy permissions by a user", got: asLimited("PATCH", "/api/2.0/permissions/cluster-policies/"+policyID,
			`{"access_control_list":[{"group_name":"users","permission_level":"CAN_USE"}]}`),
			status: http.StatusForbidden, code: "PERMISSION_DENIED", msg: "Only workspace admins can change permissions of cluster policies.",
			guess: true, source: "no public quote found"},
		{name: "scim: filter the demo cannot read", got: rawCase("GET", "/api/2.0/preview/scim/v2/Users?filter=nonsense", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   `Invalid filter "nonsense": expected attribute operator "value" (eq, ne, co, sw, ew), joined by and / or.`,
			guess: true, source: "no public quote found"},
		{name: "permissions: unknown service principal", got: rawCase("PATCH", "/api/2.0/permissions/clusters/"+clusterID,
			`{"access_control_list":[{"service_principal_name":"deployment-user","permission_level":"CAN_RESTART"}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Principal: ServicePrincipalName(deployment-user) does not exist",
			source: "https://github.com/databricks/terraform-provider-databricks/issues/1415 (`Error: cannot create permissions: Principal: ServicePrincipalName(deployment-user) does not exist`, a display name given where the application id belongs; the status and code are not quoted)"},
	}
}
