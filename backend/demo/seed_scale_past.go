package demo

import (
	"math/rand/v2"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// scalePast is a generated cluster's seeded history, kept as the few values
// it is written from rather than as events: 10,000 clusters' event logs
// were a third of the demo's memory, and they are read one cluster at a
// time. pastEvents writes the same events each time (its own random source).
type scalePast struct {
	seed            uint64
	created, now    time.Time
	creator         string
	fixed, min, max int // the size it was created with: fixed workers, or an autoscale range (max > 0)
	history         int // autoscale steps (Options.EventHistory)
	// stop is why it terminated at the end of its history (nil: still running).
	stop *compute.TerminationReason
	// jobID is the job a job cluster ran for (0: not a job cluster); its run
	// is the cluster's runID (generatedRun).
	jobID int64
}

// spec is a generated cluster's requested spec while nothing has changed
// it: the fields the generator sets, as its details hold them, and the size
// it was created with. Built when asked rather than kept (4.4 MB for 10,000).
func (p *scalePast) spec(d *compute.ClusterDetails) *compute.ClusterSpec {
	s := &compute.ClusterSpec{
		ClusterName: d.ClusterName, SparkVersion: d.SparkVersion, NodeTypeId: d.NodeTypeId,
		DriverNodeTypeId: d.DriverNodeTypeId, AutoterminationMinutes: d.AutoterminationMinutes,
		DataSecurityMode: d.DataSecurityMode, CustomTags: d.CustomTags, NumWorkers: p.fixed,
	}
	if p.max > 0 {
		s.Autoscale = &compute.AutoScale{MinWorkers: p.min, MaxWorkers: p.max}
	}
	return s
}

func (p *scalePast) up() time.Time { return p.created.Add(4 * time.Minute) }

func (p *scalePast) step() time.Duration {
	return p.now.Sub(p.up()) / time.Duration(p.history+2)
}

// end is when a terminated cluster's history stops.
func (p *scalePast) end() time.Time { return p.up().Add(p.step() * time.Duration(p.history+1)) }

// pastEvents writes the history, oldest first, and the worker count it
// leaves: only autoscaling clusters resize by themselves, fixed-size ones
// keep num_workers from start to end.
func (p *scalePast) pastEvents(id string) ([]compute.ClusterEvent, int) {
	size := &compute.ClusterSize{NumWorkers: p.fixed, ForceSendFields: []string{"NumWorkers"}}
	n := p.fixed
	if p.max > 0 {
		size = &compute.ClusterSize{Autoscale: &compute.AutoScale{MinWorkers: p.min, MaxWorkers: p.max}}
		n = p.min
	}
	evs := make([]compute.ClusterEvent, 0, 3+p.history)
	add := func(at time.Time, typ compute.EventType, d *compute.EventDetails) {
		evs = append(evs, compute.ClusterEvent{ClusterId: id, Timestamp: millis(at), Type: typ, Details: d})
	}
	add(p.created, compute.EventTypeCreating, &compute.EventDetails{User: p.creator, ClusterSize: size})
	t := p.up()
	add(t, compute.EventTypeRunning, &compute.EventDetails{CurrentNumWorkers: n, TargetNumWorkers: n,
		ForceSendFields: []string{"CurrentNumWorkers", "TargetNumWorkers"}})
	if p.max > p.min {
		rnd := rand.New(rand.NewPCG(p.seed, p.seed^0x9e3779b97f4a7c15))
		for k := 0; k < p.history; k++ {
			t = t.Add(p.step())
			next := min(max(n+rnd.IntN(5)-2, p.min), p.max)
			if next == n { // a resize always moves: step towards the other bound
				next = n + 1
				if n == p.max {
					next = n - 1
				}
			}
			add(t, compute.EventTypeResizing, &compute.EventDetails{CurrentNumWorkers: n, TargetNumWorkers: next,
				Cause: compute.EventDetailsCauseAutoscale, ForceSendFields: []string{"CurrentNumWorkers", "TargetNumWorkers"}})
			// Growing ends with UPSIZE_COMPLETED; shrinking has no completion event.
			if next > n {
				add(t.Add(90*time.Second), compute.EventTypeUpsizeCompleted, &compute.EventDetails{CurrentNumWorkers: next,
					TargetNumWorkers: next, ForceSendFields: []string{"CurrentNumWorkers", "TargetNumWorkers"}})
			}
			n = next
		}
	}
	if p.stop != nil {
		add(p.end(), compute.EventTypeTerminating, &compute.EventDetails{Reason: p.stop})
	}
	return evs, n
}

// allEvents is the cluster's event log, oldest first: its seeded past,
// then what happened since.
func (c *cluster) allEvents() []compute.ClusterEvent {
	if c.past == nil {
		return c.events
	}
	past, _ := c.past.pastEvents(c.d.ClusterId)
	return append(past, c.events...)
}
