package policyeval

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
)

// The fuzz targets run over their seeds (f.Add and testdata/fuzz) in every
// `go test`; `go test -fuzz=FuzzEvaluate ./backend/policy` explores further.

func FuzzParseDefinition(f *testing.F) {
	for _, s := range seedDefinitions {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		d, err := ParseDefinition(doc)
		if err != nil {
			return
		}
		again, err := ParseDefinition(d.String())
		if err != nil {
			t.Fatalf("a parsed definition does not parse back: %v\n%s", err, d.String())
		}
		if len(again.Paths()) != len(d.Paths()) {
			t.Fatalf("round trip lost rules: %v vs %v", d.Paths(), again.Paths())
		}
		for _, p := range d.Paths() {
			if _, ok := d.ConstraintFor(p); !ok && !HasWildcard(p) {
				t.Fatalf("no constraint for rule path %q", p)
			}
		}
		_ = d.Constraints()
	})
}

func FuzzEvaluate(f *testing.F) {
	for i, d := range seedDefinitions {
		f.Add(d, seedSpecs[i%len(seedSpecs)], i%2 == 0)
	}
	rates := DefaultRateTable()
	f.Fuzz(func(t *testing.T, doc, spec string, defaults bool) {
		def, err := ParseDefinition(doc)
		if err != nil {
			return
		}
		tree, err := clusterspec.DecodeTree([]byte(spec))
		if err != nil {
			return
		}
		opts := Options{ApplyDefaults: defaults, Rates: &rates, NodeTypes: testNodes}
		res := EvaluateTree(def, tree, opts)
		for _, v := range res.Violations {
			prefix := "Validation failed for " + v.Path + ", "
			if segs := Segments(v.Path); v.Reason == ReasonMissing && len(segs) == 2 && mapFields[segs[0]] {
				prefix = "Validation failed for " + segs[0] + ", " + segs[1] + " must be present"
			}
			if v.Path == "" || !strings.HasPrefix(v.Message, prefix) {
				t.Fatalf("violation without path or in another wording: %+v", v)
			}
			if _, ok := def.Rule(v.Rule); !ok {
				t.Fatalf("violation names no rule of the definition: %+v", v)
			}
		}
		if _, err := json.Marshal(res); err != nil {
			t.Fatalf("result does not encode: %v", err)
		}
		// Filling is idempotent: the effective spec needs nothing more.
		again := EvaluateTree(def, res.Effective, opts)
		if len(again.Applied) != 0 {
			t.Fatalf("second evaluation still fills %+v\nfirst effective: %v", again.Applied, res.Effective)
		}
	})
}

var seedDefinitions = []string{
	`{}`,
	`{"runtime_engine":{"type":"fixed","value":"PHOTON","hidden":true},"instance_pool_id":{"type":"forbidden","hidden":true}}`,
	`{"node_type_id":{"type":"allowlist","values":["Standard_DS3_v2","Standard_DS4_v2"],"defaultValue":"Standard_DS3_v2"},"autotermination_minutes":{"type":"range","minValue":10,"maxValue":120,"defaultValue":60}}`,
	`{"spark_version":{"type":"regex","pattern":"1[56]\\.[0-9]+\\.x-scala2\\.1[23]"},"custom_tags.team":{"type":"unlimited"}}`,
	`{"spark_conf.spark.databricks.cluster.profile":{"type":"fixed","value":"singleNode"},"num_workers":{"type":"fixed","value":0}}`,
	`{"init_scripts.0.volumes.destination":{"type":"fixed","value":"/Volumes/a.sh"},"init_scripts.*.volumes.destination":{"type":"forbidden"}}`,
	`{"init_scripts.*.workspace.destination":{"type":"regex","pattern":"/Users/.*"},"ssh_public_keys.*":{"type":"blocklist","values":["bad"]}}`,
	`{"dbus_per_hour":{"type":"range","maxValue":10},"cluster_type":{"type":"allowlist","values":["all-purpose","job"]}}`,
	`{"cluster_log_conf.path":{"type":"unlimited","defaultValue":"/Volumes/logs"},"cluster_log_conf.type":{"type":"fixed","value":"VOLUMES"}}`,
	`{"a":{"type":"fixed","value":1},"a.b":{"type":"fixed","value":2},"a.b.0":{"type":"unlimited","defaultValue":"x"}}`,
	`{"autoscale.max_workers":{"type":"range","maxValue":20,"defaultValue":10,"isOptional":true},"autoscale.min_workers":{"type":"unlimited","defaultValue":2,"isOptional":true}}`,
}

var seedSpecs = []string{
	`{}`,
	`{"cluster_name":"etl","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","num_workers":2,"autotermination_minutes":60}`,
	`{"custom_tags":{"team":"de"},"spark_conf":{"spark.databricks.cluster.profile":"serverless"},"num_workers":0}`,
	`{"init_scripts":[{"volumes":{"destination":"/Volumes/a.sh"}},{"workspace":{"destination":"/Users/x/b.sh"}}],"ssh_public_keys":["bad","ok"]}`,
	`{"autoscale":{"min_workers":1,"max_workers":40},"node_type_id":"Standard_DS4_v2"}`,
	`{"cluster_log_conf":{"dbfs":{"destination":"dbfs:/logs"}},"instance_pool_id":"p"}`,
	`{"a":[1,{"b":null}],"init_scripts":"not a list","custom_tags":7}`,
}
