package warehouses

import (
	"fmt"
	"slices"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/sql"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
)

// Problem is one field-keyed problem, as the cluster and pool forms give them.
type Problem = clusterspec.Violation

// Limits of the SQL Warehouses API (the SDK's CreateWarehouseRequest
// documents each; the Demo workspace enforces the same).
const (
	MaxNameLength   = 100 // the name must be shorter
	MaxClusters     = 40  // max_num_clusters
	MaxMinClusters  = 30  // min_num_clusters, also at most max_num_clusters
	MaxCustomTags   = 44  // fewer than 45
	MinAutoStopMins = 10  // classic and pro: 0 (never) or at least this; serverless: any ≥ 0
)

// Sizes are the cluster sizes a warehouse takes, smallest first.
var Sizes = []string{"2X-Small", "X-Small", "Small", "Medium", "Large", "X-Large", "2X-Large", "3X-Large", "4X-Large", "5X-Large"}

// Channels a warehouse may follow; none means the current one.
var Channels = []sql.ChannelName{sql.ChannelNameChannelNameCurrent, sql.ChannelNameChannelNamePreview, sql.ChannelNameChannelNamePrevious}

// defaultTags are the keys Databricks puts on the compute it deploys; a
// custom tag may not take them.
var defaultTags = []string{"Vendor", "Creator", "ClusterName", "ClusterId"}

// Field paths of the form, the API's JSON names.
const (
	fieldName       = "name"
	fieldSize       = "cluster_size"
	fieldMin        = "min_num_clusters"
	fieldMax        = "max_num_clusters"
	fieldAutoStop   = "auto_stop_mins"
	fieldType       = "warehouse_type"
	fieldServerless = "enable_serverless_compute"
	fieldSpot       = "spot_instance_policy"
	fieldChannel    = "channel.name"
	fieldTags       = "tags.custom_tags"
)

// FormContext is what a warehouse form is checked against. An empty list
// skips the unique-name check (nothing listed or cached yet).
type FormContext struct {
	Warehouses []sql.EndpointInfo // the workspace's warehouses, for unique names
	Self       string             // the warehouse being edited ("" on create)
}

type checker struct{ out []Problem }

func (c *checker) add(path, code, format string, args ...any) {
	c.out = append(c.out, Problem{Path: path, Code: code, Message: fmt.Sprintf(format, args...), Severity: clusterspec.Error})
}

// Validate checks a create request field by field, as the API would. A
// field left out takes the API's default (min 1 cluster, max = min, 120
// minutes to auto-stop); a zero the form sends on purpose is checked.
func Validate(r sql.CreateWarehouseRequest, fc FormContext) []Problem {
	c := &checker{}
	c.name(r.Name, fc)
	switch {
	case r.ClusterSize == "":
		c.add(fieldSize, "required", "Pick the size of the warehouse's clusters.")
	case !slices.Contains(Sizes, r.ClusterSize):
		c.add(fieldSize, "unknown_size", "Size must be one of %s (is %q).", strings.Join(Sizes, ", "), r.ClusterSize)
	}
	c.clusters(r)
	c.kind(r)
	c.autoStop(r)
	switch r.SpotInstancePolicy {
	case "", sql.SpotInstancePolicyPolicyUnspecified, sql.SpotInstancePolicyCostOptimized, sql.SpotInstancePolicyReliabilityOptimized:
	default:
		c.add(fieldSpot, "unknown", "The spot policy is COST_OPTIMIZED or RELIABILITY_OPTIMIZED (is %q).", r.SpotInstancePolicy)
	}
	if r.Channel != nil && r.Channel.Name != "" && !slices.Contains(Channels, r.Channel.Name) {
		c.add(fieldChannel, "unknown", "The channel is CHANNEL_NAME_CURRENT, CHANNEL_NAME_PREVIEW or CHANNEL_NAME_PREVIOUS (is %q).", r.Channel.Name)
	}
	c.tags(r.Tags)
	return c.out
}

func (c *checker) name(n string, fc FormContext) {
	switch {
	case strings.TrimSpace(n) == "":
		c.add(fieldName, "required", "Give the warehouse a name.")
		return
	case len([]rune(n)) >= MaxNameLength:
		c.add(fieldName, "name_too_long", "The name must be shorter than %d characters (has %d).", MaxNameLength, len([]rune(n)))
	}
	for _, w := range fc.Warehouses {
		// A warehouse being deleted keeps its name until it is gone.
		if w.Id != fc.Self && w.State != sql.StateDeleted && w.Name == n {
			c.add(fieldName, "name_taken", "Another SQL warehouse in this workspace is already named %q.", n)
			return
		}
	}
}

