package clusters

import (
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// Sizing is what a cluster's cost per hour depends on: its node types (or
// pools), how many workers it counts, its engine and what it bills as.
type Sizing struct {
	NodeType, DriverNodeType string
	Pool, DriverPool         string
	Workers                  int
	// AutoscaleMin and AutoscaleMax are the range of an autoscaling cluster (0: fixed size).
	AutoscaleMin, AutoscaleMax int
	Photon                     bool
	PolicyID                   string
	Source                     compute.ClusterSource
	// Up: the cluster runs now and bills at Workers; otherwise Workers is
	// what it would start with (autoscaling: its maximum, as policies count).
	Up bool
}

// Spec is the size alone as a cluster spec (node types, pools, workers or
// the autoscale range, Photon): what a size-only policy check reads.
func (s Sizing) Spec() compute.ClusterSpec {
	spec := compute.ClusterSpec{NodeTypeId: s.NodeType, DriverNodeTypeId: s.DriverNodeType, InstancePoolId: s.Pool,
		DriverInstancePoolId: s.DriverPool, NumWorkers: s.Workers}
	if s.AutoscaleMax > 0 {
		spec.NumWorkers = 0
		spec.Autoscale = &compute.AutoScale{MinWorkers: s.AutoscaleMin, MaxWorkers: s.AutoscaleMax}
	}
	if s.Photon {
		spec.RuntimeEngine = compute.RuntimeEnginePhoton
	}
	return spec
}

// SizingOf reads a cluster's sizing: running compute at the size it has
// now, the rest at the size it would have.
func SizingOf(d *compute.ClusterDetails) Sizing {
	s := Sizing{NodeType: d.NodeTypeId, DriverNodeType: d.DriverNodeTypeId, Pool: d.InstancePoolId,
		DriverPool: d.DriverInstancePoolId, Workers: d.NumWorkers, Source: d.ClusterSource,
		Photon: d.RuntimeEngine == compute.RuntimeEnginePhoton || strings.Contains(d.SparkVersion, "-photon-"),
		Up:     Bills(d.State), PolicyID: d.PolicyId}
	if d.Autoscale != nil {
		s.AutoscaleMin, s.AutoscaleMax = d.Autoscale.MinWorkers, d.Autoscale.MaxWorkers
		if !s.Up {
			s.Workers = d.Autoscale.MaxWorkers
		}
	}
	return s
}

// Bills says whether compute in this state is billed by the hour now.
func Bills(s compute.State) bool {
	return s == compute.StateRunning || s == compute.StateResizing || s == compute.StateRestarting
}

// RowCost is a row's estimated cost per hour at its size now; only
// compute that bills has one.
type RowCost struct {
	DBUsPerHour    float64 `json:"dbusPerHour"`
	DollarsPerHour float64 `json:"dollarsPerHour"`
	// Priced: the workspace has a price per DBU for the cluster's SKU
	// (without one only DBU/h is known).
	Priced bool `json:"priced"`
}

// Pricer estimates the cost of a workspace's rows that bill (setting their
// Cost), one page of rows at a time. backend/metrics has the one estimate.
type Pricer interface {
	PriceRows(ws string, rows []Row)
}
