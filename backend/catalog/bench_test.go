package catalog

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// BenchmarkLoad1000PoliciesAndPools reads a large workspace's cache the way
// every page and check does (Refresher.Cached): decoded once (cold_ms, the
// SDK's types decode slowly), then kept.
func BenchmarkLoad1000PoliciesAndPools(b *testing.B) {
	dir := b.TempDir()
	c := NewCache(dir)
	snap := Snapshot{WorkspaceID: "w"}
	def := `{"node_type_id": {"type": "allowlist", "values": ["Standard_DS3_v2", "Standard_DS4_v2"]}, "autotermination_minutes": {"type": "range", "maxValue": 120}, "custom_tags.team": {"type": "fixed", "value": "t"}}`
	for i := range 1000 {
		snap.Policies.Items = append(snap.Policies.Items, compute.Policy{PolicyId: fmt.Sprintf("%016X", i), Name: fmt.Sprintf("policy %d", i), Definition: def})
		snap.Pools.Items = append(snap.Pools.Items, compute.InstancePoolAndStats{InstancePoolId: fmt.Sprintf("p%d", i), InstancePoolName: fmt.Sprintf("pool %d", i),
			NodeTypeId: "Standard_DS3_v2", Stats: &compute.InstancePoolStats{IdleCount: 1}})
	}
	snap.Policies.FetchedAt, snap.Pools.FetchedAt = time.Now(), time.Now()
	if err := c.Save(snap); err != nil {
		b.Fatal(err)
	}
	r := NewRefresher(c, nil, RefresherOptions{})
	fi, _ := os.Stat(filepath.Join(dir, "w.json"))
	cold := time.Now()
	if _, _, err := r.Cached("w"); err != nil {
		b.Fatal(err)
	}
	coldMs := float64(time.Since(cold).Microseconds()) / 1000
	b.ReportAllocs()
	for b.Loop() {
		got, _, err := r.Cached("w")
		if err != nil || len(got.Policies.Items) != 1000 {
			b.Fatalf("%v %d", err, len(got.Policies.Items))
		}
	}
	b.ReportMetric(coldMs, "cold_ms")
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/read")
	if fi != nil {
		b.ReportMetric(float64(fi.Size())/1e6, "MB/file")
	}
}