// clusters checks the scaling range with the API's defaults filled in.
func (c *checker) clusters(r sql.CreateWarehouseRequest) {
	lo, hi := r.MinNumClusters, r.MaxNumClusters
	if lo == 0 && !sent(r.ForceSendFields, "MinNumClusters") {
		lo = 1
	}
	if hi == 0 && !sent(r.ForceSendFields, "MaxNumClusters") {
		hi = lo
	}
	switch {
	case lo < 1:
		c.add(fieldMin, "range", "A warehouse keeps at least 1 cluster (min is %d).", lo)
	case lo > MaxMinClusters:
		c.add(fieldMin, "range", "Min clusters can be at most %d (is %d).", MaxMinClusters, lo)
	}
	switch {
	case hi > MaxClusters:
		c.add(fieldMax, "range", "Max clusters can be at most %d (is %d).", MaxClusters, hi)
	case hi < lo && lo >= 1:
		c.add(fieldMax, "below_min", "Max clusters (%d) cannot be below min clusters (%d).", hi, lo)
	}
}

// kind checks the type: serverless compute exists only for PRO warehouses.
func (c *checker) kind(r sql.CreateWarehouseRequest) {
	switch r.WarehouseType {
	case "", sql.CreateWarehouseRequestWarehouseTypeTypeUnspecified, sql.CreateWarehouseRequestWarehouseTypeClassic, sql.CreateWarehouseRequestWarehouseTypePro:
	default:
		c.add(fieldType, "unknown", "The warehouse type is CLASSIC or PRO (is %q).", r.WarehouseType)
		return
	}
	if r.EnableServerlessCompute && r.WarehouseType != sql.CreateWarehouseRequestWarehouseTypePro {
		c.add(fieldType, "serverless_needs_pro", "A serverless warehouse is of type PRO; set the type to PRO or turn serverless off.")
	}
}

// autoStop: 0 never stops; classic and pro stop after 10 minutes at the
// soonest, serverless after any number of minutes.
func (c *checker) autoStop(r sql.CreateWarehouseRequest) {
	m := r.AutoStopMins
	switch {
	case m < 0:
		c.add(fieldAutoStop, "range", "Auto-stop is 0 (never) or a number of minutes (is %d).", m)
	case !r.EnableServerlessCompute && m > 0 && m < MinAutoStopMins:
		c.add(fieldAutoStop, "range", "A classic or pro warehouse auto-stops after %d minutes at the soonest, or never (0); is %d. Serverless ones allow 1 or more.", MinAutoStopMins, m)
	}
}

// tags reuse the clouds' tag-key rules of clusters and pools; the
// warehouse's own are the count and that a list may repeat a key.
func (c *checker) tags(t *sql.EndpointTags) {
	if t == nil {
		return
	}
	byKey := make(map[string]string, len(t.CustomTags))
	for _, p := range t.CustomTags {
		if _, dup := byKey[p.Key]; dup && strings.TrimSpace(p.Key) != "" {
			c.add(fieldTags+"."+p.Key, "tag_key_repeated", "Tag key %q appears more than once.", p.Key)
		}
		byKey[p.Key] = p.Value
	}
	// CheckTags counts distinct keys; the API counts the list.
	if n := len(t.CustomTags); n > MaxCustomTags && len(byKey) <= MaxCustomTags {
		c.add(fieldTags, "too_many_tags", "A warehouse can have at most %d custom tags (has %d).", MaxCustomTags, n)
	}
	for _, p := range clusterspec.CheckTags(byKey, clusterspec.TagRules{Max: MaxCustomTags, Noun: "warehouse", Reserved: defaultTags}) {
		p.Path = fieldTags + strings.TrimPrefix(p.Path, "custom_tags")
		c.out = append(c.out, p)
	}
}

func sent(force []string, field string) bool { return slices.Contains(force, field) }

// HasErrors reports whether any problem stops a save.
func HasErrors(ps []Problem) bool {
	for _, p := range ps {
		if p.Severity == clusterspec.Error {
			return true
		}
	}
	return false
}
