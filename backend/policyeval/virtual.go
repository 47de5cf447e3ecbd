package policyeval

import (
	"fmt"
	"strings"

	"github.com/clusterdeck/clusterdeck/backend/sparkversion"
)

// ClusterType is the virtual attribute cluster_type: which flow a policy
// is offered in.
type ClusterType string

// Cluster types.
const (
	AllPurpose ClusterType = "all-purpose"
	Job        ClusterType = "job"
	DLT        ClusterType = "dlt"
)

// ClusterTypes lists every cluster type.
var ClusterTypes = []ClusterType{AllPurpose, Job, DLT}

// Virtual attribute paths: not spec fields, but policy rules may limit them.
const (
	PathClusterType = "cluster_type"
	PathDBUsPerHour = "dbus_per_hour"
	PathLogPath     = "cluster_log_conf.path"
	PathLogType     = "cluster_log_conf.type"
)

// logKinds are cluster_log_conf's destination kinds (policy values upper case).
var logKinds = []string{"dbfs", "s3", "volumes"}

func isVirtual(path string) bool {
	switch path {
	case PathClusterType, PathDBUsPerHour, PathLogPath, PathLogType:
		return true
	}
	return false
}

func (e *evaluation) virtual(path string, r *Rule) {
	switch path {
	case PathClusterType:
		v := string(e.opts.ClusterType)
		if reason, msg := e.checkValue(path, r, v); reason != "" {
			e.violate(path, path, r, ReasonNotOffered, v, msg)
		}
	case PathDBUsPerHour:
		e.checkDBUs(r)
	case PathLogPath, PathLogType:
		e.checkLog(path, r)
	}
}

func (e *evaluation) checkDBUs(r *Rule) {
	if e.opts.Rates == nil {
		e.res.Notes = append(e.res.Notes, "dbus_per_hour was not checked: no DBU rate table was given")
		return
	}
	est, err := e.opts.Rates.Estimate(e.doc, e.opts.NodeTypes, e.opts.Pools)
	if err != nil {
		e.res.Notes = append(e.res.Notes, fmt.Sprintf("dbus_per_hour was not checked: %v", err))
		return
	}
	e.res.DBUsPerHour = &est
	if reason, msg := e.checkValue(PathDBUsPerHour, r, est.DBUsPerHour); reason != "" {
		e.violate(PathDBUsPerHour, PathDBUsPerHour, r, reason, est.DBUsPerHour, msg)
		e.res.Violations[len(e.res.Violations)-1].Estimated = true
	}
}

// logDestination finds the log destination set in cluster_log_conf.
func (e *evaluation) logDestination() (kind string, dest any, ok bool) {
	for _, k := range logKinds {
		if v, found := lookup(e.doc, []string{"cluster_log_conf", k, "destination"}); found {
			return k, v, true
		}
	}
	return "", nil, false
}

// checkLog handles cluster_log_conf.path and .type, which the policy
// language offers instead of the per-kind destination fields.
func (e *evaluation) checkLog(path string, r *Rule) {
	kind, dest, ok := e.logDestination()
	var v any
	if ok && path == PathLogPath {
		v = dest
	} else if ok {
		v = strings.ToUpper(kind)
	}
	if !ok {
		fill := r.Value
		change := ChangeFixed
		if r.Type != Fixed {
			fill, change = nil, ChangeDefault
			if e.opts.ApplyDefaults {
				fill = r.DefaultValue
			}
		}
		switch {
		case r.Type == Forbidden:
		case fill != nil && path == PathLogPath:
			// Recorded under the concrete path: a client that sets Applied
			// paths must write the destination, not a "path" key the API
			// does not know.
			k := e.logKindWanted()
			e.set("cluster_log_conf."+k+".destination", []string{"cluster_log_conf", k, "destination"}, fill, change)
		case fill != nil:
			// The type alone is taken when the path is filled in.
		case r.Required():
			e.violate(path, path, r, ReasonMissing, nil, msgMissing(path))
		}
		return
	}
	if reason, msg := e.checkValue(path, r, v); reason != "" {
		e.violate(path, path, r, reason, v, msg)
	}
}

// logKindWanted is the destination kind a fixed or default
// cluster_log_conf.type asks for (dbfs otherwise).
func (e *evaluation) logKindWanted() string {
	want := ""
	if t, ok := e.def.rules[PathLogType]; ok {
		if t.Type == Fixed {
			want = Text(t.Value)
		} else {
			want = Text(t.DefaultValue)
		}
	}
	for _, k := range logKinds {
		if strings.EqualFold(want, k) {
			return k
		}
	}
	return "dbfs"
}

// same compares a spec value with a rule value; for spark_version an alias
// on either side is resolved against the workspace's runtimes.
func (e *evaluation) same(path string, v, want any) bool {
	if sameValue(v, want) {
		return true
	}
	if path != "spark_version" || len(e.opts.SparkVersions) == 0 {
		return false
	}
	a, okA := sparkversion.Resolve(Text(v), e.opts.SparkVersions)
	b, okB := sparkversion.Resolve(Text(want), e.opts.SparkVersions)
	return okA && okB && a == b
}

func (e *evaluation) resolvedMatches(path string, v any, r *Rule) bool {
	if path != "spark_version" || !sparkversion.IsAlias(Text(v)) {
		return false
	}
	key, ok := sparkversion.Resolve(Text(v), e.opts.SparkVersions)
	return ok && r.re.MatchString(key)
}
