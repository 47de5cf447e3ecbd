package demo

import (
	"github.com/databricks/databricks-sdk-go/service/compute"
)

// policyFamilies are the built-in templates with definitions modelled on the
// defaults Databricks ships for Azure workspaces.
var policyFamilies = []compute.PolicyFamily{
	{PolicyFamilyId: "personal-vm", Name: "Personal Compute",
		Description: "Use with small-to-medium data or libraries like pandas and scikit-learn. Spark runs in local mode.",
		Definition: `{
  "node_type_id": {"type": "allowlist", "values": ["Standard_DS3_v2", "Standard_DS4_v2", "Standard_DS5_v2", "Standard_D4ds_v5", "Standard_D8ds_v5", "Standard_E4ds_v4", "Standard_E8ds_v4", "Standard_NC4as_T4_v3"], "defaultValue": "Standard_DS3_v2"},
  "spark_version": {"type": "unlimited", "defaultValue": "auto:latest-ml"},
  "runtime_engine": {"type": "fixed", "value": "STANDARD", "hidden": true},
  "num_workers": {"type": "fixed", "value": 0, "hidden": true},
  "data_security_mode": {"type": "allowlist", "values": ["SINGLE_USER", "LEGACY_SINGLE_USER", "LEGACY_SINGLE_USER_STANDARD"], "defaultValue": "SINGLE_USER", "hidden": true},
  "driver_instance_pool_id": {"type": "forbidden", "hidden": true},
  "cluster_type": {"type": "fixed", "value": "all-purpose"},
  "instance_pool_id": {"type": "forbidden", "hidden": true},
  "azure_attributes.availability": {"type": "fixed", "value": "ON_DEMAND_AZURE", "hidden": true},
  "spark_conf.spark.databricks.cluster.profile": {"type": "fixed", "value": "singleNode", "hidden": true},
  "autotermination_minutes": {"type": "unlimited", "defaultValue": 4320, "isOptional": true}
}`},
	{PolicyFamilyId: "shared-data-science", Name: "Shared Compute",
		Description: "Multi-purpose compute for shared use, with user isolation.",
		Definition: `{
  "data_security_mode": {"type": "fixed", "value": "USER_ISOLATION", "hidden": true},
  "spark_version": {"type": "unlimited", "defaultValue": "auto:latest-lts"},
  "cluster_type": {"type": "fixed", "value": "all-purpose"},
  "autotermination_minutes": {"type": "range", "minValue": 10, "maxValue": 180, "defaultValue": 120},
  "autoscale.min_workers": {"type": "unlimited", "defaultValue": 1, "isOptional": true},
  "autoscale.max_workers": {"type": "range", "maxValue": 10, "defaultValue": 4, "isOptional": true}
}`},
	{PolicyFamilyId: "power-user", Name: "Power User Compute",
		Description: "Larger clusters for experienced users: autoscaling up to 20 workers, single-user access.",
		Definition: `{
  "spark_version": {"type": "unlimited", "defaultValue": "auto:latest-ml"},
  "cluster_type": {"type": "fixed", "value": "all-purpose"},
  "data_security_mode": {"type": "allowlist", "values": ["SINGLE_USER", "USER_ISOLATION"], "defaultValue": "SINGLE_USER"},
  "autotermination_minutes": {"type": "unlimited", "defaultValue": 120, "isOptional": true},
  "autoscale.min_workers": {"type": "unlimited", "defaultValue": 2, "isOptional": true},
  "autoscale.max_workers": {"type": "range", "maxValue": 20, "defaultValue": 10, "isOptional": true}
}`},
	{PolicyFamilyId: "job-cluster", Name: "Job Compute",
		Description: "Compute for jobs: job clusters only, latest LTS runtime by default.",
		Definition: `{
  "cluster_type": {"type": "fixed", "value": "job"},
  "spark_version": {"type": "unlimited", "defaultValue": "auto:latest-lts"},
  "node_type_id": {"type": "unlimited", "defaultValue": "Standard_DS3_v2", "isOptional": true},
  "num_workers": {"type": "unlimited", "defaultValue": 4, "isOptional": true},
  "data_security_mode": {"type": "fixed", "value": "SINGLE_USER", "hidden": true}
}`},
}

func familyByID(id string) *compute.PolicyFamily {
	for i := range policyFamilies {
		if policyFamilies[i].PolicyFamilyId == id {
			return &policyFamilies[i]
		}
	}
	return nil
}

func policyFamilyRoutes() map[string]handler {
	return map[string]handler{
		"GET /api/2.0/policy-families":      (*workspace).listPolicyFamilies,
		"GET /api/2.0/policy-families/{id}": (*workspace).getPolicyFamily,
	}
}

func (ws *workspace) listPolicyFamilies(c *call) (any, error) {
	return compute.ListPolicyFamiliesResponse{PolicyFamilies: policyFamilies}, nil
}

func (ws *workspace) getPolicyFamily(c *call) (any, error) {
	f := familyByID(c.r.PathValue("id"))
	if f == nil {
		return nil, errNotFound("Policy family %s does not exist.", c.r.PathValue("id"))
	}
	return *f, nil
}
