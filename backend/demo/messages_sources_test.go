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
	"github.com/databricks/databricks-sdk-go/service/jobs"
	"github.com/databricks/databricks-sdk-go/service/sql"
	sdkworkspace "github.com/databricks/databricks-sdk-go/service/workspace"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// messageSource is one error message the demo answers, with where its words
// come from. The product's policy evaluator is cross-checked against the
// demo's words (backend/policyeval/crosscheck_test.go), so a wording is only
// worth comparing when it is the real service's: source names the public
// record that quotes it verbatim (an issue, a doc page or an SDK test);
// guess marks wording nobody has published, with why it reads as it does.
type messageSource struct {
	name   string
	got    func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error
	status int
	code   string
	msg    string
	source string
	guess  bool
}

// TestMessageSources is the one place that says which of the demo's error
// messages are the service's words and which are guesses. Each row triggers
// the message through the SDK (or, for messages deep in a handler, calls the
// code that words it) and pins the exact text.
func TestMessageSources(t *testing.T) {
	t.Parallel()
	srv, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	const sparkVersion, nodeType = "16.4.x-scala2.12", "Standard_DS3_v2"
	created, err := w.Clusters.Create(ctx, compute.CreateCluster{ClusterName: "m", SparkVersion: sparkVersion, NodeTypeId: nodeType, NumWorkers: 1})
	require.NoError(t, err)
	clusterID := created.ClusterId
	fixedTags, err := w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "Words", Definition: `{
		"custom_tags.team": {"type": "fixed", "value": "data-engineering"},
		"spark_conf.spark.databricks.io.cache.enabled": {"type": "fixed", "value": "true"},
		"enable_elastic_disk": {"type": "fixed", "value": false},
		"driver_node_type_id": {"type": "fixed", "value": "Standard_DS4_v2"}
	}`})
	require.NoError(t, err)
	violate := func(spec compute.CreateCluster) error {
		spec.ClusterName, spec.SparkVersion, spec.NodeTypeId, spec.NumWorkers = "v", sparkVersion, nodeType, 1
		spec.PolicyId = fixedTags.PolicyId
		_, err := w.Clusters.Create(ctx, spec)
		return err
	}
	onlyRule := func(t *testing.T, def string, spec compute.CreateCluster) error {
		p, err := w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "rule " + def, Definition: def})
		require.NoError(t, err)
		spec.ClusterName, spec.PolicyId = "r", p.PolicyId
		if spec.SparkVersion == "" {
			spec.SparkVersion = sparkVersion
		}
		if spec.NodeTypeId == "" && spec.InstancePoolId == "" {
			spec.NodeTypeId = nodeType
		}
		_, err = w.Clusters.Create(ctx, spec)
		return err
	}

	// raw sends a request as the SDK would and reads the error body, for
	// answers the SDK cannot reach (an unknown endpoint, a bad token, a bad
	// body) or reads only through a generic call.
	raw := func(t *testing.T, token, method, path, body string) error {
		req, err := http.NewRequestWithContext(ctx, method, srv.URL()+path, strings.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer func() { require.NoError(t, resp.Body.Close()) }()
		var b struct {
			Code    any    `json:"error_code"` // a number on a refused token
			Message string `json:"message"`
		}
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&b))
		return &apierr.APIError{StatusCode: resp.StatusCode, ErrorCode: fmt.Sprint(b.Code), Message: b.Message}
	}
	rawAs := func(token, method, path, body string) func(*testing.T, context.Context, *workspaceapi.Client) error {
		return func(t *testing.T, _ context.Context, _ *workspaceapi.Client) error {
			return raw(t, token, method, path, body)
		}
	}
	admin := srv.Token()
	rawCase := func(method, path, body string) func(*testing.T, context.Context, *workspaceapi.Client) error {
		return rawAs(admin, method, path, body)
	}

	rows := []messageSource{
		// Any call.
		{name: "refused token", got: rawAs("dapi-not-a-token", "GET", "/api/2.1/clusters/list", ""),
			status: http.StatusForbidden, code: "403", msg: "Invalid access token.",
			source: "https://github.com/databricks/databricks-sdk-go/issues/873 (403, `\"error_code\": 403`, `Invalid access token.`)"},
		{name: "unknown endpoint", got: rawCase("GET", "/api/2.0/nothing/here", ""),
			status: http.StatusNotFound, code: "ENDPOINT_NOT_FOUND", msg: "No API found for 'GET /nothing/here'",
			source: "https://github.com/databricks/databricks-agent-skills/issues/259 (`No API found for 'POST /sql/statements/execute'` for /api/2.0/sql/statements/execute; the code is the SDK's ErrNotFound class, not quoted)"},
		{name: "body that is not JSON", got: rawCase("POST", "/api/2.1/clusters/create", "{"),
			status: http.StatusBadRequest, code: "MALFORMED_REQUEST", msg: "Could not parse request object: unexpected end of JSON input",
			guess: true, source: "no public quote found; the parser's own words follow the colon"},

		// Clusters.
		{name: "unknown cluster",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.Clusters.GetByClusterId(ctx, "0000-000000-nothere0")
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Cluster 0000-000000-nothere0 does not exist",
			source: "databricks-sdk-go apierr/errors_test.go and error_overrides.go (`Cluster .* does not exist` on clusters/get)"},
		{name: "cluster in the wrong state",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.Clusters.Start(ctx, compute.StartCluster{ClusterId: clusterID})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_STATE", msg: "Cluster " + clusterID + " is in unexpected state Pending.",
			source: "https://github.com/databricks/databricks-sdk-java/pull/134 (`INVALID_STATE: Cluster XXX is in unexpected state Pending.`)"},
		{name: "missing node type",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.Clusters.Create(ctx, compute.CreateCluster{ClusterName: "n", SparkVersion: sparkVersion, NumWorkers: 1})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Missing required field 'node_type_id'",
			source: "https://github.com/databricks/terraform-provider-databricks/issues/2521 (clusters/create, 2023)"},
		{name: "missing cluster id",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.Clusters.Get(ctx, compute.GetClusterRequest{})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Missing required field: cluster_id",
			guess: true, source: "two public forms: `Missing required field: size` (gbrueckl/Databricks.API.PowerShell#21, 2020) and `Missing required field 'node_type_id'` (tf-provider#2521, 2023, clusters/create); which clusters/get uses is unknown"},
		{name: "unknown runtime",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.Clusters.Create(ctx, compute.CreateCluster{ClusterName: "n", SparkVersion: "1.0.x", NodeTypeId: nodeType, NumWorkers: 1})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Invalid spark version 1.0.x.",
			source: "https://github.com/databricks/databricks-sdk-java/pull/54 (`Invalid spark version 13.0.x-scala2.11.`); https://github.com/databrickslabs/dbx/issues/782"},
		{name: "unknown node type",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.Clusters.Create(ctx, compute.CreateCluster{ClusterName: "n", SparkVersion: sparkVersion, NodeTypeId: "m4.large", NumWorkers: 1})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Node type m4.large is not supported. Supported node types: " + nodeTypeList(t, ctx, w),
			source: "https://github.com/databricks/terraform-provider-databricks/issues/220 (`Node type m4.large is not supported. Supported node types: Standard_DS3_v2, Standard_DS4_v2, ...`)"},
		{name: "unknown node type for a pool",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.InstancePools.Create(ctx, compute.CreateInstancePool{InstancePoolName: "p", NodeTypeId: "m4.large"})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Node type m4.large is not supported. Supported node types: " + nodeTypeList(t, ctx, w),
			guess: true, source: "the clusters' wording (tf-provider#220); no quote from instance-pools/create found"},

		// Cluster policy violations: the words the policy cross-check compares.
		{name: "policy: fixed value overridden",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return violate(compute.CreateCluster{DriverNodeTypeId: "Standard_DS3_v2",
					CustomTags: map[string]string{"team": "data-engineering"},
					SparkConf:  map[string]string{"spark.databricks.io.cache.enabled": "true"}})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:    `Validation failed for driver_node_type_id, the value must be Standard_DS4_v2 (is "Standard_DS3_v2")`,
			source: "https://github.com/databricks/terraform-provider-databricks/issues/403 (`Validation failed for driver_node_type_id, the value must be i3.2xlarge (is \"i3.xlarge\")`)"},
		{name: "policy: fixed boolean overridden",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return violate(compute.CreateCluster{DriverNodeTypeId: "Standard_DS4_v2", EnableElasticDisk: true,
					CustomTags: map[string]string{"team": "data-engineering"},
					SparkConf:  map[string]string{"spark.databricks.io.cache.enabled": "true"}})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:    `Validation failed for enable_elastic_disk, the value must be false (is "true")`,
			source: "https://github.com/databricks/terraform-provider-databricks/issues/403 (`Validation failed for enable_elastic_disk, the value must be true (is \"false\")`)"},
		{name: "policy: several violations",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return violate(compute.CreateCluster{DriverNodeTypeId: "Standard_DS3_v2",
					CustomTags: map[string]string{"team": "marketing"},
					SparkConf:  map[string]string{"spark.databricks.io.cache.enabled": "true"}})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg: `Validation failed for custom_tags.team, the value must be data-engineering (is "marketing"); ` +
				`Validation failed for driver_node_type_id, the value must be Standard_DS4_v2 (is "Standard_DS3_v2")`,
			source: "https://github.com/databricks/terraform-provider-databricks/issues/403 (violations joined by \"; \")"},
		{name: "policy: required map key missing",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return onlyRule(t, `{"custom_tags.environment": {"type": "allowlist", "values": ["dev", "prod"]}}`, compute.CreateCluster{NumWorkers: 1})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:    "Validation failed for custom_tags, environment must be present",
			source: "https://github.com/databricks/terraform-provider-databricks/issues/403 (`Validation failed for custom_tags, environment must be present`)"},
		{name: "policy: required value missing",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return onlyRule(t, `{"autotermination_minutes": {"type": "range", "maxValue": 120}}`, compute.CreateCluster{NumWorkers: 1})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   "Validation failed for autotermination_minutes, the value must be present",
			guess: true, source: "tf-provider#403 quotes only the map-key form (`Validation failed for custom_tags, environment must be present`); this one follows it"},
		{name: "policy: value not in the allowlist",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return onlyRule(t, `{"node_type_id": {"type": "allowlist", "values": ["Standard_DS4_v2"]}}`, compute.CreateCluster{NumWorkers: 1})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   `Validation failed for node_type_id, the value must be one of [Standard_DS4_v2] (is "Standard_DS3_v2")`,
			guess: true, source: "no public quote found; built on the fixed-value template of tf-provider#403"},
		{name: "policy: value in the blocklist",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return onlyRule(t, `{"node_type_id": {"type": "blocklist", "values": ["Standard_DS3_v2"]}}`, compute.CreateCluster{NumWorkers: 1})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   `Validation failed for node_type_id, the value must not be one of [Standard_DS3_v2] (is "Standard_DS3_v2")`,
			guess: true, source: "no public quote found; built on the fixed-value template of tf-provider#403"},
		{name: "policy: pattern not matched",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return onlyRule(t, `{"spark_version": {"type": "regex", "pattern": "15\\..*"}}`, compute.CreateCluster{NumWorkers: 1})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   `Validation failed for spark_version, the value must match the regular expression 15\..* (is "16.4.x-scala2.12")`,
			guess: true, source: "no public quote found; built on the fixed-value template of tf-provider#403"},
		{name: "policy: above the range",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return onlyRule(t, `{"num_workers": {"type": "range", "maxValue": 0}}`, compute.CreateCluster{NumWorkers: 1})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   "Validation failed for num_workers, the value must be at most 0 (is 1)",
			guess: true, source: "no public quote found; built on the fixed-value template of tf-provider#403"},
		{name: "policy: forbidden value present",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return onlyRule(t, `{"spark_env_vars.DEBUG": {"type": "forbidden"}}`, compute.CreateCluster{NumWorkers: 1,
					SparkEnvVars: map[string]string{"DEBUG": "1"}})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   "Validation failed for spark_env_vars.DEBUG, the value must not be present",
			guess: true, source: "no public quote found; the opposite of `must be present` (tf-provider#403)"},
		{name: "policy: unknown policy on create",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.Clusters.Create(ctx, compute.CreateCluster{ClusterName: "p", SparkVersion: sparkVersion, NodeTypeId: nodeType, NumWorkers: 1, PolicyId: "0000000000000000"})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Cluster policy 0000000000000000 does not exist.",
			guess: true, source: "no public quote found"},
		{name: "policy: unknown policy",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.ClusterPolicies.GetByPolicyId(ctx, "C96203490C0004AD")
				return err
			},
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "Can't find a cluster policy with id: C96203490C0004AD.",
			source: "https://github.com/databrickslabs/ucx/issues/502 (policies/clusters/get: 404 `Can't find a cluster policy with id: XYZABCDE.`)"},

		// Pools.
		{name: "unknown pool",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.InstancePools.GetByInstancePoolId(ctx, "0000-000000-pool0")
				return err
			},
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "Can't find an instance pool with id: 0000-000000-pool0.",
			source: "terraform-provider-databricks databricks/resource_databricks_instance_pool.go (commit c919ccf), isInstancePoolMissing: RESOURCE_DOES_NOT_EXIST and `Can't find an instance pool with id: %s`"},

		// Jobs and runs.
		{name: "unknown run",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.Jobs.GetRun(ctx, jobs.GetRunRequest{RunId: 404})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Run 404 does not exist.",
			guess: true, source: "patterned on jobs' `Job 0 does not exist.` (https://github.com/astronomer/astronomer-providers/pull/1254)"},
		{name: "task without compute",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.Jobs.Submit(ctx, jobs.SubmitRun{RunName: "none", Tasks: []jobs.SubmitTask{
					{TaskKey: "a", NotebookTask: &jobs.NotebookTask{NotebookPath: "/x"}}}})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "One of job_cluster_key, new_cluster, or existing_cluster_id must be specified.",
			source: "https://github.com/databricks/cli/issues/838 (jobs/runs/submit, 400 INVALID_PARAMETER_VALUE)"},
		{name: "task with two computes",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.Jobs.Submit(ctx, jobs.SubmitRun{RunName: "two", Tasks: []jobs.SubmitTask{
					{TaskKey: "a", ExistingClusterId: clusterID, NewCluster: &compute.ClusterSpec{SparkVersion: sparkVersion, NodeTypeId: nodeType, NumWorkers: 1},
						NotebookTask: &jobs.NotebookTask{NotebookPath: "/x"}}}})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Task a: exactly one of existing_cluster_id or new_cluster is required.",
			guess: true, source: "no public quote found; cli#838 quotes only the case with none"},
		{name: "warehouse name taken",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				if _, err := w.Warehouses.Create(ctx, sql.CreateWarehouseRequest{Name: "Taken", ClusterSize: "Small", MaxNumClusters: 1}); err != nil {
					return err
				}
				_, err := w.Warehouses.Create(ctx, sql.CreateWarehouseRequest{Name: "Taken", ClusterSize: "Small", MaxNumClusters: 1})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "SQL warehouse with name `Taken` already exists",
			source: "https://github.com/databricks-demos/dbdemos/issues/12 (`{'error_code': 'INVALID_PARAMETER_VALUE', 'message': 'SQL warehouse with name `dbdemos-shared-endpoint` already exists'}`); https://github.com/databrickslabs/ucx/issues/432"},
		{name: "output of a multi-task run",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				nb := func(key string) jobs.SubmitTask {
					return jobs.SubmitTask{TaskKey: key, ExistingClusterId: clusterID, NotebookTask: &jobs.NotebookTask{NotebookPath: "/x"}}
				}
				run, err := w.Jobs.Submit(ctx, jobs.SubmitRun{RunName: "two", Tasks: []jobs.SubmitTask{nb("a"), nb("b")}})
				require.NoError(t, err)
				_, err = w.Jobs.GetRunOutput(ctx, jobs.GetRunOutputRequest{RunId: run.RunId})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:    "Retrieving the output of runs with multiple tasks is not supported. Please retrieve the output of each individual task run instead.",
			source: "https://github.com/databricks/databricks-sdk-py/issues/997"},

		// Workspace files.
		{name: "unknown workspace path",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.Workspace.GetStatus(ctx, sdkworkspace.GetStatusRequest{Path: "/Users/nobody@example.com"})
				return err
			},
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "Path (/Users/nobody@example.com) doesn't exist.",
			source: "https://github.com/databrickslabs/migrate/issues/10 (`Path (/Users/bert@smert.in) doesn't exist.`)"},

		// SQL warehouses.
		{name: "unknown warehouse",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.Warehouses.Get(ctx, sql.GetWarehouseRequest{Id: "0000000000000000"})
				return err
			},
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "SQL warehouse 0000000000000000 does not exist.",
			guess: true, source: "no public quote found"},

		// Permissions.
		{name: "unknown principal",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.Clusters.UpdatePermissions(ctx, compute.ClusterPermissionsRequest{ClusterId: clusterID, AccessControlList: []compute.ClusterAccessControlRequest{
					{UserName: "ghost@example.com", PermissionLevel: compute.ClusterPermissionLevelCanAttachTo}}})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Principal: UserName(ghost@example.com) does not exist",
			guess: true, source: "the words appear in public deployment notes (`ResourceDoesNotExist: Principal: UserName(a@b.com) does not exist`, a genesis-workbench fork's UX-GAPS notes) but no citable record of the call and its code was pinned"},
	}
	limited, err := srv.LimitedToken(admin)
	require.NoError(t, err)
	asLimited := func(method, path, body string) func(*testing.T, context.Context, *workspaceapi.Client) error {
		return rawAs(limited, method, path, body)
	}
	pool, err := w.InstancePools.Create(ctx, compute.CreateInstancePool{InstancePoolName: "Taken pool", NodeTypeId: nodeType})
	require.NoError(t, err)
	more := []messageSource{
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
		{name: "pool name taken", got: rawCase("POST", "/api/2.0/instance-pools/create", `{"instance_pool_name":"Taken pool","node_type_id":"Standard_DS3_v2"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `An instance pool named "Taken pool" already exists (` + pool.InstancePoolId + `).`,
			guess: true, source: "no public quote found"},
		{name: "pool sizes", got: rawCase("POST", "/api/2.0/instance-pools/edit",
			`{"instance_pool_id":"`+pool.InstancePoolId+`","instance_pool_name":"Taken pool","node_type_id":"Standard_DS3_v2","min_idle_instances":3,"max_capacity":2}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "max_capacity (2) must be at least min_idle_instances (3).",
			guess: true, source: "no public quote found"},
		{name: "maven coordinates", got: rawCase("POST", "/api/2.0/libraries/install",
			`{"cluster_id":"`+clusterID+`","libraries":[{"maven":{"coordinates":"nope"}}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Maven coordinates must look like group:artifact:version (is "nope").`,
			guess: true, source: "no public quote found"},

		{name: "editing a job cluster",
			got: func(*testing.T, context.Context, *workspaceapi.Client) error {
				return editable(&cluster{d: compute.ClusterDetails{ClusterId: "0101-000000-job00000", ClusterSource: compute.ClusterSourceJob}})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Cannot edit cluster 0101-000000-job00000 created by JobLauncher",
			source: "https://github.com/databricks/databricks-cli/issues/458 (`Cannot edit cluster xxxxxxx created by JobLauncher`)"},
		{name: "policy name taken",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "Words", Definition: "{}"})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Cluster Policy with name `Words` already exists",
			source: "https://github.com/databricks/terraform-provider-databricks/issues/2884 (`Cluster Policy with name `Personal Compute` already exists`; the code is not quoted)"},
		{name: "changing a default policy's family",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				all, err := w.ClusterPolicies.ListAll(ctx, compute.ListClusterPoliciesRequest{})
				require.NoError(t, err)
				for _, p := range all {
					if p.IsDefault && p.PolicyFamilyId != "" {
						return w.ClusterPolicies.Edit(ctx, compute.EditPolicy{PolicyId: p.PolicyId, Name: p.Name, PolicyFamilyId: "not-" + p.PolicyFamilyId})
					}
				}
				t.Fatal("no default policy from a family")
				return nil
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:    "Changing policy_family_id is forbidden for default cluster policies. Clone this policy to change the policy family.",
			source: "https://github.com/gbrueckl/Databricks.API.PowerShell/issues/62"},
		{name: "cluster name too long", got: rawCase("POST", "/api/2.1/clusters/create",
			`{"cluster_name":"`+strings.Repeat("x", 101)+`","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","num_workers":1}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Cluster name must be at most 100 characters (is 101).",
			guess: true, source: "no public quote found"},
		{name: "auto-termination out of range", got: rawCase("POST", "/api/2.1/clusters/create",
			`{"cluster_name":"a","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","num_workers":1,"autotermination_minutes":5}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Auto-termination minutes must be 0 (disabled) or between 10 and 10000 (is 5).",
			guess: true, source: "no public quote found; the bounds are the API reference's"},
		{name: "library with two kinds", got: rawCase("POST", "/api/2.0/libraries/install",
			`{"cluster_id":"`+clusterID+`","libraries":[{"jar":"dbfs:/a.jar","whl":"dbfs:/a.whl"}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Each library must set exactly one of jar, whl, egg, requirements, pypi, maven or cran.",
			guess: true, source: "no public quote found"},
		{name: "runs list limit", got: rawCase("GET", "/api/2.2/jobs/runs/list?limit=100", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "limit must be between 1 and 25 (is 100)",
			guess: true, source: "no public quote found; the bound is the API reference's"},
		{name: "unknown job", got: rawCase("GET", "/api/2.2/jobs/get?job_id=404", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Job 404 does not exist.",
			source: "https://github.com/databricks/terraform-provider-databricks/issues/740 (`Error: Job <id> does not exist.`); the 400 and code: databricks-sdk-go apierr/error_overrides.go and databricks-sdk-py#612"},
		{name: "reading another user's job",
			got: func(*testing.T, context.Context, *workspaceapi.Client) error {
				return errJobViewDenied(limitedUserName, 771204563)
			},
			status: http.StatusForbidden, code: "PERMISSION_DENIED", msg: "User " + limitedUserName + " does not have View permission on job 771204563.",
			guess: true, source: "patterned on the runs' refusal"},
		{name: "jobs list limit", got: rawCase("GET", "/api/2.2/jobs/list?limit=101", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "limit must be between 1 and 100 (is 101)",
			guess: true, source: "no public quote found; the bound is ListJobsRequest.Limit's doc"},
		{name: "warehouse config by a user", got: asLimited("PUT", "/api/2.0/sql/config/warehouses", "{}"),
			status: http.StatusForbidden, code: "PERMISSION_DENIED", msg: "Only workspace admins can change the SQL warehouse configuration.",
			guess: true, source: "no public quote found"},
		{name: "dbfs path missing", got: rawCase("GET", "/api/2.0/dbfs/get-status?path=/nothing", ""),
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "No file or directory exists on path /nothing.",
			source: "mlrun/mlrun tests/system/datastore/test_dbfs.py (a system test against a workspace: `No file or directory exists on path {path}.` after a delete)"},
		{name: "workspace import too large", got: rawCase("POST", "/api/2.0/workspace/import",
			`{"path":"/Shared/big","format":"SOURCE","language":"PYTHON","content":"`+base64.StdEncoding.EncodeToString(make([]byte, 10<<20+1))+`"}`),
			status: http.StatusBadRequest, code: "MAX_NOTEBOOK_SIZE_EXCEEDED", msg: "File size imported is (10485761 bytes), exceeded max size (10485760 bytes)",
			source: "https://github.com/databricks/terraform-provider-databricks/issues/4077 (`File size imported is (11396743 bytes), exceeded max size (10485760 bytes)`; the error code is a guess)"},
		{name: "unknown statement", got: rawCase("GET", "/api/2.0/sql/statements/01ef-none", ""),
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "Statement 01ef-none does not exist.",
			guess: true, source: "no public quote found"},
		{name: "warehouse without a name", got: rawCase("POST", "/api/2.0/sql/warehouses", `{"cluster_size":"Small"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Warehouse name is required.",
			guess: true, source: "no public quote found"},
		{name: "unknown SCIM user", got: rawCase("GET", "/api/2.0/preview/scim/v2/Users/404", ""),
			status: http.StatusNotFound, code: "NOT_FOUND", msg: "User with id 404 not found.",
			guess: true, source: "no public quote found"},
	}
	rows = append(rows, more...)
	guesses := 0
	for _, r := range rows {
		if r.guess {
			guesses++
		}
	}
	t.Logf("%d messages: %d quoted in public, %d guesses", len(rows), len(rows)-guesses, guesses)
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			if !r.guess {
				require.NotEmpty(t, r.source, "a sourced message names its source")
			}
			require.NotEmpty(t, r.source, "a guess says why it reads as it does")
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

// nodeTypeList is the workspace's node types as the unknown-node-type
// message lists them.
func nodeTypeList(t *testing.T, ctx context.Context, w *workspaceapi.Client) string {
	t.Helper()
	nts, err := w.Clusters.ListNodeTypes(ctx)
	require.NoError(t, err)
	ids := make([]string, len(nts.NodeTypes))
	for i, nt := range nts.NodeTypes {
		ids[i] = nt.NodeTypeId
	}
	return strings.Join(ids, ", ")
}
