package demo

import (
	"context"
	"net/http"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/workspaceapi"
)

// policyMessages: cluster policy violations (the words the policy cross-check compares,
// backend/policyeval/crosscheck_test.go), unknown policies, taken names, families, the
// definitions and settings the Cluster Policies API refuses, and who may use or make a policy.
// The rows are messageSource; TestMessageSources runs them.
func policyMessages(f *messageFixtures) []messageSource {
	sparkVersion, nodeType, violate, onlyRule := f.sparkVersion, f.nodeType, f.violate, f.onlyRule
	rawCase, asLimited, policyID, clusterID := f.rawCase, f.asLimited, f.policyID, f.clusterID
	return []messageSource{
		{name: "policy: fixed value overridden",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return violate(compute.CreateCluster{DriverNodeTypeId: "Standard_DS3_v2",
					CustomTags: map[string]string{"team": "data-engineering"},
					SparkConf:  map[string]string{"spark.databricks.io.cache.enabled": "true"}})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:    `Validation failed for driver_node_type_id, the value must be Standard_DS4_v2 (is "Standard_DS3_v2")`,
			source: "https://github.com/databricks/terraform-provider-databricks/issues/403 (`Validation failed for driver_node_type_id, the value must be i3.2xlarge (is \"i3.xlarge\")`)"},
		{name: "policy: fixed boolean overridden",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return violate(compute.CreateCluster{DriverNodeTypeId: "Standard_DS4_v2", EnableElasticDisk: true,
					CustomTags: map[string]string{"team": "data-engineering"},
					SparkConf:  map[string]string{"spark.databricks.io.cache.enabled": "true"}})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:    `Validation failed for enable_elastic_disk, the value must be false (is "true")`,
			source: "https://github.com/databricks/terraform-provider-databricks/issues/403 (`Validation failed for enable_elastic_disk, the value must be true (is \"false\")`)"},
		{name: "policy: several violations",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return violate(compute.CreateCluster{DriverNodeTypeId: "Standard_DS3_v2",
					CustomTags: map[string]string{"team": "marketing"},
					SparkConf:  map[string]string{"spark.databricks.io.cache.enabled": "true"}})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg: `Validation failed for custom_tags.team, the value must be data-engineering (is "marketing"); ` +
				`Validation failed for driver_node_type_id, the value must be Standard_DS4_v2 (is "Standard_DS3_v2")`,
			source: "https://github.com/databricks/terraform-provider-databricks/issues/403 (violations joined by \"; \")"},
		{name: "policy: required map key missing",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return onlyRule(t, `{"custom_tags.environment": {"type": "allowlist", "values": ["dev", "prod"]}}`, compute.CreateCluster{NumWorkers: 1})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:    "Validation failed for custom_tags, environment must be present",
			source: "https://github.com/databricks/terraform-provider-databricks/issues/403 (`Validation failed for custom_tags, environment must be present`)"},
		{name: "policy: required value missing",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return onlyRule(t, `{"autotermination_minutes": {"type": "range", "maxValue": 120}}`, compute.CreateCluster{NumWorkers: 1})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   "Validation failed for autotermination_minutes, the value must be present",
			guess: true, source: "tf-provider#403 quotes only the map-key form (`Validation failed for custom_tags, environment must be present`); this one follows it"},
		{name: "policy: value not in the allowlist",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return onlyRule(t, `{"node_type_id": {"type": "allowlist", "values": ["Standard_DS4_v2"]}}`, compute.CreateCluster{NumWorkers: 1})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   `Validation failed for node_type_id, the value must be one of [Standard_DS4_v2] (is "Standard_DS3_v2")`,
			guess: true, source: "no public quote found; built on the fixed-value template of tf-provider#403"},
		{name: "policy: value in the blocklist",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return onlyRule(t, `{"node_type_id": {"type": "blocklist", "values": ["Standard_DS3_v2"]}}`, compute.CreateCluster{NumWorkers: 1})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   `Validation failed for node_type_id, the value must not be one of [Standard_DS3_v2] (is "Standard_DS3_v2")`,
			guess: true, source: "no public quote found; built on the fixed-value template of tf-provider#403"},
		{name: "policy: pattern not matched",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return onlyRule(t, `{"spark_version": {"type": "regex", "pattern": "15\\..*"}}`, compute.CreateCluster{NumWorkers: 1})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   `Validation failed for spark_version, the value must match the regular expression 15\..* (is "16.4.x-scala2.12")`,
			guess: true, source: "no public quote found; built on the fixed-value template of tf-provider#403"},
		{name: "policy: above the range",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return onlyRule(t, `{"num_workers": {"type": "range", "maxValue": 0}}`, compute.CreateCluster{NumWorkers: 1})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   "Validation failed for num_workers, the value must be at most 0 (is 1)",
			guess: true, source: "no public quote found; built on the fixed-value template of tf-provider#403"},
		{name: "policy: forbidden value present",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return onlyRule(t, `{"spark_env_vars.DEBUG": {"type": "forbidden"}}`, compute.CreateCluster{NumWorkers: 1,
					SparkEnvVars: map[string]string{"DEBUG": "1"}})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   "Validation failed for spark_env_vars.DEBUG, the value must not be present",
			guess: true, source: "no public quote found; the opposite of `must be present` (tf-provider#403)"},
		{name: "policy: unknown policy on create",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.Clusters.Create(ctx, compute.CreateCluster{ClusterName: "p", SparkVersion: sparkVersion, NodeTypeId: nodeType, NumWorkers: 1, PolicyId: "0000000000000000"})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Cluster policy 0000000000000000 does not exist.",
			guess: true, source: "no public quote found"},
		{name: "policy: unknown policy",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.ClusterPolicies.GetByPolicyId(ctx, "C96203490C0004AD")
				return err
			},
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "Can't find a cluster policy with id: C96203490C0004AD.",
			source: "https://github.com/databrickslabs/ucx/issues/502 (policies/clusters/get: 404 `Can't find a cluster policy with id: XYZABCDE.`)"},
		{name: "policy name taken",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				_, err := w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "Words", Definition: "{}"})
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Cluster Policy with name `Words` already exists",
			source: "https://github.com/databricks/terraform-provider-databricks/issues/2884 (`Cluster Policy with name `Personal Compute` already exists`; the code is not quoted)"},
		{name: "changing a default policy's family",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				all, err := w.ClusterPolicies.ListAll(ctx, compute.ListClusterPoliciesRequest{})
				require.NoError(t, err)
				for _, p := range all {
					if p.IsDefault && p.PolicyFamilyId != "" {
						return w.ClusterPolicies.Edit(ctx, compute.EditPolicy{PolicyId: p.PolicyId, Name: p.Name, PolicyFamilyId: "not-" + p.PolicyFamilyId})
					}
				}
				t.Fatal("no default policy from a family")
				return nil
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:    "Changing policy_family_id is forbidden for default cluster policies. Clone this policy to change the policy family.",
			source: "https://github.com/gbrueckl/Databricks.API.PowerShell/issues/62"},
		{name: "policy: unknown family", got: rawCase("POST", "/api/2.0/policies/clusters/create", `{"name":"f","policy_family_id":"no-such-family"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Policy family no-such-family does not exist.",
			guess: true, source: "no public quote found"},
		{name: "policy: definition and family", got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
			fams, err := w.PolicyFamilies.ListAll(ctx, compute.ListPolicyFamiliesRequest{})
			require.NoError(t, err)
			require.NotEmpty(t, fams)
			return rawCase("POST", "/api/2.0/policies/clusters/create", `{"name":"d","definition":"{}","policy_family_id":"`+fams[0].PolicyFamilyId+`"}`)(t, ctx, w)
		},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "definition and policy_family_id cannot both be set; use policy_family_definition_overrides.",
			guess: true, source: "no public quote found"},
		{name: "policy: no name", got: rawCase("POST", "/api/2.0/policies/clusters/create", `{"definition":"{}"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Policy name must be non-empty and at most 100 characters.",
			guess: true, source: "no public quote found"},
		{name: "policy: negative max clusters per user", got: rawCase("POST", "/api/2.0/policies/clusters/create", `{"name":"m","definition":"{}","max_clusters_per_user":-1}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "max_clusters_per_user must be greater than 0",
			source: "https://github.com/databricks/terraform-provider-databricks/issues/3545 (`cannot update cluster policy: max_clusters_per_user must be greater than 0`, for a 0 the provider sent; the code is not quoted)"},
		{name: "policy: definition not JSON", got: rawCase("POST", "/api/2.0/policies/clusters/create", `{"name":"j","definition":"{"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Policy definition is not valid JSON: unexpected EOF",
			guess: true, source: "no public quote found; tf-provider#763 quotes the service's parser words for another flaw (a rule without type), a Jackson message this demo does not mimic"},
		{name: "policy: unknown rule type", got: rawCase("POST", "/api/2.0/policies/clusters/create", `{"name":"r","definition":"{\"spark_version\":{\"type\":\"maybe\"}}"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: `Invalid policy definition: attribute spark_version has unknown rule type "maybe"`,
			guess: true, source: "no public quote found"},
		{name: "policy: create by a user", got: asLimited("POST", "/api/2.0/policies/clusters/create", `{"name":"u","definition":"{}"}`),
			status: http.StatusForbidden, code: "PERMISSION_DENIED", msg: "Only workspace admins can create cluster policies.",
			guess: true, source: "no public quote found"},
		{name: "policy: delete of a default policy", got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
			all, err := w.ClusterPolicies.ListAll(ctx, compute.ListClusterPoliciesRequest{})
			require.NoError(t, err)
			for _, p := range all {
				if p.IsDefault && p.Name == "Personal Compute" {
					return w.ClusterPolicies.DeleteByPolicyId(ctx, p.PolicyId)
				}
			}
			t.Fatal("no default Personal Compute policy")
			return nil
		},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Default policy Personal Compute cannot be deleted.",
			guess: true, source: "no public quote found"},
		{name: "policy family: unknown", got: rawCase("GET", "/api/2.0/policy-families/no-such-family", ""),
			status: http.StatusNotFound, code: "RESOURCE_DOES_NOT_EXIST", msg: "Policy family no-such-family does not exist.",
			guess: true, source: "no public quote found"},
		{name: "policy: a policy the user may not use", got: asLimited("POST", "/api/2.1/clusters/create",
			`{"cluster_name":"u","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","num_workers":1,"policy_id":"`+policyID+`"}`),
			status: http.StatusForbidden, code: "PERMISSION_DENIED",
			msg:   "User " + limitedUserName + " does not have permission to use cluster policy Words (" + policyID + ").",
			guess: true, source: "no public quote found"},
		{name: "policy: below the range",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return onlyRule(t, `{"num_workers": {"type": "range", "minValue": 2}}`, compute.CreateCluster{NumWorkers: 1})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   "Validation failed for num_workers, the value must be at least 2 (is 1)",
			guess: true, source: "no public quote found; built on the fixed-value template of tf-provider#403"},
		{name: "policy: a range over a value that is no number",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				return onlyRule(t, `{"spark_conf.spark.executor.cores": {"type": "range", "maxValue": 4}}`, compute.CreateCluster{NumWorkers: 1,
					SparkConf: map[string]string{"spark.executor.cores": "many"}})
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   `Validation failed for spark_conf.spark.executor.cores, the value must be a number (is "many")`,
			guess: true, source: "no public quote found; built on the fixed-value template of tf-provider#403"},
		{name: "policy: a pattern that is no regular expression", got: rawCase("POST", "/api/2.0/policies/clusters/create",
			`{"name":"bad pattern","definition":"{\"spark_version\":{\"type\":\"regex\",\"pattern\":\"(\"}}"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE",
			msg:   "Invalid policy definition: attribute spark_version has a bad pattern: error parsing regexp: missing closing ): `(`",
			guess: true, source: "no public quote found; Go's regexp words follow the colon"},
		{name: "policy: reading a policy one may not use", got: asLimited("GET", "/api/2.0/policies/clusters/get?policy_id="+policyID, ""),
			status: http.StatusForbidden, code: "PERMISSION_DENIED", msg: "User " + limitedUserName + " does not have permission to use cluster policy " + policyID + ".",
			guess: true, source: "no public quote found; the create refusal's words without the policy's name"},
		{name: "policy: more clusters than the policy allows a user",
			got: func(t *testing.T, ctx context.Context, w *workspaceapi.Client) error {
				p, err := w.ClusterPolicies.Create(ctx, compute.CreatePolicy{Name: "One each", Definition: "{}", MaxClustersPerUser: 1})
				require.NoError(t, err)
				spec := compute.CreateCluster{ClusterName: "one", SparkVersion: sparkVersion, NodeTypeId: nodeType, NumWorkers: 1, PolicyId: p.PolicyId}
				_, err = w.Clusters.Create(ctx, spec)
				require.NoError(t, err, "the first cluster is made")
				_, err = w.Clusters.Create(ctx, spec)
				return err
			},
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Cannot create more than 1 active cluster(s) with policy One each per user.",
			guess: true, source: "no public quote found (tf-provider#1948 and #1955 describe the setting, not the refusal)"},
		{name: "policy: enforcing compliance of a cluster with no policy", got: rawCase("POST", "/api/2.0/policies/clusters/enforce-compliance", `{"cluster_id":"`+clusterID+`"}`),
			status: http.StatusBadRequest, code: "INVALID_PARAMETER_VALUE", msg: "Cluster " + clusterID + " has no policy to enforce.",
			guess: true, source: "no public quote found"},
	}
}
