package clusters

import (
	"maps"
	"unique"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
)

// Row is one cluster as the list shows it: flat, labelled, small. Rows are
// compared field by field to send only what changed.
type Row struct {
	ID              string            `json:"id"`
	Name            string            `json:"name"`
	State           string            `json:"state"`
	StateMessage    string            `json:"stateMessage,omitempty"`
	Transitional    bool              `json:"transitional"`
	Kind            Kind              `json:"kind"`
	Source          string            `json:"source"`
	DriverType      string            `json:"driverType"`
	WorkerType      string            `json:"workerType"`
	Workers         string            `json:"workers"`
	WorkersSort     int               `json:"workersSort"` // max (or fixed) workers, for sorting
	SparkVersion    string            `json:"sparkVersion"`
	Runtime         string            `json:"runtime"`
	AccessMode      string            `json:"accessMode"`
	AccessModeLabel string            `json:"accessModeLabel"`
	Creator         string            `json:"creator"`
	Tags            map[string]string `json:"tags,omitempty"`
	Pinned          bool              `json:"pinned"`
	Termination     *Explanation      `json:"termination,omitempty"`
	// Explained points at the delta's explanation of the row's termination
	// instead (from 1; 0: none or Termination is set). See Delta.Wire.
	Explained int   `json:"explained,omitempty"`
	StartTime int64 `json:"startTime"`
	// AutoTermination is the idle time in minutes after which the cluster
	// stops (0: never).
	AutoTermination int `json:"autoTermination"`
	// LastActivity is when the running cluster last ran something (epoch
	// ms; 0: not known).
	LastActivity int64 `json:"lastActivity,omitempty"`
	// JobRun is the run that owns job compute (nil for any other).
	JobRun *JobRun `json:"jobRun,omitempty"`
	// Cost per hour now, estimated (nil: it does not bill, or no estimate).
	Cost *RowCost `json:"cost,omitempty"`

	sizing Sizing // what Cost is estimated from (not sent)
}

// Sizing is what the row's cost is estimated from.
func (r Row) Sizing() Sizing { return r.sizing }

// RowOf flattens a cluster for the list.
func RowOf(d *compute.ClusterDetails, pinned bool) Row {
	r := Row{
		ID: d.ClusterId, Name: d.ClusterName, State: string(d.State), StateMessage: d.StateMessage,
		Transitional: Transitional(d.State), Kind: KindOf(d.ClusterSource), Source: string(d.ClusterSource),
		DriverType: d.DriverNodeTypeId, WorkerType: d.NodeTypeId, Workers: describeWorkers(d),
		SparkVersion: d.SparkVersion, Runtime: RuntimeLabel(d.SparkVersion),
		AccessMode: string(d.DataSecurityMode), AccessModeLabel: AccessModeLabel(d.DataSecurityMode),
		Creator: d.CreatorUserName, Tags: clusterspec.WithoutRequestID(d.CustomTags), Pinned: pinned, StartTime: d.StartTime,
		AutoTermination: d.AutoterminationMinutes,
		JobRun:          JobRunOf(d), sizing: SizingOf(d),
	}
	if r.DriverType == "" {
		r.DriverType = d.NodeTypeId
	}
	// Thousands of rows share a handful of these values; each decoded page
	// brings its own copies, which the rows would keep.
	for _, f := range []*string{&r.State, &r.StateMessage, &r.Source, &r.DriverType, &r.WorkerType, &r.Workers,
		&r.SparkVersion, &r.Runtime, &r.AccessMode, &r.Creator} {
		*f = unique.Make(*f).Value()
	}
	r.WorkersSort = d.NumWorkers
	if d.Autoscale != nil {
		r.WorkersSort = d.Autoscale.MaxWorkers
	}
	if d.State == compute.StateTerminated || d.State == compute.StateError || d.State == compute.StateTerminating {
		r.Termination = ExplainTermination(d.TerminationReason)
		if r.Termination == nil && d.State == compute.StateError && d.StateMessage != "" {
			r.Termination = &Explanation{Summary: d.StateMessage, Failure: true}
		}
		if r.Termination != nil {
			r.Termination.Fix = Advice(d.State, r.Kind, r.Termination.Fix, r.Termination.FixStarts)
			r.Termination = sharedExplanations.one(r.Termination)
		}
	}
	return r
}

// equal compares two rows; Tags, Cost and Termination are compared by content.
func equal(a, b Row) bool {
	if !rowScalarsEqual(a, b) || !maps.Equal(a.Tags, b.Tags) {
		return false
	}
	if (a.Cost == nil) != (b.Cost == nil) || (a.Cost != nil && *a.Cost != *b.Cost) {
		return false
	}
	ta, tb := a.Termination, b.Termination
	if (ta == nil) != (tb == nil) {
		return false
	}
	return ta == nil || (ta.Code == tb.Code && ta.Summary == tb.Summary && ta.Type == tb.Type)
}

// rowScalarsEqual compares rows whose map and pointer fields were cleared.
func rowScalarsEqual(a, b Row) bool {
	type scalars struct {
		ID, Name, State, StateMessage           string
		Transitional                            bool
		Kind                                    Kind
		Source, DriverType, WorkerType, Workers string
		WorkersSort                             int
		SparkVersion, Runtime, AccessMode       string
		AccessModeLabel, Creator                string
		Pinned                                  bool
		StartTime                               int64
		AutoTermination                         int
		LastActivity                            int64
	}
	pick := func(r Row) scalars {
		return scalars{r.ID, r.Name, r.State, r.StateMessage, r.Transitional, r.Kind, r.Source, r.DriverType,
			r.WorkerType, r.Workers, r.WorkersSort, r.SparkVersion, r.Runtime, r.AccessMode, r.AccessModeLabel,
			r.Creator, r.Pinned, r.StartTime, r.AutoTermination, r.LastActivity}
	}
	return pick(a) == pick(b)
}

// Diff returns the rows of next that are new or changed since prev, and the
// ids in prev that next no longer has. Upserts keep next's order.
func Diff(prev RowSet, next []Row) (upserts []Row, removed []string) {
	seen := make(map[string]bool, len(next))
	for _, r := range next {
		seen[r.ID] = true
		if old, ok := prev.Get(r.ID); !ok || !equal(old, r) {
			upserts = append(upserts, r)
		}
	}
	for _, r := range prev.Rows() {
		if !seen[r.ID] {
			removed = append(removed, r.ID)
		}
	}
	return upserts, removed
}
