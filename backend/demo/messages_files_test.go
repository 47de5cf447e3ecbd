package demo

import (
	"context"
	"encoding/base64"
	"errors"
	"math/rand/v2"
	"net/http"
	"testing"

	"github.com/databricks/databricks-sdk-go/apierr"
	sdkworkspace "github.com/databricks/databricks-sdk-go/service/workspace"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// fileMessages: what the Workspace API refuses (paths, folders, notebook imports and
// exports, who may write where), and unknown DBFS and Files API paths.
// The rows are messageSource; TestMessageSources runs them.
func fileMessages(f *messageFixtures) []messageSource {
	rawCase, asLimited := f.rawCase, f.asLimited
	t, ctx, w, live := f.t, f.ctx, f.w, f.live
	for _, p := range []string{"/Shared/full", "/Shared/full/inside", "/Shared/large"} {
		require.NoError(t, w.Workspace.MkdirsByPath(ctx, p))
	}
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	require.NoError(t, w.Workspace.Import(ctx, sdkworkspace.Import{Path: "/Shared/nb", Format: sdkworkspace.ImportFormatSource,
		Language: sdkworkspace.LanguagePython, Content: b64("1")}))
	require.NoError(t, w.Workspace.Import(ctx, sdkworkspace.Import{Path: "/Shared/scala", Format: sdkworkspace.ImportFormatSource,
		Language: sdkworkspace.LanguageScala, Content: b64("1")}))
	require.NoError(t, w.Workspace.Import(ctx, sdkworkspace.Import{Path: "/Shared/notes.txt", Format: sdkworkspace.ImportFormatRaw, Content: b64("1")}))
	dbfsReadCode := "the code is the one databricks-sdk-go service/files/api.go (DbfsAPI.Read's doc) names for this case; no public quote of the words"
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
		{name: "workspace: folder not empty", got: rawCase("POST", "/api/2.0/workspace/delete", `{"path":"/Shared/full"}`),
			status: http.StatusBadRequest, code: "DIRECTORY_NOT_EMPTY", msg: "Folder (/Shared/full) is not empty",
			source: "https://github.com/databricks/terraform-provider-databricks/issues/2553 (`cannot delete directory: Folder (/Users/<user>/<folder>) is not empty`); the 400 DIRECTORY_NOT_EMPTY is what databricks/cli libs/filer/workspace_files_client.go (Delete) reads"},
		{name: "workspace: mkdirs through a notebook", got: rawCase("POST", "/api/2.0/workspace/mkdirs", `{"path":"/Shared/nb/sub"}`),
			status: http.StatusBadRequest, code: "RESOURCE_ALREADY_EXISTS", msg: "/Shared/nb already exists and it is not a folder",
			source: "https://github.com/databrickslabs/dbx/issues/613 (workspace/mkdirs: 400 `'error_code': 'RESOURCE_ALREADY_EXISTS', 'message': 'usecase_namealready exists and it is not a folder'`; the name is redacted there, so which path the demo names is a guess)"},
		{name: "workspace: import over a notebook", got: rawCase("POST", "/api/2.0/workspace/import",
			`{"path":"/Shared/nb","format":"SOURCE","language":"PYTHON","content":"`+b64("2")+`"}`),
			status: http.StatusBadRequest, code: "RESOURCE_ALREADY_EXISTS", msg: "Path (/Shared/nb) already exists.",
			source: "databricks/cli libs/filer/workspace_files_client.go (Write: a 400 matching `Path \\((.*)\\) already exists.` for an existing notebook); https://github.com/databricks/cli/issues/3386 (400 RESOURCE_ALREADY_EXISTS from workspace/import)"},
		{name: "workspace: import into a missing folder", got: rawCase("POST", "/api/2.0/workspace/import",
			`{"path":"/Shared/none/nb","format":"SOURCE","language":"PYTHON","content":"`+b64("1")+`"}`),
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "The parent folder (/Shared/none) does not exist.",
			guess: true, source: "no public quote found; the 404 is what databricks/cli's filer expects of a missing parent"},
		{name: "workspace: a relative path", got: rawCase("GET", "/api/2.0/workspace/get-status?path=Shared", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Path (Shared) is not absolute.",
			guess: true, source: "no public quote found"},
		{name: "workspace: SOURCE import without a language", got: rawCase("POST", "/api/2.0/workspace/import",
			`{"path":"/Shared/nolang","format":"SOURCE","content":"`+b64("1")+`"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "The language must be set to import /Shared/nolang as a notebook in SOURCE format.",
			guess: true, source: "no public quote found"},
		{name: "workspace: a system folder", got: rawCase("POST", "/api/2.0/workspace/delete", `{"path":"/Shared","recursive":true}`),
			status: http.StatusForbidden, code: "PERMISSION_DENIED", msg: "Folder /Shared is a system folder and cannot be deleted.",
			guess: true, source: "no public quote found"},
		{name: "dbfs: read of a missing path", got: rawCase("GET", "/api/2.0/dbfs/read?path=/nothing", ""),
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "No file or directory exists on path /nothing.",
			source: "mlrun/mlrun tests/system/datastore/test_dbfs.py (`No file or directory exists on path {path}.`, there after a delete)"},
		{name: "files: missing file", got: rawCase("GET", "/api/2.0/fs/files/Volumes/none/x.txt", ""),
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "The file /Volumes/none/x.txt does not exist.",
			guess: true, source: "no public quote found"},
		{name: "workspace: no path", got: rawCase("GET", "/api/2.0/workspace/get-status", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Path must be provided.",
			guess: true, source: "no public quote found"},
		{name: "workspace: a notebook exported as RAW", got: rawCase("GET", "/api/2.0/workspace/export?path=/Shared/nb&format=RAW", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "The demo workspace exports notebooks in SOURCE, AUTO and JUPYTER formats only, not RAW.",
			guess: true, source: "the demo's own limit (it keeps no HTML or DBC form)"},
		{name: "workspace: writing outside one's folders", got: asLimited("POST", "/api/2.0/workspace/mkdirs", `{"path":"`+demoHome+`/x"}`),
			status: http.StatusForbidden, code: "PERMISSION_DENIED",
			msg:   limitedUserName + " does not have Manage permissions on " + demoHome + "/x. Please contact the owner or an administrator for access.",
			guess: true, source: "the cluster form of the same refusal (itself after sbt-databricks#34's older words)"},
		{name: "workspace: a file over a file by import-file", got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
			put := rawCase("POST", "/api/2.0/workspace-files/import-file/Shared/twice.txt", "one")
			var ae *apierr.APIError
			require.True(t, errors.As(put(t, ctx, w), &ae))
			require.Equal(t, http.StatusOK, ae.StatusCode, "the first upload is made")
			return put(t, ctx, w)
		},
			status: http.StatusConflict, code: "RESOURCE_ALREADY_EXISTS", msg: "File already exists at (/Shared/twice.txt).",
			guess: true, source: "the 409 is what databricks/cli libs/filer/workspace_files_client.go (Write) reads for an existing file; no public quote of the words"},
		{name: "workspace: an unknown notebook language", got: rawCase("POST", "/api/2.0/workspace/import",
			`{"path":"/Shared/cobol","format":"SOURCE","language":"COBOL","content":"`+b64("1")+`"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid language "COBOL" for notebook /Shared/cobol.`,
			guess: true, source: "no public quote found"},
		{name: "workspace: an import format the demo does not take", got: rawCase("POST", "/api/2.0/workspace/import",
			`{"path":"/Shared/h","format":"HTML","content":"`+b64("1")+`"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "The demo workspace imports SOURCE, AUTO, RAW and JUPYTER formats only, not HTML.",
			guess: true, source: "the demo's own limit (it keeps no HTML or DBC form)"},
		{name: "workspace: a Jupyter import that is not a notebook", got: rawCase("POST", "/api/2.0/workspace/import",
			`{"path":"/Shared/j","format":"JUPYTER","content":"`+b64("not json")+`"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Invalid Jupyter notebook for /Shared/j: read .ipynb: invalid character 'o' in literal null (expecting 'u')",
			guess: true, source: "no public quote found; the parser's own words follow the colon"},
		{name: "workspace: a folder exported as RAW", got: rawCase("GET", "/api/2.0/workspace/export?path=/Shared/full&format=RAW", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "The demo workspace exports folders in SOURCE and AUTO formats only, not RAW.",
			guess: true, source: "the demo's own limit (no DBC archives)"},
		{name: "dbfs: read of a directory", got: live.rawLive("GET", "/api/2.0/dbfs/read?path=/cluster-logs", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Cannot read a directory: /cluster-logs",
			guess: true, source: dbfsReadCode},
		{name: "dbfs: negative offset", got: live.rawLive("GET", "/api/2.0/dbfs/read?path="+live.dbfsLog+"&offset=-1", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "offset and length must be non-negative.",
			guess: true, source: dbfsReadCode},
		{name: "dbfs: read over 1 MB", got: live.rawLive("GET", "/api/2.0/dbfs/read?path="+live.dbfsLog+"&length=2000000", ""),
			status: http.StatusBadRequest, code: "MAX_READ_SIZE_EXCEEDED", msg: "Cannot read more than 1 MB at a time.",
			guess: true, source: dbfsReadCode},
		{name: "files: a range past the end", got: func(t *testing.T, ctx context.Context, _ *workspaceapi.Client) error {
			return live.rawLiveRange(t, ctx, live.volumeLog, "bytes=999999999-")
		},
			status: http.StatusRequestedRangeNotSatisfiable, code: "INVALID_PARAMETER_VALUE", msg: "The requested range is not satisfiable for a file of " + live.volumeLogSize + " bytes.",
			guess: true, source: "no public quote found; the 416 is HTTP's answer to a range past the end (RFC 9110)"},
		{name: "files: missing directory", got: rawCase("GET", "/api/2.0/fs/directories/Volumes/none/dir", ""),
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "The directory /Volumes/none/dir does not exist.",
			guess: true, source: "no public quote found; the file form of the demo"},
		{name: "workspace: a file exported as JUPYTER", got: rawCase("GET", "/api/2.0/workspace/export?path=/Shared/notes.txt&format=JUPYTER", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "A workspace file exports in SOURCE, AUTO or RAW format, not JUPYTER.",
			guess: true, source: "no public quote found"},
		{name: "workspace: a Scala notebook exported as JUPYTER", got: rawCase("GET", "/api/2.0/workspace/export?path=/Shared/scala&format=JUPYTER", ""),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Only Python notebooks can be exported in JUPYTER format.",
			guess: true, source: "no public quote found"},
		{name: "workspace: a folder export over 10 MB",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				noise := make([]byte, 4<<20) // random, so the zip cannot shrink it; an AUTO export zips files too
				rnd := rand.New(rand.NewPCG(1, 2))
				for i := range noise {
					noise[i] = byte(rnd.Uint32())
				}
				for _, name := range []string{"a.bin", "b.bin", "c.bin"} {
					var ae *apierr.APIError
					require.True(t, errors.As(rawCase("POST", "/api/2.0/workspace-files/import-file/Shared/large/"+name, string(noise))(t, ctx, w), &ae))
					require.Equal(t, http.StatusOK, ae.StatusCode, "the file is uploaded")
				}
				return rawCase("GET", "/api/2.0/workspace/export?path=/Shared/large&format=AUTO", "")(t, ctx, w)
			},
			status: http.StatusBadRequest, code: "MAX_NOTEBOOK_SIZE_EXCEEDED", msg: "The export of /Shared/large is larger than 10485760 bytes.",
			guess: true, source: "no public quote found; the code and bound are the import's (tf-provider#4077)"},
	}
}
