package clusters

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDeltaWireSendsEachExplanationOnce(t *testing.T) {
	idle := func() *Explanation {
		return &Explanation{Code: "INACTIVITY", Type: "SUCCESS", Summary: "Stopped after 30 minutes idle.", Params: map[string]string{"inactivity_duration_min": "30"}}
	}
	lost := &Explanation{Code: "DRIVER_UNREACHABLE", Type: "CLOUD_FAILURE", Summary: "The driver was lost.", Failure: true}
	idle60 := idle()
	idle60.Params = map[string]string{"inactivity_duration_min": "60"}
	d := Delta{Workspace: "ws", Upserts: []Row{
		{ID: "a", State: "TERMINATED", Termination: idle()},
		{ID: "b", State: "RUNNING"},
		{ID: "c", State: "TERMINATED", Termination: idle()},
		{ID: "d", State: "ERROR", Termination: lost},
		{ID: "e", State: "TERMINATED", Termination: idle60},
	}}
	w := d.Wire()

	assert.Equal(t, []Explanation{*idle(), *lost, *idle60}, w.Explanations, "equal explanations once, in first-seen order; params tell them apart")
	refs := map[string]int{}
	for _, r := range w.Upserts {
		assert.Nil(t, r.Termination, r.ID)
		refs[r.ID] = r.Explained
	}
	assert.Equal(t, map[string]int{"a": 1, "b": 0, "c": 1, "d": 2, "e": 3}, refs)
	require.NotNil(t, d.Upserts[0].Termination, "the service's own rows are left as they were")
	assert.Zero(t, d.Upserts[0].Explained)

	full, err := json.Marshal(d)
	require.NoError(t, err)
	wire, err := json.Marshal(w)
	require.NoError(t, err)
	assert.Less(t, len(wire), len(full))
	assert.Empty(t, Delta{}.Wire().Explanations)
}
