package demo

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"mime"
	"mime/multipart"
	"net/http"
	"path"
	"strings"

	wsapi "github.com/databricks/databricks-sdk-go/service/workspace"
)

// The Workspace API (https://docs.databricks.com/api/workspace/workspace)
// on the workspace tree (workspace_tree.go). Error codes are the
// documented ones: a missing path RESOURCE_DOES_NOT_EXIST (404), an
// existing one on import or a file in the way of mkdirs
// RESOURCE_ALREADY_EXISTS, a non-empty folder deleted without recursive
// DIRECTORY_NOT_EMPTY, content over 10 MB MAX_NOTEBOOK_SIZE_EXCEEDED.
// Wordings follow what the service answers ("Path (/x) doesn't exist.",
// "Path (/x) already exists.", as the Databricks CLI's filer and its fake
// workspace expect them); the others are marked as guesses where written.
func workspaceFileRoutes() map[string]handler {
	return map[string]handler{
		"GET /api/2.0/workspace/get-status": (*workspace).workspaceGetStatus,
		"GET /api/2.0/workspace/list":       (*workspace).workspaceList,
		"POST /api/2.0/workspace/mkdirs":    (*workspace).workspaceMkdirs,
		"POST /api/2.0/workspace/import":    (*workspace).workspaceImport,
		"GET /api/2.0/workspace/export":     (*workspace).workspaceExport,
		"POST /api/2.0/workspace/delete":    (*workspace).workspaceDelete,
		// The bundle filer's upload (`databricks bundle deploy`): the raw
		// body at the path, imported as AUTO would.
		"POST /api/2.0/workspace-files/import-file/{path...}": (*workspace).workspaceImportFile,
	}
}

// maxWorkspaceContent is the documented import/export limit.
const maxWorkspaceContent = 10 << 20

func errPathMissing(p string) error { return errNotFound("Path (%s) doesn't exist.", p) }

// objectAt is the object at a request path, or the API's error for it.
func (ws *workspace) objectAt(p string) (string, *wsObject, error) {
	if p == "" {
		return "", nil, errInvalidParam("Path must be provided.") // guess at the wording
	}
	key, ok := cleanWorkspacePath(p)
	if !ok {
		return "", nil, errInvalidParam("Path (%s) is not absolute.", p) // guess at the wording
	}
	o := ws.tree.objects[key]
	if o == nil {
		return key, nil, errPathMissing(p)
	}
	return key, o, nil
}

// shown is an object's info with its path in the caller's spelling.
func shown(o *wsObject, requested string) wsapi.ObjectInfo {
	info := o.info
	info.Path = shownPath(requested, o.info.Path)
	return info
}

// mayWrite lets a user write in their home folder and in /Shared, as a
// workspace's default permissions do; admins write anywhere.
func (ws *workspace) mayWrite(c *call, key string) error {
	home := "/Users/" + c.user.userName
	if c.user.isAdmin() || key == home || strings.HasPrefix(key, home+"/") || key == "/Shared" || strings.HasPrefix(key, "/Shared/") {
		return nil
	}
	return errPermission("%s does not have Manage permissions on %s. Please contact the owner or an administrator for access.", c.user.userName, key) // guess at the wording
}

func (ws *workspace) workspaceGetStatus(c *call) (any, error) {
	p := c.query("path")
	_, o, err := ws.objectAt(p)
	if err != nil {
		return nil, err
	}
	info := shown(o, p)
	if c.query("return_export_info") != "true" || o.info.ObjectType != wsapi.ObjectTypeNotebook {
		return info, nil
	}
	// The CLI's filer asks for the format a notebook exports as; it is not
	// a field of the SDK's ObjectInfo.
	raw, err := json.Marshal(info)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	m["repos_export_format"] = string(wsapi.ExportFormatSource)
	return m, nil
}

func (ws *workspace) workspaceList(c *call) (any, error) {
	p := c.query("path")
	_, o, err := ws.objectAt(p)
	if err != nil {
		return nil, err
	}
	if !o.isDir() {
		return wsapi.ListResponse{Objects: []wsapi.ObjectInfo{shown(o, p)}}, nil
	}
	after, err := c.queryInt("notebooks_modified_after", 0)
	if err != nil {
		return nil, err
	}
	out := wsapi.ListResponse{}
	for _, child := range ws.tree.children(o.info.Path) {
		if after > 0 && child.info.ObjectType == wsapi.ObjectTypeNotebook && child.info.ModifiedAt <= after {
			continue
		}
		out.Objects = append(out.Objects, shown(child, p))
	}
	return out, nil // an empty folder answers {} (objects omitted)
}

