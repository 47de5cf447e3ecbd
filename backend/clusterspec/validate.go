// Package clusterspec checks a cluster spec against the Clusters API's own
// rules, before and beside any policy: name, auto-termination, workers,
// single-node settings, tags, runtime and node type against the workspace
// catalog, pools, init scripts and library coordinates. Every violation
// names the field path a form can show it next to.
package clusterspec

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// Severity tells errors (the service would refuse, or the cluster would not
// work) from warnings (accepted, but probably not what was meant).
type Severity string

// Severities.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
)

// Violation is one problem with one field.
type Violation struct {
	Path     string   `json:"path"`     // API field path, e.g. autoscale.max_workers, custom_tags.team
	Code     string   `json:"code"`     // stable id of the rule, e.g. autotermination_range
	Message  string   `json:"message"`  // plain sentence saying what to change
	Severity Severity `json:"severity"` // error or warning
}

// Catalog is what the workspace offers; empty lists skip their checks
// (offline with nothing cached).
type Catalog struct {
	NodeTypes     []compute.NodeType
	SparkVersions []compute.SparkVersion
	Pools         []compute.InstancePoolAndStats
}

// Options tune a validation.
type Options struct {
	Catalog *Catalog
	// RequireName asks for a cluster name (all-purpose clusters; job
	// clusters are named by the job).
	RequireName bool
	// AllPurpose warns when the cluster would never stop by itself (job
	// clusters stop with their run).
	AllPurpose bool
	// ManyWorkers is the worker count above which a spec gets a warning: the
	// workspace's limit when the caller knows one, else ManyWorkersDefault.
	ManyWorkers int
}

// ManyWorkersDefault: the Clusters API reports no per-workspace or
// per-node-type maximum (the cloud's quota decides, at create time), so
// above this count a spec is warned about as probably a typo.
const ManyWorkersDefault = 1000

// Limits of the Clusters API.
const (
	MaxNameLength    = 100
	MinAutoTerminate = 10
	// SuggestedAutoTerminate is the web UI's default for new compute.
	SuggestedAutoTerminate = 60
	MaxAutoTerminate       = 10000
	MaxCustomTags          = 45
	MaxTagKeyLength        = 127
	MaxTagValueLength      = 255
	MaxInitScripts         = 10
)

// Validate checks a spec as it will be sent (zero values only where
// ForceSendFields lists them, as the SDK sends them).
func Validate(spec compute.ClusterSpec, opts Options) []Violation {
	v := &validator{spec: spec, opts: opts, sentWorkers: spec.NumWorkers != 0 || forced(spec.ForceSendFields, "NumWorkers")}
	v.name()
	v.autoTermination()
	v.workers()
	v.singleNode()
	v.tags()
	v.catalog()
	v.pools()
	v.initScripts()
	if v.out == nil {
		v.out = []Violation{}
	}
	return v.out
}

// ValidateCreate checks a create request.
func ValidateCreate(req compute.CreateCluster, opts Options) ([]Violation, error) {
	spec, err := specOf(req)
	if err != nil {
		return nil, err
	}
	return Validate(spec, opts), nil
}

// ValidateJSON checks a spec given as Clusters API JSON.
// A value of the wrong type is a violation at its field (see DecodeSpec).
func ValidateJSON(raw []byte, opts Options) ([]Violation, error) {
	spec, problems, err := DecodeSpec(raw)
	if err != nil {
		return nil, fmt.Errorf("cluster spec is not valid JSON for the Clusters API: %w", err)
	}
	return WithTypeProblems(problems, Validate(spec, opts)), nil
}

// WithTypeProblems puts the wrong-type problems of DecodeSpec before the
// rule violations, dropping rule violations at those paths: a value left
// out for its type would otherwise also read as missing (0 workers).
func WithTypeProblems(typeProblems, vs []Violation) []Violation {
	out := append([]Violation{}, typeProblems...)
	for _, v := range vs {
		covered := false
		for _, p := range typeProblems {
			if v.Path == p.Path || strings.HasPrefix(p.Path, v.Path+".") || strings.HasPrefix(v.Path, p.Path+".") {
				covered = true
				break
			}
		}
		if !covered {
			out = append(out, v)
		}
	}
	return out
}

