package logs

import (
	"path"
	"sort"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// SuggestedDestination is the path the tab fills in when delivery is off.
const SuggestedDestination = "dbfs:/cluster-logs"

// destination reads cluster_log_conf: the configured path, and the storage
// the app reads it through ("dbfs" via the DBFS API, "volumes" via the
// Files API; S3 and other destinations are not readable here).
func destination(conf *compute.ClusterLogConf) (dest, storage string) {
	switch {
	case conf == nil:
		return "", ""
	case conf.Dbfs != nil:
		return conf.Dbfs.Destination, "dbfs"
	case conf.Volumes != nil:
		return conf.Volumes.Destination, "volumes"
	case conf.S3 != nil:
		return conf.S3.Destination, ""
	}
	return "", ""
}

// driverDir is where delivery puts the driver's files:
// <destination>/<cluster-id>/driver.
func driverDir(dest, clusterID string) string {
	return strings.TrimSuffix(dest, "/") + "/" + clusterID + "/driver"
}

// classify names a delivered file: which stream it is, whether it is the
// active one, and whether it can be read as text by range. Delivery writes
// stdout, stderr and log4j-active.log, and rotates them to
// stdout--YYYY-MM-DD--HH-MM, stderr--… and log4j-YYYY-MM-DD-HH.log.gz.
func classify(name string) (f File, ok bool) {
	f = File{Name: name, Readable: !strings.HasSuffix(name, ".gz")}
	switch {
	case name == "stdout" || name == "stderr":
		f.Kind, f.Active = name, true
	case name == "log4j-active.log":
		f.Kind, f.Active = "log4j", true
	case strings.HasPrefix(name, "stdout--"):
		f.Kind = "stdout"
	case strings.HasPrefix(name, "stderr--"):
		f.Kind = "stderr"
	case strings.HasPrefix(name, "log4j-"):
		f.Kind = "log4j"
	default:
		return File{}, false // other files (lineage, metrics) are not driver logs
	}
	return f, true
}

var kindOrder = map[string]int{"stdout": 0, "stderr": 1, "log4j": 2}

// sortFiles puts the active files first (stdout, stderr, log4j), then the
// rotated ones, newest first (their names carry the date).
func sortFiles(fs []File) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Active != b.Active {
			return a.Active
		}
		if a.Active {
			return kindOrder[a.Kind] < kindOrder[b.Kind]
		}
		return a.Name > b.Name
	})
}

// validName refuses anything but a plain file name, so the page can never
// make the app read outside the cluster's driver directory.
func validName(name string) bool {
	return name != "" && name != "." && name != ".." && !strings.ContainsAny(name, "/\\") && path.Base(name) == name
}
