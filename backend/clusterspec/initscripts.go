package clusterspec

import (
	"fmt"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// scriptKind is one init script destination kind and the prefix its
// destination must have.
type scriptKind struct {
	name, prefix, example string
}

var scriptKinds = []scriptKind{
	{"workspace", "/", "/Users/me@example.com/init.sh"},
	{"volumes", "/Volumes/", "/Volumes/main/ops/scripts/init.sh"},
	{"dbfs", "dbfs:/", "dbfs:/databricks/scripts/init.sh"},
	{"s3", "s3://", "s3://bucket/init.sh"},
	{"abfss", "abfss://", "abfss://container@account.dfs.core.windows.net/init.sh"},
	{"gcs", "gs://", "gs://bucket/init.sh"},
	{"file", "file:/", "file:/my/local/init.sh"},
}

// scriptDestinations lists the destinations set in one init script.
func scriptDestinations(s compute.InitScriptInfo) map[string]string {
	out := map[string]string{}
	if s.Workspace != nil {
		out["workspace"] = s.Workspace.Destination
	}
	if s.Volumes != nil {
		out["volumes"] = s.Volumes.Destination
	}
	if s.Dbfs != nil {
		out["dbfs"] = s.Dbfs.Destination
	}
	if s.S3 != nil {
		out["s3"] = s.S3.Destination
	}
	if s.Abfss != nil {
		out["abfss"] = s.Abfss.Destination
	}
	if s.Gcs != nil {
		out["gcs"] = s.Gcs.Destination
	}
	if s.File != nil {
		out["file"] = s.File.Destination
	}
	return out
}

func (v *validator) initScripts() {
	scripts := v.spec.InitScripts
	if len(scripts) > MaxInitScripts {
		v.add(Error, "init_scripts", "too_many_init_scripts", "A cluster can run at most %d init scripts (has %d).", MaxInitScripts, len(scripts))
	}
	seen := map[string]int{}
	for i, s := range scripts {
		base := fmt.Sprintf("init_scripts.%d", i)
		dests := scriptDestinations(s)
		if len(dests) != 1 {
			v.add(Error, base, "init_script_kind", "Init script %d must have exactly one destination (workspace, volumes, s3, abfss, gcs, dbfs or file); it has %d.", i+1, len(dests))
			continue
		}
		for _, k := range scriptKinds {
			dest, ok := dests[k.name]
			if !ok {
				continue
			}
			path := base + "." + k.name + ".destination"
			switch {
			case strings.TrimSpace(dest) == "":
				v.add(Error, path, "init_script_empty", "Init script %d has no path.", i+1)
			case !strings.HasPrefix(dest, k.prefix):
				v.add(Error, path, "init_script_prefix", "A %s init script path starts with %s, e.g. %s (is %q).", k.name, k.prefix, k.example, dest)
			case k.name == "dbfs":
				v.add(Warning, path, "init_script_dbfs", "Init scripts on DBFS are end-of-life; move the script to a volume or the workspace.")
			}
			if j, dup := seen[dest]; dup && dest != "" {
				v.add(Warning, path, "init_script_duplicate", "Init script %d runs the same script as init script %d.", i+1, j+1)
			} else {
				seen[dest] = i
			}
		}
	}
}
