package app

import (
	"context"
	"io"

	"github.com/clusterdeck/clusterdeck/backend/logs"
	"github.com/clusterdeck/clusterdeck/backend/workspaces"
)

// DriverLogsFileName is the name the save dialog suggests.
const DriverLogsFileName = "spark-driver-logs.txt"

// Logs is the facade of a cluster's Driver logs tab.
type Logs struct {
	facade
	svc   *logs.Service
	files FileSaver // nil in the browser bridge without --save-dir
}

// Files says where the cluster's logs are delivered and lists the driver's files.
func (l *Logs) Files(workspaceID, clusterID string) (logs.View, error) {
	return call(l.facade, workspaceID, workspaces.TimeoutPanel, func(ctx context.Context) (logs.View, error) {
		return l.svc.Files(ctx, workspaceID, clusterID)
	})
}

// Read returns complete lines of one file: the tail (before and after -1),
// the window ending at before, or what was added after after.
func (l *Logs) Read(workspaceID, clusterID, file string, before, after int64) (logs.Window, error) {
	return call(l.facade, workspaceID, workspaces.TimeoutPanel, func(ctx context.Context) (logs.Window, error) {
		return l.svc.Read(ctx, workspaceID, clusterID, file, logs.Range{Before: before, After: after})
	})
}

// Download saves the whole file through the save dialog, range by range.
func (l *Logs) Download(workspaceID, clusterID, file string) (logs.Saved, error) {
	if l.files == nil {
		return forPage(logs.Saved{}), nil
	}
	ctx, cancel := context.WithTimeout(l.ctx, workspaces.TimeoutDownload)
	defer cancel()
	var n int64
	path, err := saveStream(ctx, l.files, DriverLogsFileName, func(w io.Writer) (err error) {
		n, err = l.svc.Download(ctx, workspaceID, clusterID, file, w)
		return err
	})
	return forPageErr(logs.Saved{Saved: path != "" && err == nil, Path: path, Bytes: n}, err)
}
