package demo

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/databricks/databricks-sdk-go/apierr"
	wsapi "github.com/databricks/databricks-sdk-go/service/workspace"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Sources: the Workspace API reference
// (https://docs.databricks.com/api/workspace/workspace) and the SDK's
// service/workspace docs for the error codes; the Databricks CLI's filer
// (libs/filer/workspace_files_client.go) for the 404 wording and for
// "already exists." on an import over an existing object.

const demoHome = "/Users/" + adminUserName

func paths(objs []wsapi.ObjectInfo) []string {
	out := []string{}
	for _, o := range objs {
		out = append(out, o.Path)
	}
	return out
}

// A fresh workspace has /Users with a home per user and /Shared, and the
// notebooks the demo's runs name; /Workspace/... is the same object.
func TestWorkspaceSeededTree(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)

	root, err := w.Workspace.ListAll(ctx, wsapi.ListWorkspaceRequest{Path: "/"})
	require.NoError(t, err)
	// A workspace's root holds its three system folders.
	assert.Equal(t, []string{"/Repos", "/Shared", "/Users"}, paths(root))
	users, err := w.Workspace.ListAll(ctx, wsapi.ListWorkspaceRequest{Path: "/Users"})
	require.NoError(t, err)
	assert.Contains(t, paths(users), demoHome)
	assert.Contains(t, paths(users), "/Users/"+limitedUserName)
	for _, u := range users {
		assert.Equal(t, wsapi.ObjectTypeDirectory, u.ObjectType)
	}

	for _, p := range []string{"/Shared/etl/extract", "/Shared/etl/load", "/Shared/etl/long", "/Shared/checks/fail-on-nulls"} {
		nb, err := w.Workspace.GetStatusByPath(ctx, p)
		require.NoError(t, err, p)
		assert.Equal(t, wsapi.ObjectTypeNotebook, nb.ObjectType, p)
		assert.Equal(t, wsapi.LanguagePython, nb.Language, p)
		assert.Equal(t, fmt.Sprint(nb.ObjectId), nb.ResourceId, p)
		assert.Positive(t, nb.CreatedAt, p)
		assert.GreaterOrEqual(t, nb.ModifiedAt, nb.CreatedAt, p)
	}
	load, err := w.Workspace.GetStatusByPath(ctx, "/Shared/etl/load")
	require.NoError(t, err)
	mounted, err := w.Workspace.GetStatusByPath(ctx, "/Workspace/Shared/etl/load")
	require.NoError(t, err)
	assert.Equal(t, load.ObjectId, mounted.ObjectId)
	assert.Equal(t, "/Workspace/Shared/etl/load", mounted.Path, "answered in the caller's spelling")

	file, err := w.Workspace.GetStatusByPath(ctx, "/Shared/requirements.txt")
	require.NoError(t, err)
	assert.Equal(t, wsapi.ObjectTypeFile, file.ObjectType)
	assert.Empty(t, file.Language, "files have no language")
	assert.Positive(t, file.Size)

	// Object ids follow the seed: the same seed, the same ids.
	_, again := frozen(t, Options{Empty: true})
	same, err := again.Workspace.GetStatusByPath(ctx, "/Shared/etl/load")
	require.NoError(t, err)
	assert.Equal(t, load.ObjectId, same.ObjectId)
	_, other := frozen(t, Options{Empty: true, Seed: 7})
	diff, err := other.Workspace.GetStatusByPath(ctx, "/Shared/etl/load")
	require.NoError(t, err)
	assert.NotEqual(t, load.ObjectId, diff.ObjectId)
}

