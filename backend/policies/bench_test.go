package policies

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/catalog"
)

// benchPolicies are n policies as a large workspace lists them: custom
// definitions of a dozen rules, every fourth one a family policy with
// overrides, a few with libraries.
func benchPolicies(n int) []compute.Policy {
	out := make([]compute.Policy, n)
	for i := range out {
		p := compute.Policy{PolicyId: fmt.Sprintf("%016X", i), Name: fmt.Sprintf("Team %04d policy", n-i),
			Description: "Approved node types, tagged for chargeback.", MaxClustersPerUser: int64(i % 3),
			CreatorUserName: "admin@example.com",
			Definition: fmt.Sprintf(`{
  "node_type_id": {"type": "allowlist", "values": ["Standard_DS3_v2", "Standard_DS4_v2", "Standard_D8ds_v5"], "defaultValue": "Standard_DS4_v2"},
  "spark_version": {"type": "regex", "pattern": "1[5-7]\\.[0-9]+\\.x-scala2\\.1[23]", "defaultValue": "16.4.x-scala2.12"},
  "autotermination_minutes": {"type": "range", "minValue": 10, "maxValue": %d, "defaultValue": 60},
  "autoscale.max_workers": {"type": "range", "maxValue": 8, "defaultValue": 4, "isOptional": true},
  "azure_attributes.availability": {"type": "fixed", "value": "SPOT_WITH_FALLBACK_AZURE", "hidden": true},
  "custom_tags.team": {"type": "fixed", "value": "team-%d"},
  "custom_tags.cost_center": {"type": "regex", "pattern": "CC-[0-9]{4}"},
  "spark_conf.spark.databricks.io.cache.enabled": {"type": "fixed", "value": "true"},
  "init_scripts.*.volumes.destination": {"type": "regex", "pattern": "/Volumes/ops/.*"},
  "instance_pool_id": {"type": "forbidden", "hidden": true},
  "dbus_per_hour": {"type": "range", "maxValue": 9},
  "cluster_type": {"type": "fixed", "value": "all-purpose"}
}`, 60+i%120, i)}
		if i%4 == 0 {
			p.PolicyFamilyId = "shared-data-science"
			p.PolicyFamilyDefinitionOverrides = `{"autotermination_minutes": {"type": "range", "maxValue": 60}}`
		}
		if i%10 == 0 {
			p.Libraries = []compute.Library{{Pypi: &compute.PythonPyPiLibrary{Package: "pandas==2.2.2"}}}
		}
		out[i] = p
	}
	return out
}

// BenchmarkList1000Policies measures the Policies page's listing of 1,000
// policies from the cache: every definition read, viewed with its actions
// and sorted, then encoded as the page receives it.
func BenchmarkList1000Policies(b *testing.B) {
	src := fakeSource{snap: catalog.Snapshot{Policies: catalog.Section[[]compute.Policy]{
		FetchedAt: time.Now(), Items: benchPolicies(1000)}}}
	s := NewService(src, nil)
	var size int
	b.ReportAllocs()
	for b.Loop() {
		v, err := s.List("w")
		if err != nil || len(v.Policies) != 1000 {
			b.Fatalf("list: %v %d", err, len(v.Policies))
		}
		raw, err := json.Marshal(v)
		if err != nil {
			b.Fatal(err)
		}
		size = len(raw)
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/list")
	b.ReportMetric(float64(size)/1e6, "MB/page")
}

// BenchmarkViewPolicy measures one policy's detail view (what selecting a
// policy among 1,000 costs: the page already holds it, so this bounds it).
func BenchmarkViewPolicy(b *testing.B) {
	p := benchPolicies(1)[0]
	b.ReportAllocs()
	for b.Loop() {
		if v := View(p, true); v.Problem != "" {
			b.Fatal(v.Problem)
		}
	}
}
