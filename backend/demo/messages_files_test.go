package demo

import (
	"context"
	"encoding/base64"
	"net/http"
	"testing"

	sdkworkspace "github.com/databricks/databricks-sdk-go/service/workspace"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// fileMessages: unknown workspace paths and DBFS files, and an import too large.
// The rows are messageSource; TestMessageSources runs them.
func fileMessages(f *messageFixtures) []messageSource {
	rawCase := f.rawCase
	return []messageSource{
		{name: "unknown workspace path",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.Workspace.GetStatus(ctx, sdkworkspace.GetStatusRequest{Path: "/Users/nobody@example.com"})
				return err
			},
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "Path (/Users/nobody@example.com) doesn't exist.",
			source: "https://github.com/databrickslabs/migrate/issues/10 (`Path (/Users/bert@smert.in) doesn't exist.`)"},
		{name: "dbfs path missing", got: rawCase("GET", "/api/2.0/dbfs/get-status?path=/nothing", ""),
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "No file or directory exists on path /nothing.",
			source: "mlrun/mlrun tests/system/datastore/test_dbfs.py (a system test against a workspace: `No file or directory exists on path {path}.` after a delete)"},
		{name: "workspace import too large", got: rawCase("POST", "/api/2.0/workspace/import",
			`{"path":"/Shared/big","format":"SOURCE","language":"PYTHON","content":"`+base64.StdEncoding.EncodeToString(make([]byte, 10<<20+1))+`"}`),
			status: http.StatusBadRequest, code: "MAX_NOTEBOOK_SIZE_EXCEEDED", msg: "File size imported is (10485761 bytes), exceeded max size (10485760 bytes)",
			source: "https://github.com/databricks/terraform-provider-databricks/issues/4077 (`File size imported is (11396743 bytes), exceeded max size (10485760 bytes)`; the error code is a guess)"},
	}
}