// Each route's errors carry the documented code (the SDK turns it into its
// sentinel) and the service's wording for a missing path.
func TestWorkspaceErrors(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	cases := []struct {
		name    string
		call    func() error
		want    error
		code    string
		message string
	}{
		{"get-status of a missing path", func() error { _, err := w.Workspace.GetStatusByPath(ctx, "/Shared/nope"); return err },
			apierr.ErrResourceDoesNotExist, "RESOURCE_DOES_NOT_EXIST", "Path (/Shared/nope) doesn't exist."},
		{"list of a missing path", func() error {
			_, err := w.Workspace.ListAll(ctx, wsapi.ListWorkspaceRequest{Path: "/Users/nobody@example.com"})
			return err
		}, apierr.ErrResourceDoesNotExist, "RESOURCE_DOES_NOT_EXIST", "Path (/Users/nobody@example.com) doesn't exist."},
		{"export of a missing path", func() error {
			_, err := w.Workspace.Export(ctx, wsapi.ExportRequest{Path: "/Shared/nope"})
			return err
		}, apierr.ErrResourceDoesNotExist, "RESOURCE_DOES_NOT_EXIST", "Path (/Shared/nope) doesn't exist."},
		{"delete of a missing path", func() error { return w.Workspace.Delete(ctx, wsapi.Delete{Path: "/Shared/nope"}) },
			apierr.ErrResourceDoesNotExist, "RESOURCE_DOES_NOT_EXIST", "Path (/Shared/nope) doesn't exist."},
		{"a relative path", func() error { _, err := w.Workspace.GetStatusByPath(ctx, "Shared/etl"); return err },
			apierr.ErrInvalidParameterValue, "INVALID_PARAMETER_VALUE", ""},
		{"mkdirs through a notebook", func() error { return w.Workspace.MkdirsByPath(ctx, "/Shared/etl/load/sub") },
			apierr.ErrResourceAlreadyExists, "RESOURCE_ALREADY_EXISTS", ""},
		{"import over an existing notebook", func() error {
			return w.Workspace.Import(ctx, wsapi.Import{Path: "/Shared/etl/load", Format: wsapi.ImportFormatSource, Language: wsapi.LanguagePython, Content: b64("1")})
		}, apierr.ErrResourceAlreadyExists, "RESOURCE_ALREADY_EXISTS", "Path (/Shared/etl/load) already exists."},
		{"import over a folder, even with overwrite", func() error {
			return w.Workspace.Import(ctx, wsapi.Import{Path: "/Shared/etl", Format: wsapi.ImportFormatSource, Language: wsapi.LanguagePython, Content: b64("1"), Overwrite: true})
		}, apierr.ErrResourceAlreadyExists, "RESOURCE_ALREADY_EXISTS", "Path (/Shared/etl) already exists."},
		{"import into a missing folder", func() error {
			return w.Workspace.Import(ctx, wsapi.Import{Path: "/Shared/new/nb", Format: wsapi.ImportFormatSource, Language: wsapi.LanguagePython, Content: b64("1")})
		}, apierr.ErrResourceDoesNotExist, "RESOURCE_DOES_NOT_EXIST", "The parent folder (/Shared/new) does not exist."},
		{"import SOURCE without a language", func() error {
			return w.Workspace.Import(ctx, wsapi.Import{Path: "/Shared/nb", Format: wsapi.ImportFormatSource, Content: b64("1")})
		}, apierr.ErrInvalidParameterValue, "INVALID_PARAMETER_VALUE", ""},
		{"import content that is not base64", func() error {
			return w.Workspace.Import(ctx, wsapi.Import{Path: "/Shared/nb", Format: wsapi.ImportFormatRaw, Content: "%%%"})
		}, nil, "MALFORMED_REQUEST", ""},
		{"import over 10 MB", func() error {
			return w.Workspace.Import(ctx, wsapi.Import{Path: "/Shared/big.bin", Format: wsapi.ImportFormatRaw, Content: base64.StdEncoding.EncodeToString(make([]byte, 10<<20+1))})
		}, nil, "MAX_NOTEBOOK_SIZE_EXCEEDED", ""},
		{"delete a non-empty folder without recursive", func() error { return w.Workspace.Delete(ctx, wsapi.Delete{Path: "/Shared/etl"}) },
			nil, "DIRECTORY_NOT_EMPTY", ""},
		{"delete a system folder", func() error { return w.Workspace.Delete(ctx, wsapi.Delete{Path: "/Shared", Recursive: true}) },
			apierr.ErrPermissionDenied, "PERMISSION_DENIED", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.call()
			require.Error(t, err)
			if tc.want != nil {
				assert.ErrorIs(t, err, tc.want)
			}
			var ae *apierr.APIError
			require.True(t, errors.As(err, &ae), "%v", err)
			assert.Equal(t, tc.code, ae.ErrorCode)
			if tc.message != "" {
				assert.Equal(t, tc.message, ae.Message)
			}
		})
	}
	// Nothing was changed by the failed calls.
	_, err := w.Workspace.GetStatusByPath(ctx, "/Shared/etl/load")
	require.NoError(t, err)
}

