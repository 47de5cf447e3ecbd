package demo

import (
	"context"
	"net/http"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// poolMessages: what the Instance Pools API refuses.
// The rows are messageSource; TestMessageSources runs them.
func poolMessages(f *messageFixtures) []messageSource {
	rawCase, pool := f.rawCase, f.pool
	t, ctx, w := f.t, f.ctx, f.w
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
	}
}
