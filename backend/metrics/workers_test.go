package metrics

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
)

func ev(sec int64, typ compute.EventType, d *compute.EventDetails) compute.ClusterEvent {
	return compute.ClusterEvent{Timestamp: sec * 1000, Type: typ, Details: d}
}

func TestWorkerSeries(t *testing.T) {
	tests := []struct {
		name   string
		events []compute.ClusterEvent
		from   int64
		to     int64
		points []WorkerPoint
		kinds  []string
	}{
		{name: "no events, no series", from: 0, to: 100, points: []WorkerPoint{}, kinds: []string{}},
		{
			name: "start, run, manual resize up, terminate",
			events: []compute.ClusterEvent{
				ev(10, compute.EventTypeStarting, &compute.EventDetails{}),
				ev(20, compute.EventTypeRunning, &compute.EventDetails{CurrentNumWorkers: 2, TargetNumWorkers: 2}),
				ev(30, compute.EventTypeResizing, &compute.EventDetails{CurrentNumWorkers: 2, TargetNumWorkers: 4, Cause: compute.EventDetailsCauseUserRequest}),
				ev(40, compute.EventTypeUpsizeCompleted, &compute.EventDetails{CurrentNumWorkers: 4, TargetNumWorkers: 4, Cause: compute.EventDetailsCauseUserRequest}),
				ev(50, compute.EventTypeTerminating, &compute.EventDetails{}),
			},
			from: 0, to: 60,
			points: []WorkerPoint{{10, 0, 0}, {20, 2, 2}, {30, 2, 4}, {40, 4, 4}, {50, 0, 0}, {60, 0, 0}},
			kinds:  []string{"start", "resize", "terminate"},
		},
		{
			name: "events out of order are sorted; autoscaling and lost nodes marked",
			events: []compute.ClusterEvent{
				ev(40, compute.EventTypeNodesLost, &compute.EventDetails{CurrentNumWorkers: 3, TargetNumWorkers: 5}),
				ev(20, compute.EventTypeResizing, &compute.EventDetails{CurrentNumWorkers: 2, TargetNumWorkers: 5, Cause: compute.EventDetailsCauseAutoscale}),
				ev(10, compute.EventTypeRunning, &compute.EventDetails{CurrentNumWorkers: 2, TargetNumWorkers: 2}),
				ev(30, compute.EventTypeUpsizeCompleted, &compute.EventDetails{CurrentNumWorkers: 5, TargetNumWorkers: 5, Cause: compute.EventDetailsCauseAutoscale}),
			},
			from: 0, to: 50,
			points: []WorkerPoint{{10, 2, 2}, {20, 2, 5}, {30, 5, 5}, {40, 3, 5}, {50, 3, 5}},
			kinds:  []string{"autoscale", "autoscale", "lost"},
		},
		{
			name: "a restart drops to zero until running again",
			events: []compute.ClusterEvent{
				ev(10, compute.EventTypeRunning, &compute.EventDetails{CurrentNumWorkers: 3, TargetNumWorkers: 3}),
				ev(20, compute.EventTypeRestarting, &compute.EventDetails{}),
				ev(25, compute.EventTypeDriverHealthy, &compute.EventDetails{}),
				ev(30, compute.EventTypeRunning, &compute.EventDetails{CurrentNumWorkers: 3, TargetNumWorkers: 3}),
			},
			from: 0, to: 40,
			points: []WorkerPoint{{10, 3, 3}, {20, 0, 3}, {30, 3, 3}, {40, 3, 3}},
			kinds:  []string{"restart"},
		},
		{
			name: "state before the window starts at its left edge; earlier marks are left out",
			events: []compute.ClusterEvent{
				ev(5, compute.EventTypeResizing, &compute.EventDetails{CurrentNumWorkers: 1, TargetNumWorkers: 2}),
				ev(8, compute.EventTypeUpsizeCompleted, &compute.EventDetails{CurrentNumWorkers: 2, TargetNumWorkers: 2}),
				ev(30, compute.EventTypeAutoscalingStatsReport, &compute.EventDetails{}),
			},
			from: 10, to: 40,
			points: []WorkerPoint{{10, 2, 2}, {40, 2, 2}},
			kinds:  []string{},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := WorkerSeries(tc.events, tc.from, tc.to)
			assert.Equal(t, tc.points, v.Points)
			kinds := []string{}
			for _, m := range v.Marks {
				kinds = append(kinds, m.Kind)
			}
			assert.Equal(t, tc.kinds, kinds)
			assert.Equal(t, len(tc.events), v.Events)
		})
	}
}
