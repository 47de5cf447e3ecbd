package demo

import (
	"fmt"
	"net/http"
	"path"
	"regexp"
	"strconv"

	"github.com/databricks/databricks-sdk-go/service/files"
)

// The Files API's side of delivered driver logs under /Volumes (logs.go has
// the files). Download honours a single "Range: bytes=a-b" (or "a-") as the
// API does: 206 Partial Content with Content-Range, 416 past the end.

var rangeHeader = regexp.MustCompile(`^bytes=(\d+)-(\d*)$`)

func (ws *workspace) filesDownload(c *call) (any, error) {
	p := "/" + c.r.PathValue("path")
	cl, _ := ws.lookupPath(p, c.now, false)
	if cl == nil {
		return nil, errNotFound("The file %s does not exist.", p)
	}
	f := ws.logContent(cl, path.Base(p), c.now)
	out := rawBody{contentType: "application/octet-stream", lastModified: c.now.Truncate(logDeliveryEvery)}
	size := f.size()
	m := rangeHeader.FindStringSubmatch(c.r.Header.Get("Range"))
	if m == nil {
		out.data = f.slice(0, size)
		return out, nil
	}
	lo, _ := strconv.ParseInt(m[1], 10, 64)
	hi := size - 1
	if m[2] != "" {
		hi, _ = strconv.ParseInt(m[2], 10, 64)
		hi = min(hi, size-1)
	}
	if lo >= size || hi < lo {
		return nil, &apiError{http.StatusRequestedRangeNotSatisfiable, "INVALID_PARAMETER_VALUE",
			fmt.Sprintf("The requested range is not satisfiable for a file of %d bytes.", size)}
	}
	out.data = f.slice(lo, hi+1)
	out.status = http.StatusPartialContent
	out.contentRange = fmt.Sprintf("bytes %d-%d/%d", lo, hi, size)
	return out, nil
}

func (ws *workspace) filesListDirectory(c *call) (any, error) {
	p := "/" + c.r.PathValue("path")
	if _, isDir := ws.lookupPath(p, c.now, false); !isDir {
		return nil, errNotFound("The directory %s does not exist.", p)
	}
	kids := ws.children(p, c.now, false)
	out := files.ListDirectoryResponse{Contents: []files.DirectoryEntry{}}
	for _, child := range sortedKeys(kids) {
		e := files.DirectoryEntry{Path: child, Name: path.Base(child), IsDirectory: kids[child]}
		if !e.IsDirectory {
			cl, _ := ws.lookupPath(child, c.now, false)
			e.FileSize = ws.logContent(cl, e.Name, c.now).size()
			e.LastModified = millis(c.now.Truncate(logDeliveryEvery))
		}
		out.Contents = append(out.Contents, e)
	}
	return out, nil
}
