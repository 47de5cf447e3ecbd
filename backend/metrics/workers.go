package metrics

import (
	"fmt"
	"sort"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// WorkerPoint is the cluster's worker count from time T (seconds) on.
type WorkerPoint struct {
	T       int64 `json:"t"`
	Current int   `json:"current"`
	Target  int   `json:"target"`
}

// Mark is a moment the worker chart points at: a resize, an autoscaling
// step, lost nodes, a restart, a start or a termination.
type Mark struct {
	T     int64  `json:"t"`
	Kind  string `json:"kind"` // resize, autoscale, lost, restart, start, terminate
	Label string `json:"label"`
}

// WorkersView is the worker count over a window, built from the event log
// alone, so it needs no SQL warehouse.
type WorkersView struct {
	From      int64         `json:"from"`
	To        int64         `json:"to"`
	Points    []WorkerPoint `json:"points"`
	Marks     []Mark        `json:"marks"`
	Events    int           `json:"events"`
	Truncated bool          `json:"truncated"` // more events than were read
}

// WorkerSeries turns a cluster's events (any order) into a step series of
// current and target workers with the moments worth marking. The count
// before the first event is unknown, so the series starts at it; a last
// point at `to` carries the final values to the right edge.
func WorkerSeries(events []compute.ClusterEvent, from, to int64) WorkersView {
	sorted := append([]compute.ClusterEvent(nil), events...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Timestamp < sorted[j].Timestamp })
	v := WorkersView{From: from, To: to, Points: []WorkerPoint{}, Marks: []Mark{}, Events: len(events)}
	cur, tgt, known := 0, 0, false
	for _, e := range sorted {
		t := e.Timestamp / 1000
		d := e.Details
		if d == nil {
			d = &compute.EventDetails{}
		}
		nc, nt, changed := cur, tgt, true
		var mark *Mark
		switch e.Type {
		case compute.EventTypeCreating, compute.EventTypeStarting:
			nc, nt = 0, tgt
			if d.ClusterSize != nil {
				nt = d.ClusterSize.NumWorkers
				if d.ClusterSize.Autoscale != nil {
					nt = d.ClusterSize.Autoscale.MinWorkers
				}
			}
			mark = &Mark{T: t, Kind: "start", Label: "start"}
		case compute.EventTypeRestarting:
			nc = 0
			mark = &Mark{T: t, Kind: "restart", Label: "restart"}
		case compute.EventTypeRunning, compute.EventTypeUpsizeCompleted, compute.EventTypeAutoscalingStatsReport:
			nc, nt = d.CurrentNumWorkers, d.TargetNumWorkers
			if e.Type == compute.EventTypeAutoscalingStatsReport && nc == 0 && nt == 0 {
				changed = false // a report without counts says nothing about size
			}
			if e.Type == compute.EventTypeUpsizeCompleted && autoscaled(d.Cause) {
				mark = &Mark{T: t, Kind: "autoscale", Label: fmt.Sprintf("autoscaled to %d", nc)}
			}
		case compute.EventTypeResizing:
			nc, nt = d.CurrentNumWorkers, d.TargetNumWorkers
			kind := "resize"
			if autoscaled(d.Cause) {
				kind = "autoscale"
			}
			mark = &Mark{T: t, Kind: kind, Label: fmt.Sprintf("%s %d → %d", kind, nc, nt)}
		case compute.EventTypeNodesLost:
			nc = max(0, d.CurrentNumWorkers)
			if d.TargetNumWorkers > 0 {
				nt = d.TargetNumWorkers
			}
			mark = &Mark{T: t, Kind: "lost", Label: "nodes lost"}
		case compute.EventTypeTerminating:
			nc, nt = 0, 0
			mark = &Mark{T: t, Kind: "terminate", Label: "terminated"}
		default:
			changed = false
		}
		if mark != nil && t >= from {
			v.Marks = append(v.Marks, *mark)
		}
		if !changed || (known && nc == cur && nt == tgt) {
			continue
		}
		cur, tgt, known = nc, nt, true
		if t < from { // state before the window: carried to its left edge
			t = from
		}
		if n := len(v.Points); n > 0 && v.Points[n-1].T == t {
			v.Points[n-1] = WorkerPoint{T: t, Current: cur, Target: tgt}
			continue
		}
		v.Points = append(v.Points, WorkerPoint{T: t, Current: cur, Target: tgt})
	}
	if known && (len(v.Points) == 0 || v.Points[len(v.Points)-1].T < to) {
		v.Points = append(v.Points, WorkerPoint{T: to, Current: cur, Target: tgt})
	}
	return v
}

func autoscaled(c compute.EventDetailsCause) bool {
	return c == compute.EventDetailsCauseAutoscale || c == compute.EventDetailsCauseAutoscaleV2 || c == compute.EventDetailsCauseDbrAutoscale
}
