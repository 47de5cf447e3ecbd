package demo

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// ErrNotRunning is returned by FailDriver for a cluster that is not RUNNING.
var ErrNotRunning = errors.New("demo: cluster is not running")

// driverFailures are the faults FailDriver can inject, with the state
// message the service shows for each.
var driverFailures = map[compute.TerminationReasonCode]string{
	compute.TerminationReasonCodeDriverUnreachable: "The Spark driver became unreachable and could not be recovered. " +
		"Terminate the cluster and start it again.",
	compute.TerminationReasonCodeDriverUnresponsive: "The Spark driver stopped responding, likely because of long garbage " +
		"collection pauses or an overloaded driver. Terminate the cluster and start it again.",
	compute.TerminationReasonCodeDriverOutOfMemory: "The Spark driver ran out of memory and could not be recovered. " +
		"Terminate the cluster and start it again with a larger driver.",
}

// DriverFailures lists the codes FailDriver accepts.
func DriverFailures() []compute.TerminationReasonCode {
	out := make([]compute.TerminationReasonCode, 0, len(driverFailures))
	for c := range driverFailures {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// FailDriver drives a RUNNING cluster of the workspace that token belongs to
// into ERROR, as when its driver is lost: the ERROR state that otherwise
// only the seed shows. An empty code means DRIVER_UNREACHABLE.
func (s *Server) FailDriver(token, clusterID string, code compute.TerminationReasonCode) error {
	ws, err := s.workspaceFor(token)
	if err != nil {
		return err
	}
	if code == "" {
		code = compute.TerminationReasonCodeDriverUnreachable
	}
	if _, ok := driverFailures[code]; !ok {
		return fmt.Errorf("demo: %s is not a driver failure (use one of %v)", code, DriverFailures())
	}
	now := s.clock.Now()
	ws.mu.Lock()
	defer ws.mu.Unlock()
	ws.advance(now)
	cl, ok := ws.clusters[clusterID]
	if !ok {
		return fmt.Errorf("demo: %w", errClusterMissing(clusterID))
	}
	if cl.d.State != compute.StateRunning {
		return fmt.Errorf("%w: %s is %s", ErrNotRunning, clusterID, cl.d.State)
	}
	ws.failDriver(cl, now, code)
	ws.clustersChanged()
	return nil
}

// failDriver puts a cluster in ERROR. It keeps its nodes (and pool
// instances) until somebody terminates it; timers of the running state
// are void.
func (ws *workspace) failDriver(cl *cluster, at time.Time, code compute.TerminationReasonCode) {
	cl.gen++
	ws.closeUptime(cl, at)
	reason := userReason(code, compute.TerminationReasonTypeServiceFault, map[string]string{
		"databricks_error_message": driverFailures[code],
	})
	ws.event(cl, at, compute.EventTypeDriverNotResponding, &compute.EventDetails{})
	ws.event(cl, at, compute.EventTypeDriverUnavailable, &compute.EventDetails{Reason: reason})
	cl.d.State = compute.StateError
	cl.d.StateMessage = driverFailures[code]
	cl.d.TerminationReason = reason
}
