package demo

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// clusterMessages: what the Clusters API says when a read, create, edit, update, owner
// change or events list is refused.
// The rows are messageSource; TestMessageSources runs them.
func clusterMessages(f *messageFixtures) []messageSource {
	sparkVersion, nodeType, clusterID, rawCase := f.sparkVersion, f.nodeType, f.clusterID, f.rawCase
	t, ctx, w, pool, asLimited, live := f.t, f.ctx, f.w, f.pool, f.asLimited, f.live
	return []messageSource{
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
		{name: "editing a job cluster",
			got: func(*testing.T, context.Context, *workspaceapi.Client) error {
				return editable(&cluster{d: compute.ClusterDetails{ClusterId: "0101-000000-job00000", ClusterSource: compute.ClusterSourceJob}})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Cannot edit cluster 0101-000000-job00000 created by JobLauncher",
			source: "https://github.com/databricks/databricks-cli/issues/458 (`Cannot edit cluster xxxxxxx created by JobLauncher`)"},
		{name: "cluster name too long", got: rawCase("POST", "/api/2.1/clusters/create",
			`{"cluster_name":"`+strings.Repeat("x", 101)+`","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","num_workers":1}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Cluster name must be at most 100 characters (is 101).",
			guess: true, source: "no public quote found"},
		{name: "auto-termination out of range", got: rawCase("POST", "/api/2.1/clusters/create",
			`{"cluster_name":"a","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","num_workers":1,"autotermination_minutes":5}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Auto-termination minutes must be 0 (disabled) or between 10 and 10000 (is 5).",
			guess: true, source: "no public quote found; the bounds are the API reference's"},
		{name: "cluster: owner changed by a user", got: asLimited("POST", "/api/2.1/clusters/change-owner", `{"cluster_id":"`+clusterID+`","owner_username":"`+limitedUserName+`"}`),
			status: http.StatusForbidden, code: "PERMISSION_DENIED", msg: "Only workspace admins can change the owner of a cluster.",
			guess: true, source: "no public quote found"},
		{name: "cluster: update without a mask", got: rawCase("POST", "/api/2.1/clusters/update", `{"cluster_id":"`+clusterID+`"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Missing required field: update_mask",
			guess: true, source: "the clusters/get form of the demo (`Missing required field: cluster_id`), itself a guess"},
		{name: "cluster: a node type with a pool", got: rawCase("POST", "/api/2.1/clusters/create",
			`{"cluster_name":"p","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","instance_pool_id":"`+pool.InstancePoolId+`","num_workers":1}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "The field 'node_type_id' cannot be supplied when an instance pool ID is provided.",
			source: "https://github.com/databricks/terraform-provider-databricks/issues/2141 (`cannot update job: The field 'node_type_id' cannot be supplied when an instance pool ID is provided.`); https://github.com/Nike-Inc/brickflow/issues/43 (the same on job create); both a job's new_cluster, the code not quoted"},
		{name: "cluster: negative workers", got: rawCase("POST", "/api/2.1/clusters/create",
			`{"cluster_name":"n","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","num_workers":-1}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "num_workers must be non-negative (is -1).",
			guess: true, source: "no public quote found"},
		{name: "cluster: autoscale upside down", got: rawCase("POST", "/api/2.1/clusters/create",
			`{"cluster_name":"a","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","autoscale":{"min_workers":4,"max_workers":2}}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Invalid autoscale configuration: min_workers 4, max_workers 2.",
			guess: true, source: "no public quote found"},
		{name: "cluster: update_mask naming no field", got: rawCase("POST", "/api/2.1/clusters/update",
			`{"cluster_id":"`+clusterID+`","update_mask":"colour","cluster":{}}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid update_mask: "colour" is not a field of the cluster that can be updated.`,
			guess: true, source: "no public quote found"},
		{name: "cluster events: limit too large", got: rawCase("POST", "/api/2.1/clusters/events", `{"cluster_id":"`+clusterID+`","limit":1000}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: fmt.Sprintf("limit must be at most %d (is 1000)", eventsMaxLimit),
			guess: true, source: "no public quote found; the bound is the API reference's"},
		{name: "cluster events: negative offset", got: rawCase("POST", "/api/2.1/clusters/events", `{"cluster_id":"`+clusterID+`","offset":-1}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "offset must be non-negative (is -1)",
			guess: true, source: "no public quote found"},
		{name: "cluster: missing runtime", got: rawCase("POST", "/api/2.1/clusters/create",
			`{"cluster_name":"s","node_type_id":"Standard_DS3_v2","num_workers":1}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Missing required field 'spark_version'",
			guess: true, source: "no public quote for spark_version; the form clusters/create uses for node_type_id (tf-provider#2521)"},
		{name: "cluster: a driver node type with a driver pool", got: rawCase("POST", "/api/2.1/clusters/create",
			`{"cluster_name":"d","spark_version":"16.4.x-scala2.12","instance_pool_id":"`+pool.InstancePoolId+`","driver_instance_pool_id":"`+pool.InstancePoolId+`","driver_node_type_id":"Standard_DS4_v2","num_workers":1}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "The field 'driver_node_type_id' cannot be supplied when a driver instance pool ID is provided.",
			guess: true, source: "no public quote found; patterned on the node_type_id form (tf-provider#2141)"},
		{name: "cluster: a GPU runtime on a node without GPU", got: rawCase("POST", "/api/2.1/clusters/create",
			`{"cluster_name":"g","spark_version":"16.4.x-gpu-ml-scala2.12","node_type_id":"Standard_DS3_v2","num_workers":1}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "The GPU runtime 16.4.x-gpu-ml-scala2.12 requires a GPU node type; Standard_DS3_v2 has no GPU.",
			guess: true, source: "no API quote found; the create page's own words (`This node type is not compatible with selected runtime.`, databrickslabs/dolly#9) are the UI's"},
		{name: "cluster: list page token expired", got: rawCase("GET", "/api/2.1/clusters/list?page_token="+snapshotToken(999999, 0), ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "The page token has expired: list the clusters again from the first page.",
			guess: true, source: "no public quote found; the demo keeps a listing's snapshot for a while, the service's token lifetime is not documented"},
		{name: "cluster: reading a cluster one may not see", got: asLimited("GET", "/api/2.1/clusters/get?cluster_id="+clusterID, ""),
			status: http.StatusForbidden, code: "PERMISSION_DENIED", msg: "User " + limitedUserName + " does not have permission to view cluster " + clusterID + ".",
			guess: true, source: "no public quote found; follows the restart refusal's form"},
		{name: "cluster: resize without a size", got: live.rawLive("POST", "/api/2.1/clusters/resize", `{"cluster_id":"`+live.runningID+`"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Either num_workers or autoscale must be provided.",
			guess: true, source: "no public quote found; the API reference says one of the two is needed"},
		{name: "cluster: owner that is no user", got: live.rawLive("POST", "/api/2.1/clusters/change-owner", `{"cluster_id":"`+live.terminatedID+`","owner_username":"ghost@example.com"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "User ghost@example.com does not exist in this workspace.",
			guess: true, source: "no public quote found"},
	}
}
