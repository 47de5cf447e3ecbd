package logs

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"path"

	"github.com/databricks/databricks-sdk-go/client"
	"github.com/databricks/databricks-sdk-go/httpclient"
	"github.com/databricks/databricks-sdk-go/service/files"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// storage reads a delivery destination by byte ranges.
type storage interface {
	list(ctx context.Context, dir string) ([]File, error)
	readAt(ctx context.Context, file string, off, n int64) ([]byte, error)
}

func storageFor(w *workspaceapi.Client, kind string) (storage, error) {
	switch kind {
	case "dbfs":
		return dbfsStorage{w}, nil
	case "volumes":
		c, err := client.New(w.Config)
		if err != nil {
			return nil, fmt.Errorf("files API client: %w", err)
		}
		return volumeStorage{w, c}, nil
	}
	return nil, ErrUnreadable
}

// dbfsStorage reads through the DBFS API: dbfs/list and dbfs/read, whose
// length is at most 1 MB a call (MaxWindow stays below it).
type dbfsStorage struct{ w *workspaceapi.Client }

func (s dbfsStorage) list(ctx context.Context, dir string) ([]File, error) {
	all, err := s.w.Dbfs.ListAll(ctx, files.ListDbfsRequest{Path: dir})
	if err != nil {
		return nil, err
	}
	var out []File
	for _, fi := range all {
		if f, ok := classify(path.Base(fi.Path)); ok && !fi.IsDir {
			f.Size, f.Modified = fi.FileSize, fi.ModificationTime
			out = append(out, f)
		}
	}
	return out, nil
}

func (s dbfsStorage) readAt(ctx context.Context, file string, off, n int64) ([]byte, error) {
	r, err := s.w.Dbfs.Read(ctx, files.ReadDbfsRequest{Path: file, Offset: off, Length: n})
	if err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(r.Data)
}

// volumeStorage reads through the Files API. The SDK's Download (v0.182.0)
// has no Range field although the endpoint honours the Range header, so
// reads go through the SDK's own client with that header added.
type volumeStorage struct {
	w *workspaceapi.Client
	c *client.DatabricksClient
}

func (s volumeStorage) list(ctx context.Context, dir string) ([]File, error) {
	all, err := s.w.Files.ListDirectoryContentsAll(ctx, files.ListDirectoryContentsRequest{DirectoryPath: dir})
	if err != nil {
		return nil, err
	}
	var out []File
	for _, e := range all {
		if f, ok := classify(e.Name); ok && !e.IsDirectory {
			f.Size, f.Modified = e.FileSize, e.LastModified
			out = append(out, f)
		}
	}
	return out, nil
}

func (s volumeStorage) readAt(ctx context.Context, file string, off, n int64) ([]byte, error) {
	if n <= 0 {
		return nil, nil
	}
	var resp files.DownloadResponse
	headers := map[string]string{
		"Accept": "application/octet-stream",
		"Range":  fmt.Sprintf("bytes=%d-%d", off, off+n-1),
	}
	p := "/api/2.0/fs/files" + httpclient.EncodeMultiSegmentPathParameter(file)
	if err := s.c.Do(ctx, http.MethodGet, p, headers, nil, nil, &resp); err != nil {
		return nil, err
	}
	defer resp.Contents.Close()
	// A server that ignores Range sends the whole file (longer than asked):
	// skip to the offset and keep only the range.
	if resp.ContentLength > n {
		if _, err := io.CopyN(io.Discard, resp.Contents, off); err != nil {
			return nil, err
		}
	}
	return io.ReadAll(io.LimitReader(resp.Contents, n))
}

// clampRange keeps a read inside [0, size) and at most MaxWindow long.
func clampRange(off, end, size int64) (int64, int64) {
	end = min(max(end, 0), size)
	off = min(max(off, 0), end)
	if end-off > MaxWindow {
		off = end - MaxWindow
	}
	return off, end
}