// mkdirs makes missing parents and is idempotent; delete removes a file,
// a notebook or (recursively) a folder with what is in it.
func TestWorkspaceMkdirsAndDelete(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	deep := demoHome + "/.bundle/etl/dev/files"
	require.NoError(t, w.Workspace.MkdirsByPath(ctx, "/Workspace"+deep))
	require.NoError(t, w.Workspace.MkdirsByPath(ctx, deep), "mkdirs of an existing folder is a no-op")
	for _, p := range []string{demoHome + "/.bundle", demoHome + "/.bundle/etl/dev", deep} {
		d, err := w.Workspace.GetStatusByPath(ctx, p)
		require.NoError(t, err, p)
		assert.Equal(t, wsapi.ObjectTypeDirectory, d.ObjectType, p)
	}
	empty, err := w.Workspace.ListAll(ctx, wsapi.ListWorkspaceRequest{Path: deep})
	require.NoError(t, err)
	assert.Empty(t, empty)

	// Listing a notebook answers the notebook itself.
	self, err := w.Workspace.ListAll(ctx, wsapi.ListWorkspaceRequest{Path: "/Shared/etl/load"})
	require.NoError(t, err)
	assert.Equal(t, []string{"/Shared/etl/load"}, paths(self))

	require.NoError(t, w.Workspace.Delete(ctx, wsapi.Delete{Path: deep}), "an empty folder needs no recursive")
	require.NoError(t, w.Workspace.Delete(ctx, wsapi.Delete{Path: "/Shared/requirements.txt"}))
	require.NoError(t, w.Workspace.Delete(ctx, wsapi.Delete{Path: "/Shared/etl", Recursive: true}))
	for _, p := range []string{deep, "/Shared/requirements.txt", "/Shared/etl", "/Shared/etl/load"} {
		_, err := w.Workspace.GetStatusByPath(ctx, p)
		assert.ErrorIs(t, err, apierr.ErrResourceDoesNotExist, p)
	}
	_, err = w.Workspace.GetStatusByPath(ctx, "/Shared/checks/fail-on-nulls")
	assert.NoError(t, err, "a sibling folder stays")
}

