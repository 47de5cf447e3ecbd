package pools

import (
	"fmt"
	"slices"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
)

// Problem is one field-keyed problem, as the cluster form gets them.
type Problem = clusterspec.Violation

// Limits of the Instance Pools API.
const (
	MaxNameLength      = 100 // the name must be shorter
	MaxIdleMinutes     = 10000
	MaxAzureCustomTags = 41 // Azure's limit; the other clouds take the cluster limit
	MaxAzureDiskSize   = 1023
)

// defaultTags are set by Databricks on every pool; a custom tag may not take them.
var defaultTags = []string{"Vendor", "DatabricksInstancePoolCreatorId", "DatabricksInstancePoolId"}

// FormContext is what a pool form is checked against. Empty lists skip
// their checks (nothing cached yet).
type FormContext struct {
	Cloud     string                         // aws, azure or gcp
	Pools     []compute.InstancePoolAndStats // the workspace's pools, for unique names
	Self      string                         // the pool being edited ("" on create)
	NodeTypes []string
	Runtimes  []string
}

type checker struct{ out []Problem }

func (c *checker) add(path, code, format string, args ...any) {
	c.out = append(c.out, Problem{Path: path, Code: code, Message: fmt.Sprintf(format, args...), Severity: clusterspec.Error})
}

// Validate checks a create request field by field, as the API would.
func Validate(s compute.CreateInstancePool, fc FormContext) []Problem {
	c := &checker{}
	c.name(s.InstancePoolName, fc)
	switch {
	case s.NodeTypeId == "":
		c.add("node_type_id", "required", "Pick the node type of the pool's instances.")
	case len(fc.NodeTypes) > 0 && !slices.Contains(fc.NodeTypes, s.NodeTypeId):
		c.add("node_type_id", "unknown_node_type", "Node type %s is not offered by this workspace.", s.NodeTypeId)
	}
	c.sizes(s.MinIdleInstances, s.MaxCapacity, s.IdleInstanceAutoterminationMinutes)
	max := clusterspec.MaxCustomTags
	if fc.Cloud == "azure" {
		max = MaxAzureCustomTags
	}
	c.out = append(c.out, clusterspec.CheckTags(s.CustomTags, clusterspec.TagRules{Max: max, Noun: "pool", Reserved: defaultTags})...)
	if len(s.PreloadedSparkVersions) > 1 {
		c.add("preloaded_spark_versions", "too_many_runtimes", "A pool preloads at most one runtime (has %d).", len(s.PreloadedSparkVersions))
	}
	for _, v := range s.PreloadedSparkVersions {
		if len(fc.Runtimes) > 0 && !slices.Contains(fc.Runtimes, v) {
			c.add("preloaded_spark_versions", "unknown_runtime", "Runtime %s is not offered by this workspace.", v)
		}
	}
	c.disk(s.DiskSpec, fc.Cloud)
	c.attributes(s, fc.Cloud)
	return c.out
}

func (c *checker) name(n string, fc FormContext) {
	switch {
	case strings.TrimSpace(n) == "":
		c.add("instance_pool_name", "required", "Give the pool a name.")
		return
	case len([]rune(n)) >= MaxNameLength:
		c.add("instance_pool_name", "name_too_long", "The name must be shorter than %d characters (has %d).", MaxNameLength, len([]rune(n)))
	}
	for _, p := range fc.Pools {
		if p.InstancePoolId != fc.Self && p.State != compute.InstancePoolStateDeleted && p.InstancePoolName == n {
			c.add("instance_pool_name", "name_taken", "Another pool in this workspace is already named %q.", n)
			return
		}
	}
}

func (c *checker) sizes(minIdle, maxCap, idleMins int) {
	if minIdle < 0 {
		c.add("min_idle_instances", "negative", "Min idle cannot be negative.")
	}
	switch {
	case maxCap < 0:
		c.add("max_capacity", "negative", "Max capacity cannot be negative (leave it empty for no limit).")
	case maxCap > 0 && maxCap < minIdle:
		c.add("max_capacity", "below_min_idle", "Max capacity (%d) cannot be below min idle (%d).", maxCap, minIdle)
	}
	if idleMins < 0 || idleMins > MaxIdleMinutes {
		c.add("idle_instance_autotermination_minutes", "range", "Idle instance auto-termination must be from 0 to %d minutes (is %d).", MaxIdleMinutes, idleMins)
	}
}

