package demo

import (
	"encoding/base64"
	"net/http"
	"path"

	"github.com/databricks/databricks-sdk-go/service/files"
)

// The DBFS API's read of delivered driver logs (logs.go has the files).
// Error codes as the API documents them: a missing path is
// RESOURCE_DOES_NOT_EXIST, reading a directory or a negative offset or
// length INVALID_PARAMETER_VALUE, a length over 1 MB MAX_READ_SIZE_EXCEEDED.
func dbfsRoutes() map[string]handler {
	return map[string]handler{
		"GET /api/2.0/dbfs/get-status":          (*workspace).dbfsGetStatus,
		"GET /api/2.0/dbfs/list":                (*workspace).dbfsList,
		"GET /api/2.0/dbfs/read":                (*workspace).dbfsRead,
		"GET /api/2.0/fs/files/{path...}":       (*workspace).filesDownload,
		"HEAD /api/2.0/fs/files/{path...}":      (*workspace).filesDownload,
		"GET /api/2.0/fs/directories/{path...}": (*workspace).filesListDirectory,
		"HEAD /api/2.0/fs/directories/{path...}": func(ws *workspace, c *call) (any, error) {
			if _, isDir := ws.lookupPath("/"+c.r.PathValue("path"), c.now, false); !isDir {
				return nil, errNotFound("The directory %s does not exist.", "/"+c.r.PathValue("path"))
			}
			return nil, nil
		},
	}
}

func (ws *workspace) dbfsGetStatus(c *call) (any, error) {
	p := c.query("path")
	cl, isDir := ws.lookupPath(p, c.now, true)
	switch {
	case cl != nil:
		return files.FileInfo{Path: p, FileSize: ws.logContent(cl, path.Base(p), c.now).size(), ModificationTime: millis(c.now.Truncate(logDeliveryEvery))}, nil
	case isDir:
		return files.FileInfo{Path: p, IsDir: true}, nil
	}
	return nil, errNotFound("No file or directory exists on path %s.", p)
}

func (ws *workspace) dbfsList(c *call) (any, error) {
	p := c.query("path")
	if cl, isDir := ws.lookupPath(p, c.now, true); cl == nil && !isDir {
		return nil, errNotFound("No file or directory exists on path %s.", p)
	} else if cl != nil {
		return files.ListStatusResponse{Files: []files.FileInfo{{Path: p, FileSize: ws.logContent(cl, path.Base(p), c.now).size()}}}, nil
	}
	out := files.ListStatusResponse{Files: []files.FileInfo{}}
	kids := ws.children(p, c.now, true)
	for _, child := range sortedKeys(kids) {
		fi := files.FileInfo{Path: child, IsDir: kids[child]}
		if !fi.IsDir {
			cl, _ := ws.lookupPath(child, c.now, true)
			fi.FileSize = ws.logContent(cl, path.Base(child), c.now).size()
			fi.ModificationTime = millis(c.now.Truncate(logDeliveryEvery))
		}
		out.Files = append(out.Files, fi)
	}
	return out, nil
}

func (ws *workspace) dbfsRead(c *call) (any, error) {
	p := c.query("path")
	cl, isDir := ws.lookupPath(p, c.now, true)
	if isDir {
		return nil, errInvalidParam("Cannot read a directory: %s", p)
	}
	if cl == nil {
		return nil, errNotFound("No file or directory exists on path %s.", p)
	}
	offset, err := c.queryInt("offset", 0)
	if err != nil {
		return nil, err
	}
	length, err := c.queryInt("length", 512*1024)
	if err != nil {
		return nil, err
	}
	if offset < 0 || length < 0 {
		return nil, errInvalidParam("offset and length must be non-negative.")
	}
	if length > dbfsReadMax {
		return nil, &apiError{http.StatusBadRequest, "MAX_READ_SIZE_EXCEEDED", "Cannot read more than 1 MB at a time."}
	}
	chunk := ws.logContent(cl, path.Base(p), c.now).slice(offset, offset+length)
	return files.ReadResponse{BytesRead: int64(len(chunk)), Data: base64.StdEncoding.EncodeToString(chunk), ForceSendFields: []string{"BytesRead"}}, nil
}
