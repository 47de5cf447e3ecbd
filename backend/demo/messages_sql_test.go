package demo

import (
	"context"
	"net/http"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/sql"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// sqlMessages: what the SQL Warehouses and Statement Execution APIs refuse.
// The rows are messageSource; TestMessageSources runs them.
func sqlMessages(f *messageFixtures) []messageSource {
	rawCase, asLimited := f.rawCase, f.asLimited
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
	}
}
