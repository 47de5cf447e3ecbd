package demo

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// sqlMessages: what the SQL Warehouses, Statement Execution and Query History APIs refuse.
// The rows are messageSource; TestMessageSources runs them.
func sqlMessages(f *messageFixtures) []messageSource {
	rawCase, asLimited, warehouseID, live := f.rawCase, f.asLimited, f.warehouseID, f.live
	t, ctx, w := f.t, f.ctx, f.w
	pending, err := w.StatementExecution.ExecuteStatement(ctx, sql.ExecuteStatementRequest{WarehouseId: warehouseID, Statement: "SELECT 1", WaitTimeout: "0s"})
	require.NoError(t, err)
	going, err := w.Warehouses.Create(ctx, sql.CreateWarehouseRequest{Name: "Going", ClusterSize: "Small", MaxNumClusters: 1})
	require.NoError(t, err)
	require.NoError(t, w.Warehouses.DeleteById(ctx, going.Id))
	const day = int64(24 * time.Hour / time.Millisecond)
	newWarehouse := func(fields string) func(*testing.T, context.Context, *workspaceapi.Client) error {
		return rawCase("POST", "/api/2.0/sql/warehouses", `{"name":"n","cluster_size":"Small","max_num_clusters":1,`+fields+`}`)
	}
	return []messageSource{
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
		{name: "unknown warehouse",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.Warehouses.Get(ctx, sql.GetWarehouseRequest{Id: "0000000000000000"})
				return err
			},
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "SQL warehouse 0000000000000000 does not exist.",
			guess: true, source: "no public quote found"},
		{name: "unknown statement", got: rawCase("GET", "/api/2.0/sql/statements/01ef-none", ""),
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "Statement 01ef-none does not exist.",
			guess: true, source: "no public quote found"},
		{name: "warehouse without a name", got: rawCase("POST", "/api/2.0/sql/warehouses", `{"cluster_size":"Small"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Warehouse name is required.",
			guess: true, source: "no public quote found"},
		{name: "warehouse config by a user", got: asLimited("PUT", "/api/2.0/sql/config/warehouses", "{}"),
			status: http.StatusForbidden, code: "PERMISSION_DENIED", msg: "Only workspace admins can change the SQL warehouse configuration.",
			guess: true, source: "no public quote found"},
		{name: "warehouse: serverless on a classic warehouse", got: newWarehouse(`"warehouse_type":"CLASSIC","enable_serverless_compute":true`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Invalid warehouseType: Serverless is only available for PRO warehouses.",
			source: "https://github.com/databricks/terraform-provider-databricks/issues/1765 (`cannot create sql endpoint: Invalid warehouseType: Serverless is only available for PRO warehouses.`; the code is not quoted)"},
		{name: "warehouse: auto stop under 10 minutes", got: newWarehouse(`"warehouse_type":"PRO","enable_serverless_compute":false,"auto_stop_mins":5`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "5 is not a valid value for auto_stop_mins. The value must be greater than or equal to 10.",
			source: "https://github.com/databricks/terraform-provider-databricks/issues/4131 (`1 is not a valid value for auto_stop_mins. The value must be greater than or equal to 10.`, a pro warehouse turned from serverless; the code is not quoted)"},
		{name: "warehouse: negative auto stop", got: newWarehouse(`"auto_stop_mins":-1`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "auto_stop_mins must be 0 (no auto stop) or a positive number of minutes (is -1).",
			guess: true, source: "no public quote found; tf-provider#4131 quotes only the under-10 case"},
		{name: "warehouse: name too long", got: rawCase("POST", "/api/2.0/sql/warehouses", `{"name":"`+strings.Repeat("n", 100)+`","cluster_size":"Small"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Warehouse name must be less than 100 characters.",
			guess: true, source: "no public quote found; the bound is the API reference's"},
		{name: "warehouse: unknown size", got: rawCase("POST", "/api/2.0/sql/warehouses", `{"name":"n","cluster_size":"Huge"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid cluster_size "Huge". Supported values: ` + strings.Join(warehouseSizes, ", ") + ".",
			guess: true, source: "no public quote found; the sizes are the API reference's"},
		{name: "warehouse: min above max", got: rawCase("POST", "/api/2.0/sql/warehouses", `{"name":"n","cluster_size":"Small","min_num_clusters":3,"max_num_clusters":2}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "max_num_clusters (2) must be greater than or equal to min_num_clusters (3).",
			guess: true, source: "no public quote found"},
		{name: "warehouse: unknown type", got: newWarehouse(`"warehouse_type":"SERVERLESS"`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid warehouse_type "SERVERLESS". Supported values: CLASSIC, PRO.`,
			guess: true, source: "no public quote found; the tf-provider#1765 quote spells the field warehouseType only when it speaks of serverless"},
		{name: "warehouse: unknown spot policy", got: newWarehouse(`"spot_instance_policy":"CHEAP"`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid spot_instance_policy "CHEAP". Supported values: COST_OPTIMIZED, RELIABILITY_OPTIMIZED.`,
			guess: true, source: "no public quote found"},
		{name: "warehouse: create without the entitlement", got: asLimited("POST", "/api/2.0/sql/warehouses", `{"name":"n","cluster_size":"Small"}`),
			status: http.StatusForbidden, code: "PERMISSION_DENIED", msg: "User " + limitedUserName + " is not allowed to create SQL warehouses.",
			guess: true, source: "no public quote found"},
		{name: "statement: wait_timeout out of range",
			got: func(*testing.T, context.Context, *workspaceapi.Client) error { // worded by a function, deep in the handler
				_, err := parseWaitTimeout("60s")
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `wait_timeout must be 0s or from 5s to 50s, not "60s".`,
			guess: true, source: "no public quote found; the bounds are the API reference's"},
		{name: "statement: unknown on_wait_timeout", got: rawCase("POST", "/api/2.0/sql/statements", `{"warehouse_id":"`+warehouseID+`","statement":"SELECT 1","on_wait_timeout":"WAIT"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `on_wait_timeout must be CONTINUE or CANCEL, not "WAIT".`,
			guess: true, source: "no public quote found"},
		{name: "statement: a format the demo does not serve", got: rawCase("POST", "/api/2.0/sql/statements", `{"warehouse_id":"`+warehouseID+`","statement":"SELECT 1","format":"ARROW_STREAM"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "The demo workspace returns results INLINE in JSON_ARRAY format only.",
			guess: true, source: "the demo's own limit, which the service does not have"},
		{name: "statement: unknown warehouse", got: rawCase("POST", "/api/2.0/sql/statements", `{"warehouse_id":"0000000000000000","statement":"SELECT 1"}`),
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "SQL warehouse 0000000000000000 does not exist.",
			guess: true, source: "no public quote found; the warehouses/get wording"},
		{name: "history: max_results too large", got: rawCase("GET", "/api/2.0/sql/history/queries?max_results=5000", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: fmt.Sprintf("max_results must be between 1 and %d, not 5000.", historyMaxPage),
			guess: true, source: "no public quote found; the bound is the API reference's"},
		{name: "history: max_results not a number", got: rawCase("GET", "/api/2.0/sql/history/queries?max_results=many", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid value for parameter max_results: "many"`,
			guess: true, source: "no public quote found"},
		{name: "history: unknown filter field", got: rawCase("GET", "/api/2.0/sql/history/queries?filter_by.colour=red", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Unknown filter field filter_by.colour.",
			guess: true, source: "no public quote found"},
		{name: "history: unknown status", got: rawCase("GET", "/api/2.0/sql/history/queries?filter_by.statuses=DONE", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid status "DONE": expected one of QUEUED, RUNNING, CANCELED, FAILED, FINISHED.`,
			guess: true, source: "no public quote found"},
		{name: "history: page token", got: rawCase("GET", "/api/2.0/sql/history/queries?page_token=zzz", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid page token: "zzz"`,
			guess: true, source: "no public quote found; the one public page-token refusal found (`When providing a page token and a filter, the filter must match the filter represented by the page token.`, databricks-sdk-go#875, pipelines) is another case"},
		{name: "warehouse: no size", got: rawCase("POST", "/api/2.0/sql/warehouses", `{"name":"n"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "cluster_size is required. Supported values: " + strings.Join(warehouseSizes, ", ") + ".",
			guess: true, source: "no public quote found"},
		{name: "warehouse: too many clusters", got: newWarehouse(`"max_num_clusters":41`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: fmt.Sprintf("max_num_clusters must be at most %d (is 41).", maxWarehouseClusters),
			guess: true, source: "no public quote found; the bound is the API reference's (tf-provider#5351 raised it to 40)"},
		{name: "warehouse: unknown channel", got: newWarehouse(`"channel":{"name":"CHANNEL_NAME_NIGHTLY"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   `Invalid channel name "CHANNEL_NAME_NIGHTLY". Supported values: CHANNEL_NAME_CURRENT, CHANNEL_NAME_PREVIEW, CHANNEL_NAME_PREVIOUS.`,
			guess: true, source: "no public quote found"},
		{name: "warehouse: empty tag key", got: newWarehouse(`"tags":{"custom_tags":[{"key":" ","value":"v"}]}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Custom tag keys must not be empty.",
			guess: true, source: "no public quote found"},
		{name: "warehouse: too many tags", got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
			tags := make([]string, maxWarehouseTags)
			for i := range tags {
				tags[i] = fmt.Sprintf(`{"key":"k%d","value":"v"}`, i)
			}
			return newWarehouse(`"tags":{"custom_tags":[`+strings.Join(tags, ",")+`]}`)(t, ctx, w)
		},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: fmt.Sprintf("A warehouse takes fewer than %d custom tags (has %d).", maxWarehouseTags, maxWarehouseTags),
			guess: true, source: "no public quote found; the bound is the API reference's"},
		{name: "history: include_metrics not a boolean", got: rawCase("GET", "/api/2.0/sql/history/queries?include_metrics=maybe", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid value for parameter include_metrics: "maybe"`,
			guess: true, source: "no public quote found"},
		{name: "history: user id not a number", got: rawCase("GET", "/api/2.0/sql/history/queries?filter_by.user_ids=me", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid value for parameter filter_by.user_ids: "me"`,
			guess: true, source: "no public quote found"},
		{name: "history: time range upside down", got: rawCase("GET",
			"/api/2.0/sql/history/queries?filter_by.query_start_time_range.start_time_ms=2000&filter_by.query_start_time_range.end_time_ms=1000", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "query_start_time_range: end_time_ms must not be before start_time_ms.",
			guess: true, source: "no public quote found"},
		{name: "history: a time range over 30 days", got: rawCase("GET", fmt.Sprintf(
			"/api/2.0/sql/history/queries?filter_by.query_start_time_range.start_time_ms=%d&filter_by.query_start_time_range.end_time_ms=%d", day, 32*day), ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "query_start_time_range must be at most 30 days.",
			guess: true, source: "no public quote found; the bound is QueryFilter.query_start_time_range's doc in databricks-sdk-go service/sql/model.go (`must be less than or equal to 30 days`)"},
		{name: "statement: a chunk past the last", got: live.rawLive("GET", "/api/2.0/sql/statements/"+live.doneStatementID+"/result/chunks/7", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Invalid chunk index 7.",
			guess: true, source: "no public quote found"},
		{name: "statement: a chunk of a statement still pending", got: rawCase("GET", "/api/2.0/sql/statements/"+pending.StatementId+"/result/chunks/0", ""),
			status: http.StatusBadRequest, code: "INVALID_STATE", msg: "Statement " + pending.StatementId + " is PENDING: it has no result.",
			guess: true, source: "no public quote found"},
		{name: "statement: a warehouse being deleted", got: rawCase("POST", "/api/2.0/sql/statements", `{"warehouse_id":"`+going.Id+`","statement":"SELECT 1"}`),
			status: http.StatusBadRequest, code: "INVALID_STATE", msg: "SQL warehouse " + going.Id + " is being deleted.",
			guess: true, source: "no public quote found"},
		{name: "warehouse: no minimum of clusters", got: newWarehouse(`"min_num_clusters":-1`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "min_num_clusters must be greater than 0 (is -1).",
			guess: true, source: "no public quote found"},
		{name: "warehouse: too many minimum clusters", got: newWarehouse(`"min_num_clusters":31,"max_num_clusters":40`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: fmt.Sprintf("min_num_clusters must be at most %d (is 31).", maxWarehouseMinClusters),
			guess: true, source: "no public quote found; the bound is the API reference's"},
	}
}
