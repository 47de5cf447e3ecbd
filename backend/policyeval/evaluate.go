package policyeval

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/databricks/databricks-sdk-go/service/compute"
)

// ErrInvalidSpec is wrapped when a spec cannot be read as a JSON object.
var ErrInvalidSpec = errors.New("invalid cluster spec")

// Options are what an evaluation needs besides the definition and spec.
type Options struct {
	// ClusterType is the flow the spec is for (cluster_type); default all-purpose.
	ClusterType ClusterType
	// ApplyDefaults fills absent attributes with their defaultValue, as the
	// service does for apply_policy_default_values=true. Fixed values are
	// always filled in.
	ApplyDefaults bool
	// Rates, NodeTypes and Pools estimate dbus_per_hour; without Rates a
	// dbus_per_hour rule is not checked (a Note says so).
	Rates     *RateTable
	NodeTypes []compute.NodeType
	Pools     []compute.InstancePoolAndStats
	// SparkVersions resolves spark_version aliases (auto:latest-lts) when a
	// literal comparison fails.
	SparkVersions []compute.SparkVersion
}

// Violation is one broken rule.
type Violation struct {
	Path      string   `json:"path"` // concrete attribute path, e.g. init_scripts.1.volumes.destination
	Rule      string   `json:"rule"` // the definition path broken (may hold *)
	Type      RuleType `json:"type"` // the rule's type
	Reason    Reason   `json:"reason"`
	Value     string   `json:"value,omitempty"` // the offending value as text
	Message   string   `json:"message"`         // the service's wording
	Estimated bool     `json:"estimated,omitempty"`
}

// ChangeKind says why the evaluator set an attribute.
type ChangeKind string

// Change kinds.
const (
	ChangeFixed   ChangeKind = "fixed"
	ChangeDefault ChangeKind = "default"
)

// Change is an attribute the evaluator filled in.
type Change struct {
	Path  string     `json:"path"`
	Value any        `json:"value"`
	Kind  ChangeKind `json:"kind"`
}

// Result is an evaluation's outcome.
type Result struct {
	Violations []Violation `json:"violations"`
	// Effective is the spec (API JSON) with fixed values, and defaults when
	// asked, filled in: what the service would create.
	Effective map[string]any `json:"effective"`
	Applied   []Change       `json:"applied"`
	// DBUsPerHour is the estimate dbus_per_hour was checked against (nil
	// when no estimate could be made).
	DBUsPerHour *Estimate `json:"dbusPerHour,omitempty"`
	Notes       []string  `json:"notes,omitempty"`
}

// OK reports whether the spec satisfies the policy.
func (r Result) OK() bool { return len(r.Violations) == 0 }

// Messages are the violations' messages in order.
func (r Result) Messages() []string {
	out := make([]string, len(r.Violations))
	for i, v := range r.Violations {
		out[i] = v.Message
	}
	return out
}

// EffectiveSpec decodes Effective into the SDK type (through clusterspec,
// the one decoder of a spec); a value of the wrong type refuses it.
func (r Result) EffectiveSpec() (compute.ClusterSpec, error) {
	doc, problems, err := clusterspec.DecodeMap(r.Effective)
	if err != nil {
		return compute.ClusterSpec{}, fmt.Errorf("%w: %w", ErrInvalidSpec, err)
	}
	if p, bad := clusterspec.FirstTypeProblem(problems); bad {
		return compute.ClusterSpec{}, fmt.Errorf("%w: %s", ErrInvalidSpec, p.Message)
	}
	return doc.Spec, nil
}

// Evaluate checks spec as the SDK would send it (zero values are sent only
// when listed in ForceSendFields, e.g. NumWorkers for a single node).
func Evaluate(def *Definition, spec compute.ClusterSpec, opts Options) (Result, error) {
	raw, err := json.Marshal(spec)
	if err != nil {
		return Result{}, fmt.Errorf("%w: %w", ErrInvalidSpec, err)
	}
	return EvaluateJSON(def, raw, opts)
}

// EvaluateJSON checks a spec given as Clusters API JSON (create or edit body).
func EvaluateJSON(def *Definition, raw []byte, opts Options) (Result, error) {
	t, err := clusterspec.DecodeTree(raw)
	if err != nil {
		return Result{}, fmt.Errorf("%w: %w", ErrInvalidSpec, err)
	}
	return EvaluateTree(def, t, opts), nil
}

