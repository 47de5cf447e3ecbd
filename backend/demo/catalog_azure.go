package demo

import (
	"fmt"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// catalog is what list-node-types, spark-versions and list-zones answer for
// the workspace's cloud, plus the per-family core quota the demo enforces.
type catalog struct {
	cloud         string
	nodeTypes     []compute.NodeType
	nodes         map[string]nodeSpec
	sparkVersions []compute.SparkVersion
	versions      map[string]bool
	zones         []string
	defaultZone   string
}

type nodeSpec struct {
	compute.NodeType
	family     string // Azure quota family, e.g. standardDSv2Family
	quotaCores int    // regional core quota for the family; 0 = none granted
}

type azureVM struct {
	id        string
	category  string
	cores     float64
	memGB     int
	gpus      int
	family    string
	quota     int
	localDisk int // GiB of temp/NVMe storage
	photon    bool
	ioCache   bool
}

// Azure VM sizes a typical workspace offers. The NCSv3 (V100) family has no
// quota, so clusters on it fail with AZURE_QUOTA_EXCEEDED_EXCEPTION, as on a
// subscription that never requested GPU cores.
var azureVMs = []azureVM{
	{"Standard_DS3_v2", "General Purpose", 4, 14, 0, "standardDSv2Family", 350, 28, true, false},
	{"Standard_DS4_v2", "General Purpose", 8, 28, 0, "standardDSv2Family", 350, 56, true, false},
	{"Standard_DS5_v2", "General Purpose", 16, 56, 0, "standardDSv2Family", 350, 112, true, false},
	{"Standard_D4ds_v5", "General Purpose", 4, 16, 0, "standardDDSv5Family", 200, 150, true, true},
	{"Standard_D8ds_v5", "General Purpose", 8, 32, 0, "standardDDSv5Family", 200, 300, true, true},
	{"Standard_D16ds_v5", "General Purpose", 16, 64, 0, "standardDDSv5Family", 200, 600, true, true},
	{"Standard_D32ds_v5", "General Purpose", 32, 128, 0, "standardDDSv5Family", 200, 1200, true, true},
	{"Standard_E4ds_v4", "Memory Optimized", 4, 32, 0, "standardEDSv4Family", 160, 150, true, true},
	{"Standard_E8ds_v4", "Memory Optimized", 8, 64, 0, "standardEDSv4Family", 160, 300, true, true},
	{"Standard_E16ds_v4", "Memory Optimized", 16, 128, 0, "standardEDSv4Family", 160, 600, true, true},
	{"Standard_E32ds_v4", "Memory Optimized", 32, 256, 0, "standardEDSv4Family", 160, 1200, true, true},
	{"Standard_F4s", "Compute Optimized", 4, 8, 0, "standardFSFamily", 100, 16, false, false},
	{"Standard_F8s", "Compute Optimized", 8, 16, 0, "standardFSFamily", 100, 32, false, false},
	{"Standard_F16s", "Compute Optimized", 16, 32, 0, "standardFSFamily", 100, 64, false, false},
	{"Standard_L8s_v2", "Storage Optimized", 8, 64, 0, "standardLSv2Family", 64, 1788, true, true},
	{"Standard_L16s_v2", "Storage Optimized", 16, 128, 0, "standardLSv2Family", 64, 3576, true, true},
	{"Standard_NC4as_T4_v3", "GPU Accelerated", 4, 28, 1, "standardNCASv3_T4Family", 24, 176, false, false},
	{"Standard_NC8as_T4_v3", "GPU Accelerated", 8, 56, 1, "standardNCASv3_T4Family", 24, 352, false, false},
	{"Standard_NC6s_v3", "GPU Accelerated", 6, 112, 1, "standardNCSv3Family", 0, 736, false, false},
	{"Standard_NC12s_v3", "GPU Accelerated", 12, 224, 2, "standardNCSv3Family", 0, 1474, false, false},
}

type runtimeLine struct {
	version string // "16.4"
	spark   string // "3.5.2"
	scala   string // "2.12"
	lts     bool
	beta    bool
	photon  bool // a separate -photon- key exists (older lines)
}

var runtimeLines = []runtimeLine{
	{"17.3", "4.0.0", "2.13", true, false, false},
	{"17.2", "4.0.0", "2.13", false, false, false},
	{"17.1", "4.0.0", "2.13", false, false, false},
	{"16.4", "3.5.2", "2.12", true, false, true},
	{"15.4", "3.5.0", "2.12", true, false, true},
	{"14.3", "3.5.0", "2.12", true, false, true},
	{"13.3", "3.4.1", "2.12", true, false, true},
	{"12.2", "3.3.2", "2.12", true, false, true},
	{"18.0", "4.1.0", "2.13", false, true, false},
}

func azureCatalog() *catalog {
	c := &catalog{cloud: "Azure", nodes: map[string]nodeSpec{}, versions: map[string]bool{},
		zones: []string{"1", "2", "3"}, defaultZone: "1"}
	for i, vm := range azureVMs {
		nt := compute.NodeType{
			NodeTypeId:     vm.id,
			InstanceTypeId: vm.id,
			Category:       vm.category,
			Description:    vm.id,
			NumCores:       vm.cores,
			MemoryMb:       vm.memGB * 1024,
			NumGpus:        vm.gpus,
			DisplayOrder:   i,
			NodeInstanceType: &compute.NodeInstanceType{
				InstanceTypeId: vm.id, LocalDisks: 1, LocalDiskSizeGb: vm.localDisk,
			},
			PhotonDriverCapable:   vm.photon,
			PhotonWorkerCapable:   vm.photon,
			IsIoCacheEnabled:      vm.ioCache,
			SupportClusterTags:    true,
			SupportPortForwarding: true,
		}
		c.nodeTypes = append(c.nodeTypes, nt)
		c.nodes[vm.id] = nodeSpec{NodeType: nt, family: vm.family, quotaCores: vm.quota}
	}
	add := func(key, name string) {
		c.sparkVersions = append(c.sparkVersions, compute.SparkVersion{Key: key, Name: name})
		c.versions[key] = true
	}
	for _, l := range runtimeLines {
		label := l.version
		switch {
		case l.lts:
			label += " LTS"
		case l.beta:
			label += " Beta"
		}
		inc := fmt.Sprintf("includes Apache Spark %s, Scala %s", l.spark, l.scala)
		gpuInc := fmt.Sprintf("includes Apache Spark %s, GPU, Scala %s", l.spark, l.scala)
		add(fmt.Sprintf("%s.x-scala%s", l.version, l.scala), fmt.Sprintf("%s (%s)", label, inc))
		add(fmt.Sprintf("%s.x-cpu-ml-scala%s", l.version, l.scala), fmt.Sprintf("%s ML (%s)", label, inc))
		add(fmt.Sprintf("%s.x-gpu-ml-scala%s", l.version, l.scala), fmt.Sprintf("%s ML (%s)", label, gpuInc))
		if l.photon {
			add(fmt.Sprintf("%s.x-photon-scala%s", l.version, l.scala), fmt.Sprintf("%s Photon (%s)", label, inc))
		}
	}
	return c
}

// resolveSparkVersion accepts catalog keys and the policy aliases
// auto:latest, auto:latest-lts, auto:latest-ml and auto:latest-lts-ml.
func (c *catalog) resolveSparkVersion(v string) (string, bool) {
	if c.versions[v] {
		return v, true
	}
	if !strings.HasPrefix(v, "auto:") {
		return "", false
	}
	wantLTS := strings.Contains(v, "lts")
	wantML := strings.Contains(v, "ml")
	for _, l := range runtimeLines { // newest first, skipping betas
		if l.beta || (wantLTS && !l.lts) {
			continue
		}
		if wantML {
			return fmt.Sprintf("%s.x-cpu-ml-scala%s", l.version, l.scala), true
		}
		return fmt.Sprintf("%s.x-scala%s", l.version, l.scala), true
	}
	return "", false
}

func isGPURuntime(v string) bool { return strings.Contains(v, "-gpu-") }

func clusterRoutesCatalog() map[string]handler {
	return map[string]handler{
		"GET /api/2.1/clusters/list-node-types": (*workspace).listNodeTypes,
		"GET /api/2.1/clusters/spark-versions":  (*workspace).sparkVersions,
		"GET /api/2.1/clusters/list-zones":      (*workspace).listZones,
	}
}

func (ws *workspace) listNodeTypes(c *call) (any, error) {
	return compute.ListNodeTypesResponse{NodeTypes: ws.cat.nodeTypes}, nil
}

func (ws *workspace) sparkVersions(c *call) (any, error) {
	return compute.GetSparkVersionsResponse{Versions: ws.cat.sparkVersions}, nil
}

func (ws *workspace) listZones(c *call) (any, error) {
	return compute.ListAvailableZonesResponse{Zones: ws.cat.zones, DefaultZone: ws.cat.defaultZone}, nil
}
