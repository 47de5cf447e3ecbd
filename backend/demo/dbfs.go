package demo

import (
	"encoding/base64"
	"fmt"
	"hash/fnv"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/databricks/databricks-sdk-go/service/files"
)

// Driver logs are delivered, as on a real workspace, every few minutes to
// <cluster_log_conf destination>/<cluster_id>/driver/{stdout,stderr,log4j-active.log}.
// They are generated from the cluster's running periods, so they grow while
// it runs. dbfs: destinations are read through the DBFS API, /Volumes ones
// through the Files API.
const (
	logDeliveryEvery = 5 * time.Minute
	logLineEvery     = 20 * time.Second
	logMaxLines      = 3000
	dbfsReadMax      = 1 << 20
)

var logFiles = []string{"stdout", "stderr", "log4j-active.log"}

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

// logRoot is where a cluster's logs land, in DBFS ("/cluster-logs") or
// Volumes ("/Volumes/..."); dbfs is true for the former.
func logRoot(cl *cluster) (root string, dbfs bool, ok bool) {
	lc := cl.d.ClusterLogConf
	switch {
	case lc == nil:
		return "", false, false
	case lc.Dbfs != nil:
		return path.Clean("/" + strings.TrimPrefix(lc.Dbfs.Destination, "dbfs:")), true, true
	case lc.Volumes != nil:
		return path.Clean(lc.Volumes.Destination), false, true
	}
	return "", false, false
}

// logTree lists every delivered log file of one storage (DBFS or Volumes).
func (ws *workspace) logTree(dbfs bool, now time.Time) map[string]*cluster {
	out := map[string]*cluster{}
	for _, cl := range ws.clusters {
		root, isDBFS, ok := logRoot(cl)
		if !ok || isDBFS != dbfs || len(cl.uptime) == 0 {
			continue
		}
		for _, f := range logFiles {
			out[path.Join(root, cl.d.ClusterId, "driver", f)] = cl
		}
	}
	return out
}

// lookupPath reports whether p is a file (returned) or a directory.
func (ws *workspace) lookupPath(p string, now time.Time, dbfs bool) (*cluster, bool) {
	p = path.Clean("/" + strings.TrimPrefix(p, "dbfs:"))
	tree := ws.logTree(dbfs, now)
	if cl, ok := tree[p]; ok {
		return cl, false
	}
	for f := range tree {
		if strings.HasPrefix(f, strings.TrimSuffix(p, "/")+"/") {
			return nil, true
		}
	}
	return nil, false
}

// children lists the direct entries of directory dir.
func (ws *workspace) children(dir string, now time.Time, dbfs bool) map[string]bool {
	dir = strings.TrimSuffix(path.Clean("/"+strings.TrimPrefix(dir, "dbfs:")), "/") + "/"
	out := map[string]bool{} // path → is directory
	for f := range ws.logTree(dbfs, now) {
		if rest, ok := strings.CutPrefix(f, dir); ok {
			first, _, more := strings.Cut(rest, "/")
			out[dir+first] = more
		}
	}
	return out
}

// logContent renders a log file as delivered at now.
func (ws *workspace) logContent(cl *cluster, file string, now time.Time) []byte {
	cutoff := now.Truncate(logDeliveryEvery)
	var lines []string
	for _, iv := range cl.uptime {
		end := iv.to
		if end.IsZero() || end.After(cutoff) {
			end = cutoff
		}
		for t := iv.from; t.Before(end); t = t.Add(logLineEvery) {
			lines = append(lines, logLine(cl, file, t))
		}
	}
	if len(lines) > logMaxLines {
		lines = lines[len(lines)-logMaxLines:]
	}
	if len(lines) == 0 {
		return nil
	}
	return []byte(strings.Join(lines, "\n") + "\n")
}

