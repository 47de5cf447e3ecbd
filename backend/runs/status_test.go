package runs

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/jobs"
	"github.com/stretchr/testify/assert"
)

func TestMapStatusLifeCycleAndResult(t *testing.T) {
	t.Parallel()
	cases := []struct {
		life   jobs.RunLifeCycleState
		result jobs.RunResultState
		want   Status
	}{
		// The seed's table.
		{jobs.RunLifeCycleStatePending, "", StatusRunning},
		{jobs.RunLifeCycleStateRunning, "", StatusRunning},
		{jobs.RunLifeCycleStateTerminated, jobs.RunResultStateSuccess, StatusSucceeded},
		{jobs.RunLifeCycleStateTerminated, jobs.RunResultStateFailed, StatusFailed},
		{jobs.RunLifeCycleStateTerminated, jobs.RunResultStateTimedout, StatusFailed},
		{jobs.RunLifeCycleStateTerminated, jobs.RunResultStateCanceled, StatusCancelled},
		{jobs.RunLifeCycleStateSkipped, "", StatusCancelled},
		{jobs.RunLifeCycleStateInternalError, "", StatusFailed},
		{jobs.RunLifeCycleStateInternalError, jobs.RunResultStateFailed, StatusFailed},
		// The states the seed does not name.
		{jobs.RunLifeCycleStateTerminating, "", StatusRunning},
		{jobs.RunLifeCycleStateQueued, "", StatusRunning},
		{jobs.RunLifeCycleStateBlocked, "", StatusRunning},
		{jobs.RunLifeCycleStateWaitingForRetry, "", StatusRunning},
		{jobs.RunLifeCycleStateTerminated, jobs.RunResultStateSuccessWithFailures, StatusSucceeded},
		{jobs.RunLifeCycleStateTerminated, jobs.RunResultStateUpstreamFailed, StatusFailed},
		{jobs.RunLifeCycleStateTerminated, jobs.RunResultStateUpstreamCanceled, StatusCancelled},
		{jobs.RunLifeCycleStateTerminated, "", StatusFailed},
		{jobs.RunLifeCycleStateTerminated, "SOMETHING_NEW", StatusFailed},
		{"SOMETHING_NEW", "", StatusFailed},
	}
	for _, c := range cases {
		got := MapStatus(&jobs.RunState{LifeCycleState: c.life, ResultState: c.result}, nil)
		assert.Equal(t, c.want, got, "%s + %s", c.life, c.result)
	}
}

func TestMapStatusNewerStatus(t *testing.T) {
	t.Parallel()
	term := func(code jobs.TerminationCodeCode) *jobs.RunStatus {
		return &jobs.RunStatus{State: jobs.RunLifecycleStateV2StateTerminated, TerminationDetails: &jobs.TerminationDetails{Code: code}}
	}
	cases := []struct {
		name   string
		status *jobs.RunStatus
		want   Status
	}{
		{"no state yet", nil, StatusRunning},
		{"pending", &jobs.RunStatus{State: jobs.RunLifecycleStateV2StatePending}, StatusRunning},
		{"queued", &jobs.RunStatus{State: jobs.RunLifecycleStateV2StateQueued}, StatusRunning},
		{"blocked", &jobs.RunStatus{State: jobs.RunLifecycleStateV2StateBlocked}, StatusRunning},
		{"waiting", &jobs.RunStatus{State: jobs.RunLifecycleStateV2StateWaiting}, StatusRunning},
		{"running", &jobs.RunStatus{State: jobs.RunLifecycleStateV2StateRunning}, StatusRunning},
		{"terminating", &jobs.RunStatus{State: jobs.RunLifecycleStateV2StateTerminating}, StatusRunning},
		{"success", term(jobs.TerminationCodeCodeSuccess), StatusSucceeded},
		{"user cancel", term(jobs.TerminationCodeCodeUserCanceled), StatusCancelled},
		{"platform cancel (timeout)", term(jobs.TerminationCodeCodeCanceled), StatusFailed},
		{"skipped", term(jobs.TerminationCodeCodeSkipped), StatusCancelled},
		{"execution error", term(jobs.TerminationCodeCodeRunExecutionError), StatusFailed},
		{"missing notebook", term(jobs.TerminationCodeCodeResourceNotFound), StatusFailed},
		{"internal error", term(jobs.TerminationCodeCodeInternalError), StatusFailed},
		{"terminated, no details", &jobs.RunStatus{State: jobs.RunLifecycleStateV2StateTerminated}, StatusFailed},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, MapStatus(nil, c.status), c.name)
	}
	// The older states decide when both are present.
	assert.Equal(t, StatusSucceeded, MapStatus(&jobs.RunState{LifeCycleState: jobs.RunLifeCycleStateTerminated,
		ResultState: jobs.RunResultStateSuccess}, term(jobs.TerminationCodeCodeRunExecutionError)))
}
