package clusters

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func enabledActions(s compute.State, k Kind) []Action {
	var out []Action
	for _, a := range Allowed(s, k) {
		if a.Enabled {
			out = append(out, a.Action)
		} else {
			// Every disabled action says why.
			if a.Reason == "" {
				panic("disabled without a reason: " + string(a.Action) + " in " + string(s))
			}
		}
	}
	return out
}

func TestAllowedActionsByState(t *testing.T) {
	always := []Action{ActionPin, ActionUnpin, ActionClone, ActionPermanentDelete}
	with := func(extra ...Action) []Action {
		out := []Action{}
		for _, a := range AllActions { // keep menu order
			for _, x := range append(extra, always...) {
				if a == x {
					out = append(out, a)
				}
			}
		}
		return out
	}
	cases := []struct {
		state compute.State
		kind  Kind
		want  []Action
	}{
		{compute.StateTerminated, KindAllPurpose, with(ActionStart, ActionEdit)},
		{compute.StatePending, KindAllPurpose, with(ActionTerminate)},
		{compute.StateRunning, KindAllPurpose, with(ActionRestart, ActionTerminate, ActionResize, ActionEdit)},
		{compute.StateRestarting, KindAllPurpose, with(ActionTerminate)},
		{compute.StateResizing, KindAllPurpose, with(ActionTerminate)},
		{compute.StateTerminating, KindAllPurpose, with()},
		{compute.StateError, KindAllPurpose, with(ActionTerminate)},
		{compute.StateUnknown, KindAllPurpose, with(ActionTerminate)},
		{"SOMETHING_NEW", KindAllPurpose, with(ActionTerminate)},
		{compute.StateTerminated, KindJob, with()},
		{compute.StateRunning, KindJob, with(ActionTerminate)},
	}
	for _, c := range cases {
		t.Run(string(c.state)+"/"+string(c.kind), func(t *testing.T) {
			assert.Equal(t, c.want, enabledActions(c.state, c.kind))
		})
	}
}

func TestAllowedActionsSayWhyNot(t *testing.T) {
	reason := func(s compute.State, k Kind, a Action) string {
		for _, av := range Allowed(s, k) {
			if av.Action == a {
				return av.Reason
			}
		}
		return ""
	}
	assert.Equal(t, "It is already running.", reason(compute.StateRunning, KindAllPurpose, ActionStart))
	assert.Equal(t, "Restart needs a running cluster.", reason(compute.StateTerminated, KindAllPurpose, ActionRestart))
	assert.Contains(t, reason(compute.StateTerminated, KindJob, ActionStart), "job run")
	assert.Contains(t, reason(compute.StateError, KindAllPurpose, ActionStart), "terminate it")
	assert.Contains(t, reason(compute.StatePending, KindAllPurpose, ActionEdit), "running or terminated")
	assert.Equal(t, "Job compute is managed by its job run.", reason(compute.StateRunning, KindJob, ActionEdit))
}

func TestCheckAndTable(t *testing.T) {
	err := Check(ActionRestart, compute.StateTerminated, KindAllPurpose)
	require.ErrorIs(t, err, ErrNotAllowed)
	var na *NotAllowedError
	require.ErrorAs(t, err, &na)
	assert.Equal(t, "Restart needs a running cluster.", na.Reason)
	assert.NoError(t, Check(ActionStart, compute.StateTerminated, KindAllPurpose))

	table := Table()
	assert.Len(t, table, 8, "every state the SDK knows")
	assert.Len(t, table["RUNNING"][KindJob], len(AllActions))
}

// The banner under a stopped or failed cluster must not advise an action the
// header shows disabled (issue: ERROR said "Start it again" beside a disabled Start).
func TestAdviceFollowsTheActionTable(t *testing.T) {
	const startAgain = "Start the cluster again; if it keeps happening, check the driver logs for memory pressure."
	const quota = "Request a quota increase for the VM family in the Azure portal."
	tests := []struct {
		name   string
		state  compute.State
		kind   Kind
		fix    string
		starts bool
		want   string
	}{
		{"error: terminate first", compute.StateError, KindAllPurpose, startAgain, true, whyError},
		{"error without a fix", compute.StateError, KindAllPurpose, "", false, whyError},
		{"error keeps a fix that is not about starting", compute.StateError, KindAllPurpose, quota, false, whyError + " " + quota},
		// The fix's kind decides, not its words: "restart"-free wording that
		// still means starting is replaced, and a mention of "start" in a
		// fix that asks for something else is kept.
		{"error: a start fix in other words", compute.StateError, KindAllPurpose, "Bring it back up.", true, whyError},
		{"error: 'start' in a fix about something else", compute.StateError, KindAllPurpose, "Ask an admin to restart the pool.", false, whyError + " Ask an admin to restart the pool."},
		{"terminated: start is offered", compute.StateTerminated, KindAllPurpose, startAgain, true, startAgain},
		{"job compute is started by its run", compute.StateTerminated, KindJob, startAgain, true, whyJobStart},
		{"terminating: the fix applies once stopped", compute.StateTerminating, KindAllPurpose, startAgain, true, startAgain},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Advice(tt.state, tt.kind, tt.fix, tt.starts))
		})
	}
}

func TestRowOfAnErrorClusterAdvisesWhatItsActionsAllow(t *testing.T) {
	d := &compute.ClusterDetails{ClusterId: "c1", State: compute.StateError, StateMessage: "Driver is down",
		TerminationReason: &compute.TerminationReason{Code: compute.TerminationReasonCodeDriverUnresponsive,
			Type: compute.TerminationReasonTypeServiceFault}}
	r := RowOf(d, false)
	require.NotNil(t, r.Termination)
	start := Allowed(compute.StateError, r.Kind)[0]
	require.Equal(t, ActionStart, start.Action)
	require.False(t, start.Enabled)
	assert.Equal(t, start.Reason, r.Termination.Fix)
	assert.NotContains(t, r.Termination.Fix, "Start the cluster again")
}
