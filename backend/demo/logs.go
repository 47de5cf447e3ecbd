package demo

import (
	"fmt"
	"hash/fnv"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// Driver logs are delivered, as on a real workspace, every few minutes to
// <cluster_log_conf destination>/<cluster_id>/driver/{stdout,stderr,log4j-active.log}.
// They are generated from the cluster's running periods, so they grow while
// it runs. dbfs: destinations are read through the DBFS API (dbfs.go),
// /Volumes ones through the Files API (files_api.go).
//
// A test can ask for a large log (SetLogPadding, or the control API's
// log-size): that many bytes of older, fixed-width lines precede the
// generated ones, and a read builds only the bytes it returns, so a
// multi-MB log costs nothing until it is read.
const (
	logDeliveryEvery = 5 * time.Minute
	logLineEvery     = 20 * time.Second
	logMaxLines      = 3000
	dbfsReadMax      = 1 << 20
	padLineLen       = 100 // bytes of one older line, newline included
)

var logFiles = []string{"stdout", "stderr", "log4j-active.log"}

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

// logFile is a delivered file: pad bytes of older lines, then body.
type logFile struct {
	cl   *cluster
	name string
	pad  int64
	body []byte
}

func (f logFile) size() int64 { return f.pad + int64(len(f.body)) }

// slice returns bytes [lo, hi) and builds only those.
func (f logFile) slice(lo, hi int64) []byte {
	lo, hi = max(lo, 0), min(hi, f.size())
	if lo >= hi {
		return []byte{}
	}
	out := make([]byte, 0, hi-lo)
	for i := lo / padLineLen; i*padLineLen < min(hi, f.pad); i++ {
		line := padLine(f.cl, f.name, i, f.pad/padLineLen)
		a, b := max(lo-i*padLineLen, 0), min(hi-i*padLineLen, padLineLen)
		out = append(out, line[a:b]...)
	}
	if hi > f.pad {
		out = append(out, f.body[max(lo-f.pad, 0):hi-f.pad]...)
	}
	return out
}

// padLine is older line i of n, padLineLen bytes, one second apart before
// the cluster's first start.
func padLine(cl *cluster, file string, i, n int64) []byte {
	var start time.Time
	if len(cl.uptime) > 0 {
		start = cl.uptime[0].from
	}
	ts := start.Add(-time.Duration(n-i) * time.Second).UTC().Format("06/01/02 15:04:05")
	s := fmt.Sprintf("%s INFO %s: earlier delivery, line %d", ts, map[bool]string{true: "PythonDriver", false: "BlockManagerInfo"}[file == "stdout"], i)
	s += strings.Repeat(" ", padLineLen-1-len(s)) + "\n"
	return []byte(s)
}

// logContent renders a log file as delivered at now.
func (ws *workspace) logContent(cl *cluster, file string, now time.Time) logFile {
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
	f := logFile{cl: cl, name: file, pad: cl.logPadding / padLineLen * padLineLen}
	if len(lines) > 0 {
		f.body = []byte(strings.Join(lines, "\n") + "\n")
	}
	return f
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
			"%s: Wrote batch %d to main.analytics.events (%d rows)",
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

// SetLogPadding makes a cluster's driver logs about bytes longer (older
// lines before the generated ones), for tests of large logs.
func (s *Server) SetLogPadding(token, clusterID string, bytes int64) error {
	ws, err := s.workspaceFor(token)
	if err != nil {
		return err
	}
	ws.mu.Lock()
	defer ws.mu.Unlock()
	cl, ok := ws.clusters[clusterID]
	if !ok {
		return errClusterMissing(clusterID)
	}
	cl.logPadding = max(bytes, 0)
	return nil
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