// Import stores what each format means; export gives it back, as JSON with
// base64 content or (direct_download) as the bytes.
func TestWorkspaceImportExport(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	ipynb := `{"cells":[{"cell_type":"code","source":["x = 1\n","print(x)"],"metadata":{}},{"cell_type":"markdown","source":["# t"],"metadata":{}}],"metadata":{},"nbformat":4,"nbformat_minor":5}`
	cases := []struct {
		name     string
		req      wsapi.Import
		at       string
		typ      wsapi.ObjectType
		lang     wsapi.Language
		exported string
	}{
		{"SOURCE with a language is a notebook", wsapi.Import{Path: demoHome + "/etl", Format: wsapi.ImportFormatSource, Language: wsapi.LanguagePython, Content: b64("print(1)")},
			demoHome + "/etl", wsapi.ObjectTypeNotebook, wsapi.LanguagePython, "# Databricks notebook source\nprint(1)"},
		{"AUTO with a notebook header drops the extension", wsapi.Import{Path: demoHome + "/q.sql", Format: wsapi.ImportFormatAuto, Content: b64("-- Databricks notebook source\nSELECT 1")},
			demoHome + "/q", wsapi.ObjectTypeNotebook, wsapi.LanguageSql, "-- Databricks notebook source\nSELECT 1"},
		{"AUTO without one is a file", wsapi.Import{Path: demoHome + "/helpers.py", Format: wsapi.ImportFormatAuto, Content: b64("def f(): pass")},
			demoHome + "/helpers.py", wsapi.ObjectTypeFile, "", "def f(): pass"},
		{"RAW is a file", wsapi.Import{Path: "/Shared/conf.yml", Format: wsapi.ImportFormatRaw, Content: b64("a: 1")},
			"/Shared/conf.yml", wsapi.ObjectTypeFile, "", "a: 1"},
		{"JUPYTER keeps the code cells", wsapi.Import{Path: demoHome + "/explore.ipynb", Format: wsapi.ImportFormatJupyter, Content: b64(ipynb)},
			demoHome + "/explore", wsapi.ObjectTypeNotebook, wsapi.LanguagePython, "# Databricks notebook source\nx = 1\nprint(x)\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			require.NoError(t, w.Workspace.Import(ctx, tc.req))
			o, err := w.Workspace.GetStatusByPath(ctx, tc.at)
			require.NoError(t, err)
			assert.Equal(t, tc.typ, o.ObjectType)
			assert.Equal(t, tc.lang, o.Language)
			got, err := w.Workspace.ReadFile(ctx, tc.at)
			require.NoError(t, err)
			assert.Equal(t, strings.TrimRight(tc.exported, "\n"), strings.TrimRight(string(got), "\n"))
		})
	}

	// Overwrite keeps the object (its id) with the new content.
	before, err := w.Workspace.GetStatusByPath(ctx, demoHome+"/etl")
	require.NoError(t, err)
	require.NoError(t, w.Workspace.Import(ctx, wsapi.Import{Path: demoHome + "/etl", Format: wsapi.ImportFormatSource, Language: wsapi.LanguagePython, Content: b64("print(2)"), Overwrite: true}))
	after, err := w.Workspace.GetStatusByPath(ctx, demoHome+"/etl")
	require.NoError(t, err)
	assert.Equal(t, before.ObjectId, after.ObjectId)

	// The SDK's multipart upload (Workspace.Upload) and its JSON export.
	require.NoError(t, w.Workspace.Upload(ctx, "/Shared/up.py", strings.NewReader("print('up')"), wsapi.UploadFormat(wsapi.ImportFormatSource)))
	exp, err := w.Workspace.Export(ctx, wsapi.ExportRequest{Path: "/Shared/up.py", Format: wsapi.ExportFormatSource})
	require.NoError(t, err)
	assert.Equal(t, "py", exp.FileType)
	src, err := base64.StdEncoding.DecodeString(exp.Content)
	require.NoError(t, err)
	assert.Equal(t, "# Databricks notebook source\nprint('up')", string(src))

	// A seeded notebook exports as an .ipynb; a folder as a zip of sources.
	nb, err := w.Workspace.Export(ctx, wsapi.ExportRequest{Path: "/Shared/etl/load", Format: wsapi.ExportFormatJupyter})
	require.NoError(t, err)
	assert.Equal(t, "ipynb", nb.FileType)
	raw, err := base64.StdEncoding.DecodeString(nb.Content)
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"cell_type": "code"`)
	dir, err := w.Workspace.Export(ctx, wsapi.ExportRequest{Path: "/Shared/etl", Format: wsapi.ExportFormatSource})
	require.NoError(t, err)
	assert.Equal(t, "zip", dir.FileType)
	zipped, err := base64.StdEncoding.DecodeString(dir.Content)
	require.NoError(t, err)
	zr, err := zip.NewReader(bytes.NewReader(zipped), int64(len(zipped)))
	require.NoError(t, err)
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	assert.Equal(t, []string{"etl/extract.py", "etl/load.py", "etl/long.py"}, names)

	dl, err := w.Workspace.Download(ctx, "/Shared/requirements.txt")
	require.NoError(t, err)
	body, err := io.ReadAll(dl)
	require.NoError(t, err)
	assert.Contains(t, string(body), "pandas==")
}

// A user writes in their own home folder and /Shared, not in another
// user's home (a workspace's default folder permissions).
func TestWorkspaceHomeFolders(t *testing.T) {
	t.Parallel()
	srv, _ := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	lim, err := srv.LimitedToken(srv.Token())
	require.NoError(t, err)
	w := client(t, srv, lim)
	require.NoError(t, w.Workspace.MkdirsByPath(ctx, "/Users/"+limitedUserName+"/drafts"))
	require.NoError(t, w.Workspace.MkdirsByPath(ctx, "/Shared/analysts"))
	err = w.Workspace.MkdirsByPath(ctx, demoHome+"/x")
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)
	err = w.Workspace.Delete(ctx, wsapi.Delete{Path: demoHome + "/Scratch"})
	assert.ErrorIs(t, err, apierr.ErrPermissionDenied)
}

// The bundle filer's calls, made as the Databricks CLI makes them
// (libs/filer/workspace_files_client.go): import-file answers 404 while the
// parent is missing (the filer then mkdirs and retries), 409 for an
// existing file and 400 "... already exists." for an existing notebook;
// get-status with return_export_info tells a notebook's export format.
func TestWorkspaceFilesImportFileAsTheCLIWrites(t *testing.T) {
	t.Parallel()
	_, w := frozen(t, Options{Empty: true})
	ctx := testCtx(t)
	root := "/Workspace" + demoHome + "/.bundle/etl/dev"
	write := func(name, body string, overwrite bool) error {
		p := fmt.Sprintf("/api/2.0/workspace-files/import-file/%s?overwrite=%t", url.PathEscape(strings.TrimLeft(root+"/"+name, "/")), overwrite)
		return w.Pages.Do(ctx, http.MethodPost, p, nil, nil, []byte(body), nil)
	}
	status := func(err error) int {
		var ae *apierr.APIError
		require.True(t, errors.As(err, &ae), "%v", err)
		return ae.StatusCode
	}

	err := write("state/deployment.json", `{"version":1}`, false)
	assert.Equal(t, http.StatusNotFound, status(err))
	require.NoError(t, w.Workspace.MkdirsByPath(ctx, root+"/state"))
	require.NoError(t, write("state/deployment.json", `{"version":1}`, false))
	assert.Equal(t, http.StatusConflict, status(write("state/deployment.json", `{"version":2}`, false)))
	require.NoError(t, write("state/deployment.json", `{"version":2}`, true))
	got, err := w.Workspace.ReadFile(ctx, root+"/state/deployment.json")
	require.NoError(t, err)
	assert.Equal(t, `{"version":2}`, string(got))

	require.NoError(t, w.Workspace.MkdirsByPath(ctx, root+"/files"))
	require.NoError(t, write("files/etl.py", "# Databricks notebook source\nprint(1)", false))
	err = write("files/etl.py", "# Databricks notebook source\nprint(2)", false)
	assert.Equal(t, http.StatusBadRequest, status(err))
	assert.Contains(t, err.Error(), "already exists.")

	var info map[string]any
	require.NoError(t, w.Pages.Do(ctx, http.MethodGet, "/api/2.0/workspace/get-status", nil, nil,
		map[string]string{"path": root + "/files/etl", "return_export_info": "true"}, &info))
	assert.Equal(t, "NOTEBOOK", info["object_type"])
	assert.Equal(t, "SOURCE", info["repos_export_format"])
	assert.Equal(t, root+"/files/etl", info["path"])
}