// EvaluateTree checks a decoded spec. spec is not modified.
func EvaluateTree(def *Definition, spec map[string]any, opts Options) Result {
	if opts.ClusterType == "" {
		opts.ClusterType = AllPurpose
	}
	e := &evaluation{def: def, opts: opts, doc: deepCopy(spec).(map[string]any)}
	for _, path := range def.paths {
		r := def.rules[path]
		switch {
		case path == PathDBUsPerHour:
			// Checked below, once every other rule has filled in its values.
		case isVirtual(path):
			e.virtual(path, r)
		case HasWildcard(path):
			for _, segs := range expand(e.doc, Segments(path)) {
				concrete := JoinSegments(segs)
				if _, own := def.rules[concrete]; !own { // an indexed rule wins
					e.check(concrete, path, segs, r, true)
				}
			}
		default:
			e.check(path, path, Segments(path), r, false)
		}
	}
	// dbus_per_hour depends on node types, sizes and the engine, which fixed
	// values and defaults may supply: the service checks it on the finished
	// spec, and so does this.
	if r, ok := def.rules[PathDBUsPerHour]; ok {
		e.virtual(PathDBUsPerHour, r)
	}
	if e.res.Violations == nil {
		e.res.Violations = []Violation{}
	}
	if e.res.Applied == nil {
		e.res.Applied = []Change{}
	}
	e.res.Effective = e.doc
	return e.res
}

type evaluation struct {
	def  *Definition
	opts Options
	doc  map[string]any
	res  Result
}

func (e *evaluation) violate(path, rule string, r *Rule, reason Reason, value any, msg string) {
	v := Violation{Path: path, Rule: rule, Type: r.Type, Reason: reason, Message: msg}
	if value != nil {
		v.Value = Text(value)
	}
	e.res.Violations = append(e.res.Violations, v)
}

func (e *evaluation) set(path string, segs []string, v any, kind ChangeKind) {
	assign(e.doc, segs, v)
	e.res.Applied = append(e.res.Applied, Change{Path: path, Value: v, Kind: kind})
}

// check applies rule r to the attribute at path. Values are not filled in
// inside array elements reached through a wildcard: the service cannot know
// which elements a user meant.
func (e *evaluation) check(path, rule string, segs []string, r *Rule, wildcard bool) {
	v, present := lookup(e.doc, segs)
	if !present {
		switch {
		case r.Type == Forbidden:
		case r.Type == Fixed && !wildcard:
			e.set(path, segs, r.Value, ChangeFixed)
		case r.Type == Fixed:
			if !r.IsOptional {
				e.violate(path, rule, r, ReasonMissing, nil, msgMissing(path))
			}
		case r.DefaultValue != nil && e.opts.ApplyDefaults && !wildcard:
			e.set(path, segs, r.DefaultValue, ChangeDefault)
		case r.Required():
			e.violate(path, rule, r, ReasonMissing, nil, msgMissing(path))
		}
		return
	}
	if reason, msg := e.checkValue(path, r, v); reason != "" {
		e.violate(path, rule, r, reason, v, msg)
	}
}

// checkValue tests a present value; it returns the reason and message of
// a failure, or "" when the value passes.
func (e *evaluation) checkValue(path string, r *Rule, v any) (Reason, string) {
	switch r.Type {
	case Forbidden:
		return ReasonForbidden, msgForbidden(path)
	case Fixed:
		if !e.same(path, v, r.Value) {
			return ReasonNotFixed, msgFixed(path, r.Value, v)
		}
	case Allowlist:
		if !e.anySame(path, v, r.Values) {
			return ReasonNotAllowed, msgAllow(path, r.Values, v)
		}
	case Blocklist:
		if e.anySame(path, v, r.Values) {
			return ReasonBlocked, msgBlock(path, r.Values, v)
		}
	case Regex:
		if !r.re.MatchString(Text(v)) && !e.resolvedMatches(path, v, r) {
			return ReasonNoMatch, msgRegex(path, r.Pattern, v)
		}
	case Range:
		n, ok := number(v)
		switch {
		case !ok:
			return ReasonNotANumber, msgNotNumber(path, v)
		case r.MinValue != nil && n < *r.MinValue:
			return ReasonBelowMin, msgMin(path, *r.MinValue, n)
		case r.MaxValue != nil && n > *r.MaxValue:
			return ReasonAboveMax, msgMax(path, *r.MaxValue, n)
		}
	}
	return "", ""
}

func (e *evaluation) anySame(path string, v any, values []any) bool {
	for _, a := range values {
		if e.same(path, v, a) {
			return true
		}
	}
	return false
}

func deepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, c := range x {
			out[k] = deepCopy(c)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, c := range x {
			out[i] = deepCopy(c)
		}
		return out
	default:
		return v
	}
}
