package clusters

import (
	"strconv"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func stopped(state compute.State, code compute.TerminationReasonCode, params map[string]string) *compute.ClusterDetails {
	return &compute.ClusterDetails{ClusterId: "c-" + string(state), State: state, ClusterSource: compute.ClusterSourceUi,
		TerminationReason: &compute.TerminationReason{Code: code, Type: compute.TerminationReasonTypeSuccess, Parameters: params}}
}

// Rows of clusters stopped for the same reason share one explanation, each
// decoded with its own parameter map; any difference keeps them apart.
func TestRowsShareEqualExplanations(t *testing.T) {
	idle := func(min string) map[string]string { return map[string]string{"inactivity_duration_min": min} }
	a := RowOf(stopped(compute.StateTerminated, compute.TerminationReasonCodeInactivity, idle("60")), false)
	b := RowOf(stopped(compute.StateTerminated, compute.TerminationReasonCodeInactivity, idle("60")), false)
	c := RowOf(stopped(compute.StateTerminated, compute.TerminationReasonCodeInactivity, idle("30")), false)
	require.NotNil(t, a.Termination)
	assert.Same(t, a.Termination, b.Termination)
	assert.NotSame(t, a.Termination, c.Termination)
	assert.Contains(t, a.Termination.Summary, "60")
	assert.Contains(t, c.Termination.Summary, "30")

	// The same reason on an ERROR cluster gets other advice: its own explanation.
	lost := func(s compute.State) Row {
		d := stopped(s, compute.TerminationReasonCodeDriverUnreachable, nil)
		d.TerminationReason.Type = compute.TerminationReasonTypeCloudFailure
		return RowOf(d, false)
	}
	term, errd := lost(compute.StateTerminated), lost(compute.StateError)
	assert.Equal(t, term.Termination.Code, errd.Termination.Code)
	assert.NotEqual(t, term.Termination.Fix, errd.Termination.Fix, "an ERROR cluster must be terminated before it starts")
	assert.NotSame(t, term.Termination, errd.Termination)
	assert.Same(t, term.Termination, lost(compute.StateTerminated).Termination)
}

func TestExplanationPoolStaysBounded(t *testing.T) {
	p := &explanationPool{m: map[string]*Explanation{}}
	first := p.one(&Explanation{Code: "X", Summary: "0"})
	for i := 1; i <= maxSharedExplanations; i++ {
		p.one(&Explanation{Code: "X", Summary: strconv.Itoa(i)})
	}
	assert.LessOrEqual(t, len(p.m), maxSharedExplanations)
	again := p.one(&Explanation{Code: "X", Summary: "0"})
	assert.Equal(t, *first, *again, "equal either way")
}