func logLine(cl *cluster, file string, t time.Time) string {
	h := fnv.New32a()
	_, _ = fmt.Fprintf(h, "%s%s%d", cl.d.ClusterId, file, t.Unix())
	n := h.Sum32()
	ts := t.UTC().Format("06/01/02 15:04:05")
	switch file {
	case "stdout":
		msgs := []string{
			"%s: [GC (Allocation Failure) [PSYoungGen: %dK->%dK(611840K)] 0.0213 secs]",
			"%s: Wrote batch %d of 40 to main.analytics.events (%d rows)",
			"%s: Python REPL heartbeat ok (%d active commands, %d MB)",
		}
		return fmt.Sprintf(msgs[n%3], t.UTC().Format(time.RFC3339), n%900+100, n%80+10)
	case "stderr":
		msgs := []string{
			"%s INFO DriverCorral: DBFS health check ok (%d ms, %d)",
			"%s WARN ProgressReporter: Spark job %d stage %d is taking longer than expected",
			"%s INFO DriverDaemon: Driver memory in use %d MB of %d MB",
		}
		return fmt.Sprintf(msgs[n%3], ts, n%400+20, 14336)
	default:
		msgs := []string{
			"%s INFO SparkContext: Starting job: collect at <stdin>:%d (%d tasks)",
			"%s INFO DAGScheduler: Job %d finished: save at DeltaLog.scala:%d",
			"%s INFO TaskSetManager: Finished task %d.0 in stage %d.0 on executor",
		}
		return fmt.Sprintf(msgs[n%3], ts, n%5000, n%300)
	}
}

func (ws *workspace) dbfsGetStatus(c *call) (any, error) {
	p := c.query("path")
	cl, isDir := ws.lookupPath(p, c.now, true)
	switch {
	case cl != nil:
		return files.FileInfo{Path: p, FileSize: int64(len(ws.logContent(cl, path.Base(p), c.now))), ModificationTime: millis(c.now.Truncate(logDeliveryEvery))}, nil
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
		return files.ListStatusResponse{Files: []files.FileInfo{{Path: p, FileSize: int64(len(ws.logContent(cl, path.Base(p), c.now)))}}}, nil
	}
	out := files.ListStatusResponse{Files: []files.FileInfo{}}
	for _, child := range sortedKeys(ws.children(p, c.now, true)) {
		fi := files.FileInfo{Path: child, IsDir: ws.children(p, c.now, true)[child]}
		if !fi.IsDir {
			cl, _ := ws.lookupPath(child, c.now, true)
			fi.FileSize = int64(len(ws.logContent(cl, path.Base(child), c.now)))
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
		return nil, errBadRequest("Cannot read a directory: %s", p)
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
	if offset < 0 || length < 0 || length > dbfsReadMax {
		return nil, errInvalidParam("offset must be non-negative and length between 0 and %d.", dbfsReadMax)
	}
	data := ws.logContent(cl, path.Base(p), c.now)
	lo := min(offset, int64(len(data)))
	hi := min(lo+length, int64(len(data)))
	chunk := data[lo:hi]
	return files.ReadResponse{BytesRead: int64(len(chunk)), Data: base64.StdEncoding.EncodeToString(chunk), ForceSendFields: []string{"BytesRead"}}, nil
}

func (ws *workspace) filesDownload(c *call) (any, error) {
	p := "/" + c.r.PathValue("path")
	cl, _ := ws.lookupPath(p, c.now, false)
	if cl == nil {
		return nil, errNotFound("The file %s does not exist.", p)
	}
	return rawBody{contentType: "application/octet-stream", data: ws.logContent(cl, path.Base(p), c.now),
		lastModified: c.now.Truncate(logDeliveryEvery)}, nil
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
			e.FileSize = int64(len(ws.logContent(cl, e.Name, c.now)))
			e.LastModified = millis(c.now.Truncate(logDeliveryEvery))
		}
		out.Contents = append(out.Contents, e)
	}
	return out, nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// logStatus is what clusters/get reports about log delivery.
func logStatus(cl *cluster, now time.Time) *compute.LogSyncStatus {
	if _, _, ok := logRoot(cl); !ok || len(cl.uptime) == 0 {
		return nil
	}
	return &compute.LogSyncStatus{LastAttempted: millis(now.Truncate(logDeliveryEvery))}
}
