package clusterspec

import (
	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/sparkversion"
)

func (v *validator) catalog() {
	s := v.spec
	if s.SparkVersion == "" {
		v.add(Error, "spark_version", "runtime_required", "Pick a Databricks Runtime version.")
	}
	if s.NodeTypeId == "" && s.InstancePoolId == "" {
		v.add(Error, "node_type_id", "node_type_required", "Pick a worker type or an instance pool.")
	}
	cat := v.opts.Catalog
	if cat == nil {
		return
	}
	runtime := s.SparkVersion
	if len(cat.SparkVersions) > 0 && s.SparkVersion != "" {
		key, ok := sparkversion.Resolve(s.SparkVersion, cat.SparkVersions)
		if !ok {
			v.add(Error, "spark_version", "runtime_unknown",
				"Databricks Runtime %s is not offered by this workspace; pick one from the list.", s.SparkVersion)
		}
		runtime = key
	}
	if len(cat.NodeTypes) == 0 {
		return
	}
	worker := v.nodeType("node_type_id", s.NodeTypeId)
	v.nodeType("driver_node_type_id", s.DriverNodeTypeId)
	if worker != nil && sparkversion.IsGPU(runtime) && worker.NumGpus == 0 {
		v.add(Error, "node_type_id", "gpu_runtime_cpu_node",
			"The GPU runtime %s needs a GPU worker type; %s has no GPU.", runtime, worker.NodeTypeId)
	}
}

// nodeType checks that id (when set) is offered, and returns it.
func (v *validator) nodeType(path, id string) *compute.NodeType {
	if id == "" {
		return nil
	}
	for i, n := range v.opts.Catalog.NodeTypes {
		if n.NodeTypeId == id {
			if n.IsDeprecated {
				v.add(Warning, path, "node_type_deprecated", "Node type %s is deprecated; pick a current one.", id)
			}
			return &v.opts.Catalog.NodeTypes[i]
		}
	}
	v.add(Error, path, "node_type_unknown", "Node type %s is not offered by this workspace; pick one from the list.", id)
	return nil
}

// pools checks the pool fields: with a pool, the node type and cloud
// attributes come from the pool and must not be sent.
func (v *validator) pools() {
	s := v.spec
	if s.InstancePoolId != "" {
		if s.NodeTypeId != "" {
			v.add(Error, "node_type_id", "pool_and_node_type",
				"The worker type comes from instance pool %s: clear the worker type or the pool.", s.InstancePoolId)
		}
		for _, c := range []struct {
			path string
			set  bool
		}{{"aws_attributes", s.AwsAttributes != nil}, {"azure_attributes", s.AzureAttributes != nil}, {"gcp_attributes", s.GcpAttributes != nil}} {
			if c.set {
				v.add(Error, c.path, "pool_and_cloud_attributes", "Cloud attributes come from the instance pool: remove %s.", c.path)
			}
		}
		v.poolExists("instance_pool_id", s.InstancePoolId)
	}
	if s.DriverInstancePoolId != "" {
		if s.DriverNodeTypeId != "" {
			v.add(Error, "driver_node_type_id", "pool_and_driver_node_type",
				"The driver type comes from instance pool %s: clear the driver type or the driver pool.", s.DriverInstancePoolId)
		}
		v.poolExists("driver_instance_pool_id", s.DriverInstancePoolId)
	}
}

func (v *validator) poolExists(path, id string) {
	if v.opts.Catalog == nil || len(v.opts.Catalog.Pools) == 0 {
		return
	}
	for _, p := range v.opts.Catalog.Pools {
		if p.InstancePoolId == id {
			return
		}
	}
	v.add(Error, path, "pool_unknown", "Instance pool %s does not exist in this workspace (or you cannot see it).", id)
}

// catalogCodes are the rules that check a spec against what the workspace
// offers (its cached catalog), as opposed to the API's own rules.
var catalogCodes = map[string]bool{"runtime_unknown": true, "node_type_unknown": true,
	"node_type_deprecated": true, "gpu_runtime_cpu_node": true, "pool_unknown": true}

// IsCatalogRule says whether a Violation code comes from a catalog check.
func IsCatalogRule(code string) bool { return catalogCodes[code] }
