package demo

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"path"
	"sort"
	"strings"
	"time"

	wsapi "github.com/databricks/databricks-sdk-go/service/workspace"
)

// workspaceExport answers GET /api/2.0/workspace/export: JSON with the
// base64 content and its file_type, or the bytes themselves with
// direct_download=true (the SDK's Workspace.Download). The format
// defaults to SOURCE; a folder exports as a zip of its notebooks' sources
// (SOURCE) or of notebooks and files (AUTO).
func (ws *workspace) workspaceExport(c *call) (any, error) {
	p := c.query("path")
	_, o, err := ws.objectAt(p)
	if err != nil {
		return nil, err
	}
	format := wsapi.ExportFormat(c.query("format"))
	if format == "" {
		format = wsapi.ExportFormatSource
	}
	data, fileType, err := ws.exported(o, format)
	if err != nil {
		return nil, err
	}
	if len(data) > maxWorkspaceContent {
		return nil, &apiError{http.StatusBadRequest, "MAX_NOTEBOOK_SIZE_EXCEEDED", fmt.Sprintf("The export of %s is larger than 10485760 bytes.", p)} // guess at the wording
	}
	if c.query("direct_download") == "true" {
		return rawBody{contentType: "application/octet-stream", data: data, lastModified: time.UnixMilli(o.info.ModifiedAt)}, nil
	}
	return wsapi.ExportResponse{Content: base64.StdEncoding.EncodeToString(data), FileType: fileType}, nil
}

// exported is an object's content in format, with its file type.
func (ws *workspace) exported(o *wsObject, format wsapi.ExportFormat) ([]byte, string, error) {
	switch {
	case o.isDir():
		if format != wsapi.ExportFormatSource && format != wsapi.ExportFormatAuto {
			return nil, "", errInvalidParam("The demo workspace exports folders in SOURCE and AUTO formats only, not %s.", format)
		}
		data, err := ws.zipFolder(o, format == wsapi.ExportFormatAuto)
		return data, "zip", err
	case o.info.ObjectType == wsapi.ObjectTypeFile:
		switch format {
		case wsapi.ExportFormatSource, wsapi.ExportFormatAuto, wsapi.ExportFormatRaw:
			return o.content, strings.TrimPrefix(path.Ext(o.info.Path), "."), nil
		}
		return nil, "", errInvalidParam("A workspace file exports in SOURCE, AUTO or RAW format, not %s.", format) // guess at the wording
	}
	switch format {
	case wsapi.ExportFormatSource, wsapi.ExportFormatAuto:
		return o.content, strings.TrimPrefix(notebookExtensions[o.info.Language], "."), nil
	case wsapi.ExportFormatJupyter:
		if o.info.Language != wsapi.LanguagePython {
			return nil, "", errInvalidParam("Only Python notebooks can be exported in JUPYTER format.") // guess at the wording
		}
		data, err := jupyterFromSource(o.content)
		return data, "ipynb", err
	}
	return nil, "", errInvalidParam("The demo workspace exports notebooks in SOURCE, AUTO and JUPYTER formats only, not %s.", format)
}

// zipFolder holds the folder's notebooks as source files (and with
// files, its workspace files), by path below the folder.
func (ws *workspace) zipFolder(dir *wsObject, files bool) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	keys := ws.tree.below(dir.info.Path)
	sort.Strings(keys)
	for _, key := range keys {
		o := ws.tree.objects[key]
		rel := strings.TrimPrefix(strings.TrimPrefix(key, dir.info.Path), "/")
		if o.isDir() || (o.info.ObjectType == wsapi.ObjectTypeFile && !files) {
			continue
		}
		name := path.Join(path.Base(dir.info.Path), rel)
		if o.info.ObjectType == wsapi.ObjectTypeNotebook {
			name += notebookExtensions[o.info.Language]
		}
		w, err := zw.Create(name)
		if err != nil {
			return nil, fmt.Errorf("zip %s: %w", key, err)
		}
		if _, err := w.Write(o.content); err != nil {
			return nil, fmt.Errorf("zip %s: %w", key, err)
		}
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("zip %s: %w", dir.info.Path, err)
	}
	return buf.Bytes(), nil
}

// jupyterNotebook is the part of the .ipynb format the demo reads and writes.
type jupyterNotebook struct {
	Cells    []jupyterCell  `json:"cells"`
	Metadata map[string]any `json:"metadata"`
	Format   int            `json:"nbformat"`
	Minor    int            `json:"nbformat_minor"`
}

type jupyterCell struct {
	Type     string         `json:"cell_type"`
	Source   []string       `json:"source"`
	Metadata map[string]any `json:"metadata"`
	Outputs  []any          `json:"outputs,omitempty"`
}

const pythonCellSeparator = "\n\n# COMMAND ----------\n\n"

// jupyterFromSource makes a Python notebook's cells into .ipynb cells.
func jupyterFromSource(src []byte) ([]byte, error) {
	body := strings.TrimPrefix(string(src), notebookHeaders[wsapi.LanguagePython]+"\n")
	nb := jupyterNotebook{Metadata: map[string]any{"language_info": map[string]any{"name": "python"}}, Format: 4, Minor: 0}
	for _, cell := range strings.Split(strings.TrimSpace(body), strings.TrimSpace(pythonCellSeparator)) {
		lines := strings.SplitAfter(strings.TrimSpace(cell), "\n")
		nb.Cells = append(nb.Cells, jupyterCell{Type: "code", Source: lines, Metadata: map[string]any{}, Outputs: []any{}})
	}
	return json.MarshalIndent(nb, "", " ")
}

// sourceFromJupyter makes an .ipynb's code cells into a Python notebook's
// source; only Python notebooks are read.
func sourceFromJupyter(data []byte) ([]byte, wsapi.Language, error) {
	var nb jupyterNotebook
	if err := json.Unmarshal(data, &nb); err != nil {
		return nil, "", fmt.Errorf("read .ipynb: %w", err)
	}
	if nb.Cells == nil {
		return nil, "", errors.New("no cells")
	}
	var cells []string
	for _, c := range nb.Cells {
		if c.Type == "code" {
			cells = append(cells, strings.TrimSpace(strings.Join(c.Source, "")))
		}
	}
	return notebookSource(wsapi.LanguagePython, cells...), wsapi.LanguagePython, nil
}