func (ws *workspace) workspaceMkdirs(c *call) (any, error) {
	var req wsapi.Mkdirs
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	key, _, err := ws.objectAt(req.Path)
	if err != nil && key == "" {
		return nil, err
	}
	if err := ws.mayWrite(c, key); err != nil {
		return nil, err
	}
	ws.tree.created++
	if blocked := ws.tree.mkdirs(key, c.now, ws.tree.created); blocked != "" {
		// dbx#613 quotes "<name>already exists and it is not a folder" (the name redacted); which path it names is a guess.
		return nil, errAlreadyExists("%s already exists and it is not a folder", shownPath(req.Path, blocked))
	}
	return nil, nil
}

func (ws *workspace) workspaceDelete(c *call) (any, error) {
	var req wsapi.Delete
	if err := c.decode(&req); err != nil {
		return nil, err
	}
	key, o, err := ws.objectAt(req.Path)
	if err != nil {
		return nil, err
	}
	if key == "/" || key == "/Users" || key == "/Shared" || (path.Dir(key) == "/Users" && ws.users[path.Base(key)] != nil) {
		return nil, errPermission("Folder %s is a system folder and cannot be deleted.", req.Path) // guess at the wording
	}
	if err := ws.mayWrite(c, key); err != nil {
		return nil, err
	}
	if o.isDir() && !req.Recursive && len(ws.tree.children(key)) > 0 {
		// The words: tf-provider#2553; the code: the Databricks CLI's filer (libs/filer/workspace_files_client.go) reads it.
		return nil, &apiError{http.StatusBadRequest, "DIRECTORY_NOT_EMPTY", "Folder (" + req.Path + ") is not empty"}
	}
	for _, p := range ws.tree.below(key) {
		delete(ws.tree.objects, p)
	}
	return nil, nil
}

