package demo

import (
	"math"
	"strings"
)

// The service checks the virtual attribute dbus_per_hour against its own
// billing tables. The demo bills a node by its vCPUs at a rate per Azure VM
// family, which reproduces the published per-VM DBU counts of the sizes in
// the catalog (e.g. Standard_DS3_v2: 4 cores × 0.1875 = 0.75 DBU/h).
var dbuPerCoreByFamily = map[string]float64{
	"standardDSv2Family":      0.1875,
	"standardDDSv5Family":     0.1875,
	"standardEDSv4Family":     0.25,
	"standardFSFamily":        0.125,
	"standardLSv2Family":      0.25,
	"standardNCASv3_T4Family": 0.25,
	"standardNCSv3Family":     0.5, // V100 cards bill at twice the T4 rate
}

// photonDBUMultiplier: Photon compute is billed at about twice the DBUs.
const photonDBUMultiplier = 2

// nodeDBUs is one node's DBUs per hour, or false for an unknown node type.
func (c *catalog) nodeDBUs(nodeTypeID string) (float64, bool) {
	n, ok := c.nodes[nodeTypeID]
	if !ok {
		return 0, false
	}
	rate, ok := dbuPerCoreByFamily[n.family]
	return n.NumCores * rate, ok
}

// dbusPerHour is the spec's DBU rate as dbus_per_hour rules see it: driver
// plus workers, autoscaling clusters at max_workers, Photon at its
// multiplier. Node types come from the spec or its pools. It is false when
// the spec names no known node type; validation reports that case.
func (ws *workspace) dbusPerHour(doc specDoc) (float64, bool) {
	str := func(path string) string {
		v, _ := doc.get(path)
		return valueString(v)
	}
	poolNode := func(id string) string {
		if p := ws.pools[id]; p != nil && id != "" {
			return p.d.NodeTypeId
		}
		return ""
	}
	worker := str("node_type_id")
	if worker == "" {
		worker = poolNode(str("instance_pool_id"))
	}
	driver := str("driver_node_type_id")
	if driver == "" {
		driver = poolNode(str("driver_instance_pool_id"))
	}
	if driver == "" {
		driver = worker
	}
	w, okW := ws.cat.nodeDBUs(worker)
	d, okD := ws.cat.nodeDBUs(driver)
	if !okW || !okD {
		return 0, false
	}
	workers := 0.0
	if v, ok := doc.get("autoscale.max_workers"); ok {
		workers, _ = valueNumber(v)
	} else if v, ok := doc.get("num_workers"); ok {
		workers, _ = valueNumber(v)
	}
	total := d + math.Max(workers, 0)*w
	if strings.EqualFold(str("runtime_engine"), "PHOTON") || strings.Contains(str("spark_version"), "-photon-") {
		total *= photonDBUMultiplier
	}
	return math.Round(total*1000) / 1000, true
}