func specOf(v any) (compute.ClusterSpec, error) {
	var spec compute.ClusterSpec
	raw, err := json.Marshal(v)
	if err != nil {
		return spec, fmt.Errorf("encode cluster spec: %w", err)
	}
	if err := json.Unmarshal(raw, &spec); err != nil {
		return spec, fmt.Errorf("decode cluster spec: %w", err)
	}
	return spec, nil
}

func forced(fields []string, name string) bool {
	for _, f := range fields {
		if f == name {
			return true
		}
	}
	return false
}

type validator struct {
	spec        compute.ClusterSpec
	opts        Options
	sentWorkers bool
	out         []Violation
}

func (v *validator) add(sev Severity, path, code, format string, args ...any) {
	v.out = append(v.out, Violation{Path: path, Code: code, Message: fmt.Sprintf(format, args...), Severity: sev})
}

func (v *validator) name() {
	n := v.spec.ClusterName
	switch {
	case strings.TrimSpace(n) == "" && v.opts.RequireName:
		v.add(Error, "cluster_name", "name_required", "Give the cluster a name.")
	case len([]rune(n)) > MaxNameLength:
		v.add(Error, "cluster_name", "name_too_long", "The cluster name must be at most %d characters (is %d).", MaxNameLength, len([]rune(n)))
	case strings.IndexFunc(n, unicode.IsControl) >= 0:
		v.add(Error, "cluster_name", "name_control_chars", "The cluster name must be one line without control characters.")
	case n != strings.TrimSpace(n):
		v.add(Warning, "cluster_name", "name_spaces", "The cluster name starts or ends with spaces.")
	}
}

func (v *validator) autoTermination() {
	m := v.spec.AutoterminationMinutes
	switch {
	case m != 0 && (m < MinAutoTerminate || m > MaxAutoTerminate):
		v.add(Error, "autotermination_minutes", "autotermination_range",
			"Auto-termination must be 0 (off) or between %d and %d minutes (is %d).", MinAutoTerminate, MaxAutoTerminate, m)
	case m == 0 && v.opts.AllPurpose:
		// The API's default is off; the web UI starts new compute at 60.
		v.add(Warning, "autotermination_minutes", "autotermination_off",
			"Auto-termination is off: this cluster runs, and bills, until someone stops it. The web UI's default is %d minutes.",
			SuggestedAutoTerminate)
	}
}

func (v *validator) workers() {
	a := v.spec.Autoscale
	limit := v.opts.ManyWorkers
	if limit <= 0 {
		limit = ManyWorkersDefault
	}
	switch {
	case a == nil && v.spec.NumWorkers > limit:
		v.manyWorkers("num_workers", v.spec.NumWorkers, limit)
	case a != nil && a.MaxWorkers > limit:
		v.manyWorkers("autoscale.max_workers", a.MaxWorkers, limit)
	}
	if a == nil {
		if v.spec.NumWorkers < 0 {
			v.add(Error, "num_workers", "workers_negative", "The number of workers must be 0 or more (is %d).", v.spec.NumWorkers)
		}
		return
	}
	if v.spec.NumWorkers > 0 {
		v.add(Error, "num_workers", "workers_and_autoscale", "Set either a fixed number of workers or autoscaling, not both.")
	}
	if a.MinWorkers < 0 {
		v.add(Error, "autoscale.min_workers", "min_workers_negative", "The minimum number of workers must be 0 or more (is %d).", a.MinWorkers)
	}
	if a.MaxWorkers < 1 {
		v.add(Error, "autoscale.max_workers", "max_workers_too_low", "The maximum number of workers must be at least 1 (is %d).", a.MaxWorkers)
	} else if a.MinWorkers > a.MaxWorkers {
		v.add(Error, "autoscale.max_workers", "min_above_max",
			"The maximum number of workers (%d) must not be below the minimum (%d).", a.MaxWorkers, a.MinWorkers)
	}
}

func (v *validator) manyWorkers(path string, n, limit int) {
	v.add(Warning, path, "many_workers",
		"%d workers is more than %d: the cloud account's quota for the node type usually stops far below that, so the cluster may fail to start or never get all its nodes. Check the number.", n, limit)
}
