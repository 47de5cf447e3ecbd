package demo

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/databricks/databricks-sdk-go/apierr"
	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/sql"
	sdkworkspace "github.com/databricks/databricks-sdk-go/service/workspace"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// TestMoreMessageSources continues TestMessageSources (same rules, same
// messageSource rows) for the messages it did not pin: SQL warehouses,
// statements and the query history's parameters, paging tokens, jobs runs,
// pools, permissions, libraries, workspace files and the demo's own control
// endpoints. Searched in public issues and code (2026-11); a row without a
// quote is a guess and says why it reads as it does.
func TestMoreMessageSources(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true, Control: true})
	ctx := testCtx(t)
	admin := srv.Token()
	limited, err := srv.LimitedToken(admin)
	require.NoError(t, err)

	// send answers one raw request as the SDK would send it, for answers a
	// typed SDK call cannot reach (a bad query parameter, a bad body).
	send := func(token, method, path, body string) func(*testing.T, context.Context, *workspaceapi.Client) error {
		return func(t *testing.T, ctx context.Context, _ *workspaceapi.Client) error {
			req, err := http.NewRequestWithContext(ctx, method, srv.URL()+path, strings.NewReader(body))
			require.NoError(t, err)
			req.Header.Set("Authorization", "Bearer "+token)
			resp, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			defer func() { require.NoError(t, resp.Body.Close()) }()
			var b struct {
				Code    any    `json:"error_code"`
				Message string `json:"message"`
			}
			require.NoError(t, json.NewDecoder(resp.Body).Decode(&b))
			return &apierr.APIError{StatusCode: resp.StatusCode, ErrorCode: fmt.Sprint(b.Code), Message: b.Message}
		}
	}
	as := func(method, path, body string) func(*testing.T, context.Context, *workspaceapi.Client) error {
		return send(admin, method, path, body)
	}
	asLimited := func(method, path, body string) func(*testing.T, context.Context, *workspaceapi.Client) error {
		return send(limited, method, path, body)
	}
	worded := func(err error) func(*testing.T, context.Context, *workspaceapi.Client) error {
		return func(*testing.T, context.Context, *workspaceapi.Client) error { return err }
	}

	created, err := w.Clusters.Create(ctx, compute.CreateCluster{ClusterName: "m", SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS3_v2", NumWorkers: 1})
	require.NoError(t, err)
	clusterID := created.ClusterId
	wh, err := w.Warehouses.Create(ctx, sql.CreateWarehouseRequest{Name: "Words", ClusterSize: "Small", MaxNumClusters: 1})
	require.NoError(t, err)
	pool, err := w.InstancePools.Create(ctx, compute.CreateInstancePool{InstancePoolName: "Words pool", NodeTypeId: "Standard_DS3_v2"})
	require.NoError(t, err)
	gone, err := w.InstancePools.Create(ctx, compute.CreateInstancePool{InstancePoolName: "Gone pool", NodeTypeId: "Standard_DS3_v2"})
	require.NoError(t, err)
	require.NoError(t, w.InstancePools.DeleteByInstancePoolId(ctx, gone.InstancePoolId))
	policy, err := w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "Words", Definition: "{}"})
	require.NoError(t, err)
	for _, p := range []string{"/Shared/full", "/Shared/full/inside"} {
		require.NoError(t, w.Workspace.MkdirsByPath(ctx, p))
	}
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	require.NoError(t, w.Workspace.Import(ctx, sdkworkspace.Import{Path: "/Shared/nb", Format: sdkworkspace.ImportFormatSource,
		Language: sdkworkspace.LanguagePython, Content: b64("1")}))

	const noQuote = "no public quote found"
	newWarehouse := func(fields string) func(*testing.T, context.Context, *workspaceapi.Client) error {
		return as("POST", "/api/2.0/sql/warehouses", `{"name":"n","cluster_size":"Small","max_num_clusters":1,`+fields+`}`)
	}
	rows := []messageSource{
		// SQL warehouses.
		{name: "warehouse: serverless on a classic warehouse", got: newWarehouse(`"warehouse_type":"CLASSIC","enable_serverless_compute":true`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Invalid warehouseType: Serverless is only available for PRO warehouses.",
			source: "https://github.com/databricks/terraform-provider-databricks/issues/1765 (`cannot create sql endpoint: Invalid warehouseType: Serverless is only available for PRO warehouses.`; the code is not quoted)"},
		{name: "warehouse: auto stop under 10 minutes", got: newWarehouse(`"warehouse_type":"PRO","enable_serverless_compute":false,"auto_stop_mins":5`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "5 is not a valid value for auto_stop_mins. The value must be greater than or equal to 10.",
			source: "https://github.com/databricks/terraform-provider-databricks/issues/4131 (`1 is not a valid value for auto_stop_mins. The value must be greater than or equal to 10.`, a pro warehouse turned from serverless; the code is not quoted)"},
		{name: "warehouse: negative auto stop", got: newWarehouse(`"auto_stop_mins":-1`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "auto_stop_mins must be 0 (no auto stop) or a positive number of minutes (is -1).",
			guess: true, source: noQuote + "; tf-provider#4131 quotes only the under-10 case"},
		{name: "warehouse: name too long", got: as("POST", "/api/2.0/sql/warehouses", `{"name":"`+strings.Repeat("n", 100)+`","cluster_size":"Small"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Warehouse name must be less than 100 characters.",
			guess: true, source: noQuote + "; the bound is the API reference's"},
		{name: "warehouse: unknown size", got: as("POST", "/api/2.0/sql/warehouses", `{"name":"n","cluster_size":"Huge"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid cluster_size "Huge". Supported values: ` + strings.Join(warehouseSizes, ", ") + ".",
			guess: true, source: noQuote + "; the sizes are the API reference's"},
		{name: "warehouse: min above max", got: as("POST", "/api/2.0/sql/warehouses", `{"name":"n","cluster_size":"Small","min_num_clusters":3,"max_num_clusters":2}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "max_num_clusters (2) must be greater than or equal to min_num_clusters (3).",
			guess: true, source: noQuote},
		{name: "warehouse: unknown type", got: newWarehouse(`"warehouse_type":"SERVERLESS"`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid warehouse_type "SERVERLESS". Supported values: CLASSIC, PRO.`,
			guess: true, source: noQuote + "; the tf-provider#1765 quote spells the field warehouseType only when it speaks of serverless"},
		{name: "warehouse: unknown spot policy", got: newWarehouse(`"spot_instance_policy":"CHEAP"`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid spot_instance_policy "CHEAP". Supported values: COST_OPTIMIZED, RELIABILITY_OPTIMIZED.`,
			guess: true, source: noQuote},
		{name: "warehouse: create without the entitlement", got: asLimited("POST", "/api/2.0/sql/warehouses", `{"name":"n","cluster_size":"Small"}`),
			status: http.StatusForbidden, code: "PERMISSION_DENIED", msg: "User " + limitedUserName + " is not allowed to create SQL warehouses.",
			guess: true, source: noQuote},

		// Statements and the query history.
		{name: "statement: wait_timeout out of range", got: worded(func() error { _, err := parseWaitTimeout("60s"); return err }()),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `wait_timeout must be 0s or from 5s to 50s, not "60s".`,
			guess: true, source: noQuote + "; the bounds are the API reference's"},
		{name: "statement: unknown on_wait_timeout", got: as("POST", "/api/2.0/sql/statements", `{"warehouse_id":"`+wh.Id+`","statement":"SELECT 1","on_wait_timeout":"WAIT"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `on_wait_timeout must be CONTINUE or CANCEL, not "WAIT".`,
			guess: true, source: noQuote},
		{name: "statement: a format the demo does not serve", got: as("POST", "/api/2.0/sql/statements", `{"warehouse_id":"`+wh.Id+`","statement":"SELECT 1","format":"ARROW_STREAM"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "The demo workspace returns results INLINE in JSON_ARRAY format only.",
			guess: true, source: "the demo's own limit, which the service does not have"},
		{name: "statement: unknown warehouse", got: as("POST", "/api/2.0/sql/statements", `{"warehouse_id":"0000000000000000","statement":"SELECT 1"}`),
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "SQL warehouse 0000000000000000 does not exist.",
			guess: true, source: noQuote + "; the warehouses/get wording"},
		{name: "history: max_results too large", got: as("GET", "/api/2.0/sql/history/queries?max_results=5000", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: fmt.Sprintf("max_results must be between 1 and %d, not 5000.", historyMaxPage),
			guess: true, source: noQuote + "; the bound is the API reference's"},
		{name: "history: max_results not a number", got: as("GET", "/api/2.0/sql/history/queries?max_results=many", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid value for parameter max_results: "many"`,
			guess: true, source: noQuote},
		{name: "history: unknown filter field", got: as("GET", "/api/2.0/sql/history/queries?filter_by.colour=red", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Unknown filter field filter_by.colour.",
			guess: true, source: noQuote},
		{name: "history: unknown status", got: as("GET", "/api/2.0/sql/history/queries?filter_by.statuses=DONE", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid status "DONE": expected one of QUEUED, RUNNING, CANCELED, FAILED, FINISHED.`,
			guess: true, source: noQuote},
		{name: "history: page token", got: as("GET", "/api/2.0/sql/history/queries?page_token=zzz", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid page token: "zzz"`,
			guess: true, source: noQuote + "; the one public page-token refusal found (`When providing a page token and a filter, the filter must match the filter represented by the page token.`, databricks-sdk-go#875, pipelines) is another case"},

		// Paging and runs.
		{name: "runs: active and completed only", got: as("GET", "/api/2.2/jobs/runs/list?active_only=true&completed_only=true", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "active_only and completed_only cannot both be true",
			guess: true, source: noQuote},
		{name: "runs: a parameter that is not a number", got: as("GET", "/api/2.2/jobs/runs/list?job_id=x", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid value for parameter job_id: "x"`,
			guess: true, source: noQuote},
		{name: "runs: page token", got: as("GET", "/api/2.2/jobs/runs/list?page_token=zzz", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid page token: "zzz"`,
			guess: true, source: noQuote},

		// Permissions.
		{name: "permissions: level the object does not take", got: as("PATCH", "/api/2.0/permissions/clusters/"+clusterID,
			`{"access_control_list":[{"user_name":"`+limitedUserName+`","permission_level":"CAN_QUERY"}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   "Permission type CAN_QUERY is not supported for cluster objects. Supported: [CAN_ATTACH_TO CAN_RESTART CAN_MANAGE]",
			guess: true, source: noQuote},
		{name: "permissions: owner that is a group", got: as("PATCH", "/api/2.0/permissions/sql/warehouses/"+wh.Id,
			`{"access_control_list":[{"group_name":"users","permission_level":"IS_OWNER"}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "IS_OWNER can only be granted to a user.",
			guess: true, source: noQuote},
		{name: "permissions: unknown group", got: as("PATCH", "/api/2.0/permissions/clusters/"+clusterID,
			`{"access_control_list":[{"group_name":"ghosts","permission_level":"CAN_RESTART"}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Principal: GroupName(ghosts) does not exist",
			guess: true, source: "the UserName form's words (public notes quote `Principal: GroupName(data-engineers) does not exist` from bundle deploys, with no citable call or code)"},
		{name: "permissions: no principal", got: as("PATCH", "/api/2.0/permissions/clusters/"+clusterID,
			`{"access_control_list":[{"permission_level":"CAN_RESTART"}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "One of user_name, group_name or service_principal_name is required",
			guess: true, source: noQuote},
		{name: "permissions: unknown object", got: as("GET", "/api/2.0/permissions/clusters/0000-000000-nothere0", ""),
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "Cluster 0000-000000-nothere0 does not exist.",
			guess: true, source: noQuote},
		{name: "permissions: policy permissions by a user", got: asLimited("PATCH", "/api/2.0/permissions/cluster-policies/"+policy.PolicyId,
			`{"access_control_list":[{"group_name":"users","permission_level":"CAN_USE"}]}`),
			status: http.StatusForbidden, code: "PERMISSION_DENIED", msg: "Only workspace admins can change permissions of cluster policies.",
			guess: true, source: noQuote},

		// Clusters.
		{name: "cluster: owner changed by a user", got: asLimited("POST", "/api/2.1/clusters/change-owner", `{"cluster_id":"`+clusterID+`","owner_username":"`+limitedUserName+`"}`),
			status: http.StatusForbidden, code: "PERMISSION_DENIED", msg: "Only workspace admins can change the owner of a cluster.",
			guess: true, source: noQuote},
		{name: "cluster: update without a mask", got: as("POST", "/api/2.1/clusters/update", `{"cluster_id":"`+clusterID+`"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Missing required field: update_mask",
			guess: true, source: "the clusters/get form of the demo (`Missing required field: cluster_id`), itself a guess"},

		// Pools and libraries.
		{name: "pool: no name", got: as("POST", "/api/2.0/instance-pools/create", `{"node_type_id":"Standard_DS3_v2"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "instance_pool_name must be non-empty and less than 100 characters.",
			guess: true, source: noQuote},
		{name: "pool: node type changed", got: as("POST", "/api/2.0/instance-pools/edit",
			`{"instance_pool_id":"`+pool.InstancePoolId+`","instance_pool_name":"Words pool","node_type_id":"Standard_DS4_v2"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   `node_type_id must match the pool's node type Standard_DS3_v2 (is "Standard_DS4_v2"); it cannot be changed after creation.`,
			guess: true, source: noQuote},
		{name: "pool: create without the entitlement", got: asLimited("POST", "/api/2.0/instance-pools/create", `{"instance_pool_name":"p","node_type_id":"Standard_DS3_v2"}`),
			status: http.StatusForbidden, code: "PERMISSION_DENIED", msg: "You are not authorized to create instance pools. Please contact your administrator.",
			guess: true, source: noQuote + "; follows the clusters' refusal"},
		{name: "library: pypi without a package", got: as("POST", "/api/2.0/libraries/install",
			`{"cluster_id":"`+clusterID+`","libraries":[{"pypi":{}}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "pypi.package is required.",
			guess: true, source: noQuote},

		// Workspace files.
		{name: "workspace: folder not empty", got: as("POST", "/api/2.0/workspace/delete", `{"path":"/Shared/full"}`),
			status: http.StatusBadRequest, code: "DIRECTORY_NOT_EMPTY", msg: "Folder (/Shared/full) is not empty",
			source: "https://github.com/databricks/terraform-provider-databricks/issues/2553 (`cannot delete directory: Folder (/Users/<user>/<folder>) is not empty`); the 400 DIRECTORY_NOT_EMPTY is what databricks/cli libs/filer/workspace_files_client.go (Delete) reads"},
		{name: "workspace: mkdirs through a notebook", got: as("POST", "/api/2.0/workspace/mkdirs", `{"path":"/Shared/nb/sub"}`),
			status: http.StatusBadRequest, code: "RESOURCE_ALREADY_EXISTS", msg: "/Shared/nb already exists and it is not a folder",
			source: "https://github.com/databrickslabs/dbx/issues/613 (workspace/mkdirs: 400 `'error_code': 'RESOURCE_ALREADY_EXISTS', 'message': 'usecase_namealready exists and it is not a folder'`; the name is redacted there, so which path the demo names is a guess)"},
		{name: "workspace: import over a notebook", got: as("POST", "/api/2.0/workspace/import",
			`{"path":"/Shared/nb","format":"SOURCE","language":"PYTHON","content":"`+b64("2")+`"}`),
			status: http.StatusBadRequest, code: "RESOURCE_ALREADY_EXISTS", msg: "Path (/Shared/nb) already exists.",
			source: "databricks/cli libs/filer/workspace_files_client.go (Write: a 400 matching `Path \\((.*)\\) already exists.` for an existing notebook); https://github.com/databricks/cli/issues/3386 (400 RESOURCE_ALREADY_EXISTS from workspace/import)"},
		{name: "workspace: import into a missing folder", got: as("POST", "/api/2.0/workspace/import",
			`{"path":"/Shared/none/nb","format":"SOURCE","language":"PYTHON","content":"`+b64("1")+`"}`),
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "The parent folder (/Shared/none) does not exist.",
			guess: true, source: noQuote + "; the 404 is what databricks/cli's filer expects of a missing parent"},
		{name: "workspace: a relative path", got: as("GET", "/api/2.0/workspace/get-status?path=Shared", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Path (Shared) is not absolute.",
			guess: true, source: noQuote},
		{name: "workspace: SOURCE import without a language", got: as("POST", "/api/2.0/workspace/import",
			`{"path":"/Shared/nolang","format":"SOURCE","content":"`+b64("1")+`"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "The language must be set to import /Shared/nolang as a notebook in SOURCE format.",
			guess: true, source: noQuote},
		{name: "workspace: a system folder", got: as("POST", "/api/2.0/workspace/delete", `{"path":"/Shared","recursive":true}`),
			status: http.StatusForbidden, code: "PERMISSION_DENIED", msg: "Folder /Shared is a system folder and cannot be deleted.",
			guess: true, source: noQuote},

		// Cluster specs.
		{name: "cluster: a node type with a pool", got: as("POST", "/api/2.1/clusters/create",
			`{"cluster_name":"p","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","instance_pool_id":"`+pool.InstancePoolId+`","num_workers":1}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "The field 'node_type_id' cannot be supplied when an instance pool ID is provided.",
			source: "https://github.com/databricks/terraform-provider-databricks/issues/2141 (`cannot update job: The field 'node_type_id' cannot be supplied when an instance pool ID is provided.`); https://github.com/Nike-Inc/brickflow/issues/43 (the same on job create); both a job's new_cluster, the code not quoted"},
		{name: "cluster: negative workers", got: as("POST", "/api/2.1/clusters/create",
			`{"cluster_name":"n","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","num_workers":-1}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "num_workers must be non-negative (is -1).",
			guess: true, source: noQuote},
		{name: "cluster: autoscale upside down", got: as("POST", "/api/2.1/clusters/create",
			`{"cluster_name":"a","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","autoscale":{"min_workers":4,"max_workers":2}}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Invalid autoscale configuration: min_workers 4, max_workers 2.",
			guess: true, source: noQuote},
		{name: "cluster: update_mask naming no field", got: as("POST", "/api/2.1/clusters/update",
			`{"cluster_id":"`+clusterID+`","update_mask":"colour","cluster":{}}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid update_mask: "colour" is not a field of the cluster that can be updated.`,
			guess: true, source: noQuote},
		{name: "cluster events: limit too large", got: as("POST", "/api/2.1/clusters/events", `{"cluster_id":"`+clusterID+`","limit":1000}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: fmt.Sprintf("limit must be at most %d (is 1000)", eventsMaxLimit),
			guess: true, source: noQuote + "; the bound is the API reference's"},

		// Pools.
		{name: "pool: negative idle instances", got: as("POST", "/api/2.0/instance-pools/create",
			`{"instance_pool_name":"neg","node_type_id":"Standard_DS3_v2","min_idle_instances":-1}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "min_idle_instances must be non-negative (is -1).",
			guess: true, source: noQuote},
		{name: "pool: idle termination out of range", got: as("POST", "/api/2.0/instance-pools/create",
			`{"instance_pool_name":"idle","node_type_id":"Standard_DS3_v2","idle_instance_autotermination_minutes":20000}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "idle_instance_autotermination_minutes must be between 0 and 10000 (is 20000).",
			guess: true, source: noQuote},
		{name: "pool: edit of a deleted pool", got: as("POST", "/api/2.0/instance-pools/edit",
			`{"instance_pool_id":"`+gone.InstancePoolId+`","instance_pool_name":"Gone pool","node_type_id":"Standard_DS3_v2"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Instance pool " + gone.InstancePoolId + " has been deleted.",
			guess: true, source: noQuote + "; databricks/databricks-cli#250 says a deleted pool's get answers 404 RESOURCE_DOES_NOT_EXIST `Can't find an instance pool with id: …`, which may be what edit answers too"},

		// Cluster policies and families.
		{name: "policy: unknown family", got: as("POST", "/api/2.0/policies/clusters/create", `{"name":"f","policy_family_id":"no-such-family"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Policy family no-such-family does not exist.",
			guess: true, source: noQuote},
		{name: "policy: definition and family", got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
			fams, err := w.PolicyFamilies.ListAll(ctx, compute.ListPolicyFamiliesRequest{})
			require.NoError(t, err)
			require.NotEmpty(t, fams)
			return as("POST", "/api/2.0/policies/clusters/create", `{"name":"d","definition":"{}","policy_family_id":"`+fams[0].PolicyFamilyId+`"}`)(t, ctx, w)
		},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "definition and policy_family_id cannot both be set; use policy_family_definition_overrides.",
			guess: true, source: noQuote},
		{name: "policy: no name", got: as("POST", "/api/2.0/policies/clusters/create", `{"definition":"{}"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Policy name must be non-empty and at most 100 characters.",
			guess: true, source: noQuote},
		{name: "policy: negative max clusters per user", got: as("POST", "/api/2.0/policies/clusters/create", `{"name":"m","definition":"{}","max_clusters_per_user":-1}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "max_clusters_per_user must be greater than 0",
			source: "https://github.com/databricks/terraform-provider-databricks/issues/3545 (`cannot update cluster policy: max_clusters_per_user must be greater than 0`, for a 0 the provider sent; the code is not quoted)"},
		{name: "policy: definition not JSON", got: as("POST", "/api/2.0/policies/clusters/create", `{"name":"j","definition":"{"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Policy definition is not valid JSON: unexpected EOF",
			guess: true, source: noQuote + "; tf-provider#763 quotes the service's parser words for another flaw (a rule without type), a Jackson message this demo does not mimic"},
		{name: "policy: unknown rule type", got: as("POST", "/api/2.0/policies/clusters/create", `{"name":"r","definition":"{\"spark_version\":{\"type\":\"maybe\"}}"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid policy definition: attribute spark_version has unknown rule type "maybe"`,
			guess: true, source: noQuote},
		{name: "policy: create by a user", got: asLimited("POST", "/api/2.0/policies/clusters/create", `{"name":"u","definition":"{}"}`),
			status: http.StatusForbidden, code: "PERMISSION_DENIED", msg: "Only workspace admins can create cluster policies.",
			guess: true, source: noQuote},
		{name: "policy: delete of a default policy", got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
			all, err := w.ClusterPolicies.ListAll(ctx, compute.ListClusterPoliciesRequest{})
			require.NoError(t, err)
			for _, p := range all {
				if p.IsDefault && p.Name == "Personal Compute" {
					return w.ClusterPolicies.DeleteByPolicyId(ctx, p.PolicyId)
				}
			}
			t.Fatal("no default Personal Compute policy")
			return nil
		},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Default policy Personal Compute cannot be deleted.",
			guess: true, source: noQuote},
		{name: "policy family: unknown", got: as("GET", "/api/2.0/policy-families/no-such-family", ""),
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "Policy family no-such-family does not exist.",
			guess: true, source: noQuote},

		// Runs.
		{name: "runs: submit without tasks", got: as("POST", "/api/2.2/jobs/runs/submit", `{"run_name":"none"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "At least one task is required.",
			guess: true, source: noQuote},
		{name: "runs: two tasks with one key", got: as("POST", "/api/2.2/jobs/runs/submit",
			`{"run_name":"dup","tasks":[{"task_key":"a","existing_cluster_id":"`+clusterID+`","notebook_task":{"notebook_path":"/x"}},{"task_key":"a","existing_cluster_id":"`+clusterID+`","notebook_task":{"notebook_path":"/x"}}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Each task needs a unique task_key (task 1).",
			guess: true, source: noQuote + " for runs/submit (the repair API's `rerun_tasks cannot contain duplicate task keys.`, apache/airflow#69998, is another call)"},

		// DBFS, the Files API and SCIM.
		{name: "dbfs: read of a missing path", got: as("GET", "/api/2.0/dbfs/read?path=/nothing", ""),
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "No file or directory exists on path /nothing.",
			source: "mlrun/mlrun tests/system/datastore/test_dbfs.py (`No file or directory exists on path {path}.`, there after a delete)"},
		{name: "files: missing file", got: as("GET", "/api/2.0/fs/files/Volumes/none/x.txt", ""),
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "The file /Volumes/none/x.txt does not exist.",
			guess: true, source: noQuote},
		{name: "scim: filter the demo cannot read", got: as("GET", "/api/2.0/preview/scim/v2/Users?filter=nonsense", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   `Invalid filter "nonsense": expected attribute operator "value" (eq, ne, co, sw, ew), joined by and / or.`,
			guess: true, source: noQuote},

		// Workspace export.
		{name: "workspace: no path", got: as("GET", "/api/2.0/workspace/get-status", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Path must be provided.",
			guess: true, source: noQuote},
		{name: "workspace: a notebook exported as RAW", got: as("GET", "/api/2.0/workspace/export?path=/Shared/nb&format=RAW", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "The demo workspace exports notebooks in SOURCE, AUTO and JUPYTER formats only, not RAW.",
			guess: true, source: "the demo's own limit (it keeps no HTML or DBC form)"},

		// More warehouse settings and query-history parameters.
		{name: "warehouse: no size", got: as("POST", "/api/2.0/sql/warehouses", `{"name":"n"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "cluster_size is required. Supported values: " + strings.Join(warehouseSizes, ", ") + ".",
			guess: true, source: noQuote},
		{name: "warehouse: too many clusters", got: newWarehouse(`"max_num_clusters":41`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: fmt.Sprintf("max_num_clusters must be at most %d (is 41).", maxWarehouseClusters),
			guess: true, source: noQuote + "; the bound is the API reference's (tf-provider#5351 raised it to 40)"},
		{name: "warehouse: unknown channel", got: newWarehouse(`"channel":{"name":"CHANNEL_NAME_NIGHTLY"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   `Invalid channel name "CHANNEL_NAME_NIGHTLY". Supported values: CHANNEL_NAME_CURRENT, CHANNEL_NAME_PREVIEW, CHANNEL_NAME_PREVIOUS.`,
			guess: true, source: noQuote},
		{name: "warehouse: empty tag key", got: newWarehouse(`"tags":{"custom_tags":[{"key":" ","value":"v"}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Custom tag keys must not be empty.",
			guess: true, source: noQuote},
		{name: "warehouse: too many tags", got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
			tags := make([]string, maxWarehouseTags)
			for i := range tags {
				tags[i] = fmt.Sprintf(`{"key":"k%d","value":"v"}`, i)
			}
			return newWarehouse(`"tags":{"custom_tags":[`+strings.Join(tags, ",")+`]}`)(t, ctx, w)
		},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: fmt.Sprintf("A warehouse takes fewer than %d custom tags (has %d).", maxWarehouseTags, maxWarehouseTags),
			guess: true, source: noQuote + "; the bound is the API reference's"},
		{name: "history: include_metrics not a boolean", got: as("GET", "/api/2.0/sql/history/queries?include_metrics=maybe", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid value for parameter include_metrics: "maybe"`,
			guess: true, source: noQuote},
		{name: "history: user id not a number", got: as("GET", "/api/2.0/sql/history/queries?filter_by.user_ids=me", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid value for parameter filter_by.user_ids: "me"`,
			guess: true, source: noQuote},
		{name: "history: time range upside down", got: as("GET",
			"/api/2.0/sql/history/queries?filter_by.query_start_time_range.start_time_ms=2000&filter_by.query_start_time_range.end_time_ms=1000", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "query_start_time_range: end_time_ms must not be before start_time_ms.",
			guess: true, source: noQuote},
		{name: "cluster events: negative offset", got: as("POST", "/api/2.1/clusters/events", `{"cluster_id":"`+clusterID+`","offset":-1}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "offset must be non-negative (is -1)",
			guess: true, source: noQuote},

		// Use rights.
		{name: "policy: a policy the user may not use", got: asLimited("POST", "/api/2.1/clusters/create",
			`{"cluster_name":"u","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","num_workers":1,"policy_id":"`+policy.PolicyId+`"}`),
			status: http.StatusForbidden, code: "PERMISSION_DENIED",
			msg:   "User " + limitedUserName + " does not have permission to use cluster policy Words (" + policy.PolicyId + ").",
			guess: true, source: noQuote},
		{name: "workspace: writing outside one's folders", got: asLimited("POST", "/api/2.0/workspace/mkdirs", `{"path":"`+demoHome+`/x"}`),
			status: http.StatusForbidden, code: "PERMISSION_DENIED",
			msg:   limitedUserName + " does not have Manage permissions on " + demoHome + "/x. Please contact the owner or an administrator for access.",
			guess: true, source: "the cluster form of the same refusal (itself after sbt-databricks#34's older words)"},

		// More workspace imports and exports.
		{name: "workspace: a file over a file by import-file", got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
			put := as("POST", "/api/2.0/workspace-files/import-file/Shared/twice.txt", "one")
			var ae *apierr.APIError
			require.True(t, errors.As(put(t, ctx, w), &ae))
			require.Equal(t, http.StatusOK, ae.StatusCode, "the first upload is made")
			return put(t, ctx, w)
		},
			status: http.StatusConflict, code: "RESOURCE_ALREADY_EXISTS", msg: "File already exists at (/Shared/twice.txt).",
			guess: true, source: "the 409 is what databricks/cli libs/filer/workspace_files_client.go (Write) reads for an existing file; no public quote of the words"},
		{name: "workspace: an unknown notebook language", got: as("POST", "/api/2.0/workspace/import",
			`{"path":"/Shared/cobol","format":"SOURCE","language":"COBOL","content":"`+b64("1")+`"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid language "COBOL" for notebook /Shared/cobol.`,
			guess: true, source: noQuote},
		{name: "workspace: an import format the demo does not take", got: as("POST", "/api/2.0/workspace/import",
			`{"path":"/Shared/h","format":"HTML","content":"`+b64("1")+`"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "The demo workspace imports SOURCE, AUTO, RAW and JUPYTER formats only, not HTML.",
			guess: true, source: "the demo's own limit (it keeps no HTML or DBC form)"},
		{name: "workspace: a Jupyter import that is not a notebook", got: as("POST", "/api/2.0/workspace/import",
			`{"path":"/Shared/j","format":"JUPYTER","content":"`+b64("not json")+`"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Invalid Jupyter notebook for /Shared/j: read .ipynb: invalid character 'o' in literal null (expecting 'u')",
			guess: true, source: noQuote + "; the parser's own words follow the colon"},
		{name: "workspace: a folder exported as RAW", got: as("GET", "/api/2.0/workspace/export?path=/Shared/full&format=RAW", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "The demo workspace exports folders in SOURCE and AUTO formats only, not RAW.",
			guess: true, source: "the demo's own limit (no DBC archives)"},

		// Runs.
		{name: "runs: a task kind the demo does not run", got: as("POST", "/api/2.2/jobs/runs/submit",
			`{"run_name":"sql","tasks":[{"task_key":"q","sql_task":{"warehouse_id":"`+wh.Id+`","query":{"query_id":"1"}}}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Task q: the demo workspace runs notebook, spark_python, python_wheel and spark_jar tasks only.",
			guess: true, source: "the demo's own limit"},

		// Pools.
		{name: "pool: custom tags changed", got: as("POST", "/api/2.0/instance-pools/edit",
			`{"instance_pool_id":"`+pool.InstancePoolId+`","instance_pool_name":"Words pool","node_type_id":"Standard_DS3_v2","custom_tags":{"team":"x"}}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   "custom_tags cannot be changed after creation. Editable fields: instance_pool_name, min_idle_instances, max_capacity, idle_instance_autotermination_minutes.",
			guess: true, source: noQuote + "; the editable fields are the API reference's"},

		// The demo's control endpoints.
		{name: "control: a token that is not the admin's", got: send("dapi-not-a-token", "POST", controlPrefix+"advance", `{"seconds":1}`),
			status: http.StatusUnauthorized, code: "UNAUTHENTICATED", msg: "Invalid access token.",
			guess: true, source: "the demo's own endpoint; the words are the service's refused-token words (databricks-sdk-go#873), the status and code are not"},
		{name: "control: a body that is not JSON", got: as("POST", controlPrefix+"advance", "{"),
			status: http.StatusBadRequest, code: "BAD_REQUEST", msg: "control: unexpected end of JSON input",
			guess: true, source: "the demo's own endpoint"},

		// The demo's own control endpoints: no service counterpart.
		{name: "control: unknown control", got: as("POST", controlPrefix+"nothing", ""),
			status: http.StatusNotFound, code: "ENDPOINT_NOT_FOUND", msg: "unknown control " + controlPrefix + "nothing",
			guess: true, source: "the demo's own endpoint; only the code follows the service's unknown-endpoint answer"},
	}
	guesses := 0
	for _, r := range rows {
		if r.guess {
			guesses++
		}
	}
	t.Logf("%d more messages: %d quoted in public, %d guesses", len(rows), len(rows)-guesses, guesses)
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			require.NotEmpty(t, r.source, "a row names its source, or says why a guess reads as it does")
			err := r.got(t, ctx, w)
			if de := (*apiError)(nil); errors.As(err, &de) { // worded by a function, not sent
				err = &apierr.APIError{StatusCode: de.Status, ErrorCode: de.Code, Message: de.Message}
			}
			var ae *apierr.APIError
			require.True(t, errors.As(err, &ae), "want an API error, got %v", err)
			assert.Equal(t, r.status, ae.StatusCode)
			assert.Equal(t, r.code, ae.ErrorCode)
			assert.Equal(t, r.msg, ae.Message)
		})
	}
}
