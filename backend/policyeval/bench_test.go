package policyeval

import (
	"encoding/json"
	"testing"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/databricks/databricks-sdk-go/service/compute"
)

// benchDefinition is a realistic team policy: allowlists, a pattern, ranges,
// fixed tags and Spark settings, a wildcard over init scripts and a DBU cap.
const benchDefinition = `{
  "node_type_id": {"type": "allowlist", "values": ["Standard_DS3_v2", "Standard_DS4_v2", "Standard_D8ds_v5", "Standard_E8ds_v4"], "defaultValue": "Standard_DS4_v2"},
  "driver_node_type_id": {"type": "allowlist", "values": ["Standard_DS3_v2", "Standard_DS4_v2"], "defaultValue": "Standard_DS3_v2"},
  "spark_version": {"type": "regex", "pattern": "1[5-7]\\.[0-9]+\\.x-(photon-)?scala2\\.1[23]", "defaultValue": "16.4.x-scala2.12"},
  "autotermination_minutes": {"type": "range", "minValue": 10, "maxValue": 120, "defaultValue": 60},
  "autoscale.max_workers": {"type": "range", "maxValue": 8, "defaultValue": 4, "isOptional": true},
  "azure_attributes.availability": {"type": "allowlist", "values": ["ON_DEMAND_AZURE", "SPOT_WITH_FALLBACK_AZURE"], "defaultValue": "SPOT_WITH_FALLBACK_AZURE"},
  "custom_tags.team": {"type": "fixed", "value": "data-engineering"},
  "custom_tags.cost_center": {"type": "regex", "pattern": "CC-[0-9]{4}"},
  "spark_conf.spark.databricks.io.cache.enabled": {"type": "fixed", "value": "true"},
  "init_scripts.*.volumes.destination": {"type": "regex", "pattern": "/Volumes/ops/.*"},
  "instance_pool_id": {"type": "forbidden", "hidden": true},
  "dbus_per_hour": {"type": "range", "maxValue": 9},
  "cluster_type": {"type": "fixed", "value": "all-purpose"}
}`

func benchSpec() compute.ClusterSpec {
	return compute.ClusterSpec{
		ClusterName: "etl-nightly", SparkVersion: "16.4.x-scala2.12", NodeTypeId: "Standard_DS4_v2",
		Autoscale: &compute.AutoScale{MinWorkers: 2, MaxWorkers: 6}, AutoterminationMinutes: 200,
		CustomTags:      map[string]string{"team": "data-engineering", "cost_center": "CC-12"},
		SparkConf:       map[string]string{"spark.databricks.io.cache.enabled": "true", "spark.sql.shuffle.partitions": "200"},
		AzureAttributes: &compute.AzureAttributes{Availability: compute.AzureAvailabilitySpotWithFallbackAzure},
		InitScripts: []compute.InitScriptInfo{
			{Volumes: &compute.VolumesStorageInfo{Destination: "/Volumes/ops/init/a.sh"}},
			{Volumes: &compute.VolumesStorageInfo{Destination: "/Volumes/tmp/b.sh"}},
		},
	}
}

// BenchmarkEvaluate measures one evaluation of a typed spec (SDK encoding
// included), as the form runs it on every edit.
func BenchmarkEvaluate(b *testing.B) {
	def := mustDef(b, benchDefinition)
	spec := benchSpec()
	rates := DefaultRateTable()
	opts := Options{ApplyDefaults: true, Rates: &rates}
	b.ReportAllocs()
	for b.Loop() {
		res, err := Evaluate(def, spec, opts)
		if err != nil || len(res.Violations) != 4 {
			b.Fatalf("unexpected result: %v %+v", err, res.Violations)
		}
	}
}

// BenchmarkEvaluateTree measures the evaluation alone on a decoded spec.
func BenchmarkEvaluateTree(b *testing.B) {
	def := mustDef(b, benchDefinition)
	raw, _ := json.Marshal(benchSpec())
	tree, err := clusterspec.DecodeTree(raw)
	if err != nil {
		b.Fatal(err)
	}
	rates := DefaultRateTable()
	opts := Options{ApplyDefaults: true, Rates: &rates}
	b.ReportAllocs()
	for b.Loop() {
		_ = EvaluateTree(def, tree, opts)
	}
}

// BenchmarkParseDefinition measures reading a policy definition.
func BenchmarkParseDefinition(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseDefinition(benchDefinition); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckDefinition measures the definition checker, which the
// policy editor runs a moment after each keystroke.
func BenchmarkCheckDefinition(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if probs := CheckDefinition(benchDefinition); len(probs) != 0 {
			b.Fatalf("unexpected problems: %+v", probs)
		}
	}
}
