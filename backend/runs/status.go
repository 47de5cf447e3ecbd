// Package runs is the Runs tab's resource kind and the pipeline tool's flow
// (seed 002): one-time runs submitted on a cluster (runs/submit with an
// idempotency token), their status through one mapping table, their output,
// cancel, and "ensure a cluster by name" before a run (ensure.go).
package runs

import "github.com/databricks/databricks-sdk-go/service/jobs"

// Status is a run's state as the seed's table maps it.
type Status string

const (
	StatusRunning   Status = "running"
	StatusSucceeded Status = "succeeded"
	StatusFailed    Status = "failed"
	StatusCancelled Status = "cancelled"
)

// Ended reports whether the status is final.
func (s Status) Ended() bool { return s != StatusRunning }

// lifeCycle maps the states that decide alone, without a result state.
// Waiting states (queued, blocked, a retry pending, stopping) are still
// running: the run has not ended and may yet succeed.
var lifeCycle = map[jobs.RunLifeCycleState]Status{
	jobs.RunLifeCycleStatePending:         StatusRunning,
	jobs.RunLifeCycleStateRunning:         StatusRunning,
	jobs.RunLifeCycleStateQueued:          StatusRunning,
	jobs.RunLifeCycleStateBlocked:         StatusRunning,
	jobs.RunLifeCycleStateWaitingForRetry: StatusRunning,
	jobs.RunLifeCycleStateTerminating:     StatusRunning,
	jobs.RunLifeCycleStateSkipped:         StatusCancelled,
	jobs.RunLifeCycleStateInternalError:   StatusFailed,
}

// result maps the result state of a TERMINATED run.
var result = map[jobs.RunResultState]Status{
	jobs.RunResultStateSuccess:                      StatusSucceeded,
	jobs.RunResultStateSuccessWithFailures:          StatusSucceeded,
	jobs.RunResultStateFailed:                       StatusFailed,
	jobs.RunResultStateTimedout:                     StatusFailed,
	jobs.RunResultStateUpstreamFailed:               StatusFailed,
	jobs.RunResultStateMaximumConcurrentRunsReached: StatusFailed,
	jobs.RunResultStateCanceled:                     StatusCancelled,
	jobs.RunResultStateUpstreamCanceled:             StatusCancelled,
	jobs.RunResultStateExcluded:                     StatusCancelled,
	jobs.RunResultStateDisabled:                     StatusCancelled,
}

// v2 maps the newer status.state while a run has not ended.
var v2 = map[jobs.RunLifecycleStateV2State]Status{
	jobs.RunLifecycleStateV2StatePending:     StatusRunning,
	jobs.RunLifecycleStateV2StateQueued:      StatusRunning,
	jobs.RunLifecycleStateV2StateBlocked:     StatusRunning,
	jobs.RunLifecycleStateV2StateWaiting:     StatusRunning,
	jobs.RunLifecycleStateV2StateRunning:     StatusRunning,
	jobs.RunLifecycleStateV2StateTerminating: StatusRunning,
}

// termination maps the newer termination_details.code of a TERMINATED run.
// CANCELED is the platform's cancel (a timeout): a failure, unlike a user's.
var termination = map[jobs.TerminationCodeCode]Status{
	jobs.TerminationCodeCodeSuccess:             StatusSucceeded,
	jobs.TerminationCodeCodeSuccessWithFailures: StatusSucceeded,
	jobs.TerminationCodeCodeUserCanceled:        StatusCancelled,
	jobs.TerminationCodeCodeSkipped:             StatusCancelled,
	jobs.TerminationCodeCodeDisabled:            StatusCancelled,
	jobs.TerminationCodeCodeCanceled:            StatusFailed,
}

// MapStatus maps a run's states. The life-cycle and result states
// (jobs.RunState) decide when present; the newer status (jobs.RunStatus)
// is used when they are absent. Anything unknown that has ended is failed,
// and a run with no state at all is still running (just submitted).
func MapStatus(state *jobs.RunState, status *jobs.RunStatus) Status {
	if state != nil && state.LifeCycleState != "" {
		if s, ok := lifeCycle[state.LifeCycleState]; ok {
			return s
		}
		if state.LifeCycleState == jobs.RunLifeCycleStateTerminated {
			if s, ok := result[state.ResultState]; ok {
				return s
			}
		}
		return StatusFailed
	}
	if status == nil || status.State == "" {
		return StatusRunning
	}
	if s, ok := v2[status.State]; ok {
		return s
	}
	if status.TerminationDetails != nil {
		if s, ok := termination[status.TerminationDetails.Code]; ok {
			return s
		}
	}
	return StatusFailed
}
