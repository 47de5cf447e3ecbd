package clusterspec

import "regexp"

// The settings that make a classic single-node cluster; the API wants all
// of them together.
const (
	ProfileKey         = "spark.databricks.cluster.profile"
	ProfileSingleNode  = "singleNode"
	MasterKey          = "spark.master"
	MasterLocal        = "local[*]"
	ResourceClassTag   = "ResourceClass"
	ResourceSingleNode = "SingleNode"
)

var localMaster = regexp.MustCompile(`^local\[(\*|[1-9][0-9]*)(,\s*[1-9][0-9]*)?\]$`)

// IsSingleNode reports whether the spec asks for a single-node cluster in
// any of the ways the API knows.
func IsSingleNode(s sparkSettings) bool {
	return s.IsSingleNode || s.SparkConf[ProfileKey] == ProfileSingleNode ||
		s.CustomTags[ResourceClassTag] == ResourceSingleNode || localMaster.MatchString(s.SparkConf[MasterKey])
}

// sparkSettings is the part of a spec single-node detection reads.
type sparkSettings struct {
	IsSingleNode bool
	SparkConf    map[string]string
	CustomTags   map[string]string
}

func (v *validator) singleNode() {
	s := v.spec
	settings := sparkSettings{IsSingleNode: s.IsSingleNode, SparkConf: s.SparkConf, CustomTags: s.CustomTags}
	if !IsSingleNode(settings) {
		if s.Autoscale == nil && s.NumWorkers == 0 && (v.sentWorkers || s.NodeTypeId != "" || s.InstancePoolId != "") {
			v.add(Warning, "num_workers", "zero_workers_not_single_node",
				"With 0 workers and no single-node settings Spark has no executors: add workers or make it a single-node cluster.")
		}
		return
	}
	if s.Autoscale != nil {
		v.add(Error, "autoscale", "single_node_autoscale", "A single-node cluster has no workers: turn autoscaling off.")
	}
	if s.NumWorkers != 0 {
		v.add(Error, "num_workers", "single_node_workers", "A single-node cluster needs num_workers 0 (is %d).", s.NumWorkers)
	}
	if s.IsSingleNode {
		return // the service adds the Spark settings itself
	}
	if s.SparkConf[ProfileKey] != ProfileSingleNode {
		v.add(Error, "spark_conf."+ProfileKey, "single_node_profile",
			"A single-node cluster needs the Spark setting %s = %s.", ProfileKey, ProfileSingleNode)
	}
	if !localMaster.MatchString(s.SparkConf[MasterKey]) {
		v.add(Error, "spark_conf."+MasterKey, "single_node_master",
			"A single-node cluster needs the Spark setting %s = %s.", MasterKey, MasterLocal)
	}
	if s.CustomTags[ResourceClassTag] != ResourceSingleNode {
		v.add(Error, "custom_tags."+ResourceClassTag, "single_node_tag",
			"A single-node cluster needs the tag %s = %s.", ResourceClassTag, ResourceSingleNode)
	}
}