// importRequest is an import from either body the API takes: JSON with
// base64 content (the SDK's Import) or a multipart form with the content
// as a file part (the SDK's Workspace.Upload).
func (c *call) importRequest() (wsapi.Import, []byte, error) {
	var req wsapi.Import
	mt, params, _ := mime.ParseMediaType(c.r.Header.Get("Content-Type"))
	if mt != "multipart/form-data" {
		if err := c.decode(&req); err != nil {
			return req, nil, err
		}
		content, err := base64.StdEncoding.DecodeString(req.Content)
		if err != nil {
			return req, nil, errMalformed(err)
		}
		return req, content, nil
	}
	form, err := multipart.NewReader(bytes.NewReader(c.body), params["boundary"]).ReadForm(maxWorkspaceContent + 1<<20)
	if err != nil {
		return req, nil, errMalformed(err)
	}
	defer func() { _ = form.RemoveAll() }()
	field := func(name string) string {
		if v := form.Value[name]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	req.Path, req.Format, req.Language, req.Overwrite = field("path"), wsapi.ImportFormat(field("format")), wsapi.Language(field("language")), field("overwrite") == "true"
	var content []byte
	if files := form.File["content"]; len(files) > 0 {
		f, err := files[0].Open()
		if err != nil {
			return req, nil, errMalformed(err)
		}
		defer func() { _ = f.Close() }()
		var buf bytes.Buffer
		if _, err := buf.ReadFrom(f); err != nil {
			return req, nil, errMalformed(err)
		}
		content = buf.Bytes()
	} else {
		content = []byte(field("content"))
	}
	return req, content, nil
}

func (ws *workspace) workspaceImport(c *call) (any, error) {
	req, content, err := c.importRequest()
	if err != nil {
		return nil, err
	}
	return nil, ws.importObject(c, req.Path, req.Format, req.Language, content, req.Overwrite, false)
}

func (ws *workspace) workspaceImportFile(c *call) (any, error) {
	return nil, ws.importObject(c, "/"+c.r.PathValue("path"), wsapi.ImportFormatAuto, "", c.body, c.query("overwrite") == "true", true)
}

// importObject stores content at p as format says. filesAPI answers a
// file that exists as the workspace-files API does (409), not as
// workspace/import (400 RESOURCE_ALREADY_EXISTS).
func (ws *workspace) importObject(c *call, p string, format wsapi.ImportFormat, lang wsapi.Language, content []byte, overwrite, filesAPI bool) error {
	key, _, err := ws.objectAt(p)
	if err != nil && key == "" {
		return err
	}
	if len(content) > maxWorkspaceContent {
		// The words are quoted in terraform-provider-databricks#4077; the code is a guess.
		return &apiError{http.StatusBadRequest, "MAX_NOTEBOOK_SIZE_EXCEEDED",
			fmt.Sprintf("File size imported is (%d bytes), exceeded max size (%d bytes)", len(content), maxWorkspaceContent)}
	}
	typ := wsapi.ObjectTypeNotebook
	switch format {
	case wsapi.ImportFormatSource, "":
		if lang == "" {
			return errInvalidParam("The language must be set to import %s as a notebook in SOURCE format.", p) // guess; a SOURCE folder import (zip) is not in the demo
		}
		content = withNotebookHeader(lang, content)
	case wsapi.ImportFormatAuto:
		if !strings.EqualFold(path.Ext(key), ".ipynb") {
			key, typ, lang = autoImported(key, content)
			break
		}
		fallthrough // an .ipynb is a Jupyter notebook
	case wsapi.ImportFormatJupyter:
		src, nbLang, jerr := sourceFromJupyter(content)
		if jerr != nil {
			return errInvalidParam("Invalid Jupyter notebook for %s: %v", p, jerr)
		}
		if strings.EqualFold(path.Ext(key), ".ipynb") {
			key = strings.TrimSuffix(key, path.Ext(key))
		}
		content, lang = src, nbLang
	case wsapi.ImportFormatRaw:
		typ, lang = wsapi.ObjectTypeFile, ""
	default:
		return errInvalidParam("The demo workspace imports SOURCE, AUTO, RAW and JUPYTER formats only, not %s.", format)
	}
	if _, ok := notebookExtensions[lang]; typ == wsapi.ObjectTypeNotebook && !ok {
		return errInvalidParam("Invalid language %q for notebook %s.", lang, p)
	}
	if err := ws.mayWrite(c, key); err != nil {
		return err
	}
	if parent := ws.tree.objects[path.Dir(key)]; parent == nil || !parent.isDir() {
		return errNotFound("The parent folder (%s) does not exist.", shownPath(p, path.Dir(key)))
	}
	old := ws.tree.objects[key]
	if old != nil {
		switch {
		case filesAPI && !overwrite && old.info.ObjectType == wsapi.ObjectTypeFile:
			return &apiError{http.StatusConflict, "RESOURCE_ALREADY_EXISTS", "File already exists at (" + p + ")."}
		case !overwrite || old.isDir():
			return errAlreadyExists("Path (%s) already exists.", shownPath(p, key))
		}
	}
	ws.tree.created++
	o := ws.tree.put(key, typ, lang, content, c.now, ws.tree.created)
	if old != nil { // an overwrite keeps the object, with new content
		o.info.ObjectId, o.info.ResourceId, o.info.CreatedAt = old.info.ObjectId, old.info.ResourceId, old.info.CreatedAt
	}
	return nil
}

// autoImported is where and as what AUTO imports content: a source file
// that starts with its language's notebook header is a notebook without
// its extension; anything else is a file.
func autoImported(key string, content []byte) (string, wsapi.ObjectType, wsapi.Language) {
	ext := path.Ext(key)
	for lang, e := range notebookExtensions {
		if strings.EqualFold(ext, e) && bytes.HasPrefix(content, []byte(notebookHeaders[lang])) {
			return strings.TrimSuffix(key, ext), wsapi.ObjectTypeNotebook, lang
		}
	}
	return key, wsapi.ObjectTypeFile, ""
}

// withNotebookHeader stores SOURCE content as the workspace exports it,
// with the language's header first.
func withNotebookHeader(lang wsapi.Language, content []byte) []byte {
	h := notebookHeaders[lang]
	if h == "" || bytes.HasPrefix(content, []byte(h)) {
		return content
	}
	return append([]byte(h+"\n"), content...)
}
