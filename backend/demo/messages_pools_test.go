package demo

import (
	"context"
	"net/http"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// poolMessages: what the Instance Pools API refuses.
// The rows are messageSource; TestMessageSources runs them.
func poolMessages(f *messageFixtures) []messageSource {
	rawCase, asLimited, pool := f.rawCase, f.asLimited, f.pool
	t, ctx, w := f.t, f.ctx, f.w
	gone, err := w.InstancePools.Create(ctx, compute.CreateInstancePool{InstancePoolName: "Gone pool", NodeTypeId: f.nodeType})
	require.NoError(t, err)
	require.NoError(t, w.InstancePools.DeleteByInstancePoolId(ctx, gone.InstancePoolId))
	return []messageSource{
		{name: "unknown node type for a pool",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.InstancePools.Create(ctx, compute.CreateInstancePool{InstancePoolName: "p", NodeTypeId: "m4.large"})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Node type m4.large is not supported. Supported node types: " + nodeTypeList(t, ctx, w),
			guess: true, source: "the clusters' wording (tf-provider#220); no quote from instance-pools/create found"},
		{name: "unknown pool",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.InstancePools.GetByInstancePoolId(ctx, "0000-000000-pool0")
				return err
			},
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "Can't find an instance pool with id: 0000-000000-pool0.",
			source: "terraform-provider-databricks databricks/resource_databricks_instance_pool.go (commit c919ccf), isInstancePoolMissing: RESOURCE_DOES_NOT_EXIST and `Can't find an instance pool with id: %s`"},
		{name: "pool name taken", got: rawCase("POST", "/api/2.0/instance-pools/create", `{"instance_pool_name":"Taken pool","node_type_id":"Standard_DS3_v2"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `An instance pool named "Taken pool" already exists (` + pool.InstancePoolId + `).`,
			guess: true, source: "no public quote found"},
		{name: "pool sizes", got: rawCase("POST", "/api/2.0/instance-pools/edit",
			`{"instance_pool_id":"`+pool.InstancePoolId+`","instance_pool_name":"Taken pool","node_type_id":"Standard_DS3_v2","min_idle_instances":3,"max_capacity":2}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "max_capacity (2) must be at least min_idle_instances (3).",
			guess: true, source: "no public quote found"},
		{name: "pool: no name", got: rawCase("POST", "/api/2.0/instance-pools/create", `{"node_type_id":"Standard_DS3_v2"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "instance_pool_name must be non-empty and less than 100 characters.",
			guess: true, source: "no public quote found"},
		{name: "pool: node type changed", got: rawCase("POST", "/api/2.0/instance-pools/edit",
			`{"instance_pool_id":"`+pool.InstancePoolId+`","instance_pool_name":"Taken pool","node_type_id":"Standard_DS4_v2"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   `node_type_id must match the pool's node type Standard_DS3_v2 (is "Standard_DS4_v2"); it cannot be changed after creation.`,
			guess: true, source: "no public quote found"},
		{name: "pool: create without the entitlement", got: asLimited("POST", "/api/2.0/instance-pools/create", `{"instance_pool_name":"p","node_type_id":"Standard_DS3_v2"}`),
			status: http.StatusForbidden, code: "PERMISSION_DENIED", msg: "You are not authorized to create instance pools. Please contact your administrator.",
			guess: true, source: "no public quote found; follows the clusters' refusal"},
		{name: "pool: negative idle instances", got: rawCase("POST", "/api/2.0/instance-pools/create",
			`{"instance_pool_name":"neg","node_type_id":"Standard_DS3_v2","min_idle_instances":-1}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "min_idle_instances must be non-negative (is -1).",
			guess: true, source: "no public quote found"},
		{name: "pool: idle termination out of range", got: rawCase("POST", "/api/2.0/instance-pools/create",
			`{"instance_pool_name":"idle","node_type_id":"Standard_DS3_v2","idle_instance_autotermination_minutes":20000}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "idle_instance_autotermination_minutes must be between 0 and 10000 (is 20000).",
			guess: true, source: "no public quote found"},
		{name: "pool: edit of a deleted pool", got: rawCase("POST", "/api/2.0/instance-pools/edit",
			`{"instance_pool_id":"`+gone.InstancePoolId+`","instance_pool_name":"Gone pool","node_type_id":"Standard_DS3_v2"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Instance pool " + gone.InstancePoolId + " has been deleted.",
			guess: true, source: "no public quote found; databricks/databricks-cli#250 says a deleted pool's get answers 404 RESOURCE_DOES_NOT_EXIST `Can't find an instance pool with id: …`, which may be what edit answers too"},
		{name: "pool: custom tags changed", got: rawCase("POST", "/api/2.0/instance-pools/edit",
			`{"instance_pool_id":"`+pool.InstancePoolId+`","instance_pool_name":"Taken pool","node_type_id":"Standard_DS3_v2","custom_tags":{"team":"x"}}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   "custom_tags cannot be changed after creation. Editable fields: instance_pool_name, min_idle_instances, max_capacity, idle_instance_autotermination_minutes.",
			guess: true, source: "no public quote found; the editable fields are the API reference's"},
	}
}
