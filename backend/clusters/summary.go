package clusters

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
)

// Section is a titled group of the Configuration tab.
type Section struct {
	Title string `json:"title"`
	Items []Item `json:"items"`
}

// Item is one readable line: a label, its value, and the API field it shows.
type Item struct {
	Label string `json:"label"`
	Value string `json:"value"`
	Field string `json:"field"`
}

// fieldInfo places a spec field in a section with a label.
type fieldInfo struct{ section, label string }

var specFields = map[string]fieldInfo{
	"cluster_name":                 {"General", "Name"},
	"policy_id":                    {"General", "Policy"},
	"spark_version":                {"Runtime", "Databricks Runtime"},
	"runtime_engine":               {"Runtime", "Engine"},
	"use_ml_runtime":               {"Runtime", "ML runtime"},
	"is_single_node":               {"Nodes", "Single node"},
	"kind":                         {"Runtime", "Kind"},
	"node_type_id":                 {"Nodes", "Worker type"},
	"driver_node_type_id":          {"Nodes", "Driver type"},
	"num_workers":                  {"Nodes", "Workers"},
	"autoscale":                    {"Nodes", "Autoscaling"},
	"instance_pool_id":             {"Nodes", "Worker pool"},
	"driver_instance_pool_id":      {"Nodes", "Driver pool"},
	"enable_elastic_disk":          {"Nodes", "Elastic disk"},
	"enable_local_disk_encryption": {"Nodes", "Local disk encryption"},
	"data_security_mode":           {"Access", "Access mode"},
	"single_user_name":             {"Access", "Single user"},
	"autotermination_minutes":      {"Termination", "Auto termination"},
	"azure_attributes":             {"Cloud", "Azure"},
	"aws_attributes":               {"Cloud", "AWS"},
	"gcp_attributes":               {"Cloud", "Google Cloud"},
	"custom_tags":                  {"Tags", "Tag"},
	"spark_conf":                   {"Spark", "Spark config"},
	"spark_env_vars":               {"Spark", "Environment variable"},
	"init_scripts":                 {"Advanced", "Init script"},
	"cluster_log_conf":             {"Advanced", "Log delivery"},
	"docker_image":                 {"Advanced", "Container image"},
	"ssh_public_keys":              {"Advanced", "SSH public key"},
	"workload_type":                {"Advanced", "Workload type"},
}

var sectionOrder = []string{"General", "Runtime", "Nodes", "Access", "Termination", "Cloud", "Tags", "Spark", "Advanced", "Other"}

// Summarize lists every field of the cluster's spec in readable form, plus
// the facts only the service knows (id, creator, state, times).
func Summarize(d *compute.ClusterDetails) []Section {
	bySection := map[string][]Item{}
	add := func(section, label, value, field string) {
		bySection[section] = append(bySection[section], Item{Label: label, Value: value, Field: field})
	}
	add("General", "Compute ID", d.ClusterId, "cluster_id")
	add("General", "Created by", d.CreatorUserName, "creator_user_name")
	add("General", "Source", sourceLabel(d.ClusterSource), "cluster_source")
	add("General", "State", StateLabel(d.State), "state")
	if d.StartTime > 0 {
		add("General", "Created", time.UnixMilli(d.StartTime).UTC().Format("2006-01-02 15:04 UTC"), "start_time")
	}
	if d.ClusterCores > 0 {
		add("Nodes", "Capacity now", fmt.Sprintf("%g cores, %d GB memory", d.ClusterCores, d.ClusterMemoryMb/1024), "cluster_cores")
	}
	var spec map[string]any
	_ = json.Unmarshal([]byte(SpecJSON(d)), &spec)
	for _, key := range sortedKeys(spec) {
		info, ok := specFields[key]
		if !ok {
			info = fieldInfo{"Other", humanize(strings.ToUpper(key))}
		}
		switch v := spec[key].(type) {
		case map[string]any:
			if key == "custom_tags" || key == "spark_conf" || key == "spark_env_vars" {
				for _, k := range sortedKeys(v) {
					add(info.section, k, scalar(v[k]), key+"."+k)
				}
				continue
			}
			if key == "autoscale" {
				add(info.section, info.label, fmt.Sprintf("%s to %s workers", scalar(v["min_workers"]), scalar(v["max_workers"])), key)
				continue
			}
			// One line per setting (cloud attributes, container image, log
			// delivery), not one line of them all.
			for _, l := range leaves(v, "") {
				add(info.section, info.label+" "+pathWords.Replace(l.path), l.value, key+"."+l.path)
			}
		case []any:
			for i, e := range v {
				add(info.section, fmt.Sprintf("%s %d", info.label, i+1), scalar(e), fmt.Sprintf("%s[%d]", key, i))
			}
		default:
			add(info.section, info.label, describeScalar(key, v, d), key)
		}
	}
	out := make([]Section, 0, len(sectionOrder))
	for _, s := range sectionOrder {
		if items := bySection[s]; len(items) > 0 {
			out = append(out, Section{Title: s, Items: items})
		}
	}
	return out
}

func describeScalar(key string, v any, d *compute.ClusterDetails) string {
	switch key {
	case "spark_version":
		return fmt.Sprintf("%s (%s)", RuntimeLabel(d.SparkVersion), d.SparkVersion)
	case "data_security_mode":
		return AccessModeLabel(d.DataSecurityMode)
	case "autotermination_minutes":
		if n, ok := v.(float64); ok && n == 0 {
			return "Never"
		}
		return fmt.Sprintf("After %s minutes of inactivity", scalar(v))
	case "num_workers":
		if n, ok := v.(float64); ok && n == 0 && d.Autoscale == nil {
			return "0 (single node)"
		}
	}
	return scalar(v)
}

// leaf is one setting inside an object field: its path under the field
// ("basic_auth.username") and its value as the tab shows it.
type leaf struct{ path, value string }

// pathWords reads a leaf's path as words: "basic auth username".
var pathWords = strings.NewReplacer(".", " ", "_", " ")

// secretKeys are settings whose values are credentials: the tab says they
// are set and never shows them, whatever the service returns.
var secretKeys = map[string]bool{"password": true, "log_analytics_primary_key": true, "token": true, "secret": true}

// leaves flattens an object into its settings, in key order.
func leaves(v map[string]any, at string) []leaf {
	var out []leaf
	for _, k := range sortedKeys(v) {
		path := at + k
		if m, ok := v[k].(map[string]any); ok {
			out = append(out, leaves(m, path+".")...)
			continue
		}
		value := scalar(v[k])
		if secretKeys[k] {
			value = "Set (not shown)"
		}
		out = append(out, leaf{path: path, value: value})
	}
	return out
}

// scalar prints a JSON value compactly: strings bare, objects as key: value.
func scalar(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case bool:
		if x {
			return "Yes"
		}
		return "No"
	case float64:
		return fmt.Sprint(x)
	case nil:
		return ""
	case map[string]any:
		parts := make([]string, 0, len(x))
		for _, k := range sortedKeys(x) {
			parts = append(parts, k+": "+scalar(x[k]))
		}
		return strings.Join(parts, ", ")
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// SpecJSON is the cluster's API spec (what create/edit take), indented,
// as the API reports it (see clusterspec.AsReported).
func SpecJSON(d *compute.ClusterDetails) string { return clusterspec.ReportedJSON(d) }

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func sourceLabel(s compute.ClusterSource) string {
	switch s {
	case compute.ClusterSourceUi, compute.ClusterSourceApi, compute.ClusterSourceSql:
		return string(s)
	case compute.ClusterSourceJob:
		return "Job"
	}
	return humanize(string(s))
}