func (c *checker) disk(d *compute.DiskSpec, cloud string) {
	if d == nil {
		return
	}
	if d.DiskCount < 0 {
		c.add("disk_spec.disk_count", "negative", "The number of disks cannot be negative.")
	}
	if d.DiskSize < 0 {
		c.add("disk_spec.disk_size", "negative", "The disk size cannot be negative.")
	}
	if d.DiskCount > 0 && d.DiskSize == 0 {
		c.add("disk_spec.disk_size", "required", "Give the size of each disk in GiB.")
	}
	var azureType, ebsType string
	if d.DiskType != nil {
		azureType, ebsType = string(d.DiskType.AzureDiskVolumeType), string(d.DiskType.EbsVolumeType)
	}
	switch cloud {
	case "azure":
		if ebsType != "" {
			c.add("disk_spec.disk_type.ebs_volume_type", "wrong_cloud", "EBS volume types are for AWS; pick an Azure disk type.")
		}
		if azureType != "" && !slices.Contains(azureDiskTypes, azureType) {
			c.add("disk_spec.disk_type.azure_disk_volume_type", "unknown", "Azure disk type must be one of %s.", strings.Join(azureDiskTypes, ", "))
		}
		if d.DiskSize > MaxAzureDiskSize {
			c.add("disk_spec.disk_size", "range", "Azure disks are 1 to %d GiB (is %d).", MaxAzureDiskSize, d.DiskSize)
		}
	case "aws":
		if azureType != "" {
			c.add("disk_spec.disk_type.azure_disk_volume_type", "wrong_cloud", "Azure disk types are for Azure; pick an EBS volume type.")
		}
		if r, ok := ebsSizes[ebsType]; ok && d.DiskSize > 0 && (d.DiskSize < r[0] || d.DiskSize > r[1]) {
			c.add("disk_spec.disk_size", "range", "%s volumes are %d to %d GiB (is %d).", ebsType, r[0], r[1], d.DiskSize)
		} else if !ok && ebsType != "" {
			c.add("disk_spec.disk_type.ebs_volume_type", "unknown", "EBS volume type must be GENERAL_PURPOSE_SSD or THROUGHPUT_OPTIMIZED_HDD.")
		}
	case "gcp":
		if azureType != "" || ebsType != "" {
			c.add("disk_spec.disk_type", "wrong_cloud", "GCP pools take no disk type; use the local SSD count of the GCP attributes.")
		}
	}
}

var azureDiskTypes = []string{"PREMIUM_LRS", "STANDARD_LRS"}

// ebsSizes are the sizes AWS accepts per EBS volume type, in GiB.
var ebsSizes = map[string][2]int{"GENERAL_PURPOSE_SSD": {100, 4096}, "THROUGHPUT_OPTIMIZED_HDD": {500, 4096}}

func (c *checker) attributes(s compute.CreateInstancePool, cloud string) {
	for _, a := range []struct {
		path string
		set  bool
	}{{"aws_attributes", s.AwsAttributes != nil}, {"azure_attributes", s.AzureAttributes != nil}, {"gcp_attributes", s.GcpAttributes != nil}} {
		if path := a.path; a.set && cloud != "" && path != cloud+"_attributes" {
			c.add(path, "wrong_cloud", "This workspace runs on %s; remove the %s.", strings.ToUpper(cloud), strings.ReplaceAll(path, "_", " "))
		}
	}
	if a := s.AzureAttributes; a != nil {
		if a.Availability != "" && !slices.Contains([]string{"SPOT_AZURE", "ON_DEMAND_AZURE"}, string(a.Availability)) {
			c.add("azure_attributes.availability", "unknown", "Availability must be SPOT_AZURE or ON_DEMAND_AZURE.")
		}
		if a.SpotBidMaxPrice != 0 && a.SpotBidMaxPrice != -1 && a.SpotBidMaxPrice < 0 {
			c.add("azure_attributes.spot_bid_max_price", "range", "The spot bid price is -1 (pay up to the on-demand price) or a positive price.")
		}
	}
	if a := s.AwsAttributes; a != nil {
		if a.Availability != "" && !slices.Contains([]string{"SPOT", "ON_DEMAND"}, string(a.Availability)) {
			c.add("aws_attributes.availability", "unknown", "Availability must be SPOT or ON_DEMAND.")
		}
		if a.SpotBidPricePercent < 0 || a.SpotBidPricePercent > 10000 {
			c.add("aws_attributes.spot_bid_price_percent", "range", "The spot bid is a percentage of the on-demand price, from 1 to 10000.")
		}
	}
	if a := s.GcpAttributes; a != nil {
		if a.GcpAvailability != "" && !slices.Contains([]string{"PREEMPTIBLE_GCP", "ON_DEMAND_GCP", "PREEMPTIBLE_WITH_FALLBACK_GCP"}, string(a.GcpAvailability)) {
			c.add("gcp_attributes.gcp_availability", "unknown", "Availability must be PREEMPTIBLE_GCP, ON_DEMAND_GCP or PREEMPTIBLE_WITH_FALLBACK_GCP.")
		}
		if a.LocalSsdCount < 0 {
			c.add("gcp_attributes.local_ssd_count", "negative", "The local SSD count cannot be negative.")
		}
	}
}

// HasErrors reports whether any problem stops a save.
func HasErrors(ps []Problem) bool {
	for _, p := range ps {
		if p.Severity == clusterspec.Error {
			return true
		}
	}
	return false
}
