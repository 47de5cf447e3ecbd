package demo

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// 500 generated warehouses list after the seeded ones, the same on every
// seed, in a mix of types and states, each one visible and startable.
func TestScaleWarehouses(t *testing.T) {
	t.Parallel()
	list := func(seed uint64) []sql.EndpointInfo {
		_, w := frozen(t, Options{Seed: seed, ExtraWarehouses: 500})
		all, err := w.Warehouses.ListAll(testCtx(t), sql.ListWarehousesRequest{})
		require.NoError(t, err)
		return all
	}
	all := list(42)
	require.Len(t, all, len(seededWarehouses)+500)
	gen := all[len(seededWarehouses):]
	assert.Equal(t, "analytics serverless 000", gen[0].Name, "after the seeded ones, in creation order")
	kinds, states := map[string]int{}, map[sql.State]int{}
	for _, wh := range gen {
		kind := string(wh.WarehouseType)
		if wh.EnableServerlessCompute {
			kind = "SERVERLESS"
		}
		kinds[kind]++
		states[wh.State]++
	}
	assert.Equal(t, map[string]int{"SERVERLESS": 200, "PRO": 200, "CLASSIC": 100}, kinds)
	assert.Equal(t, map[sql.State]int{sql.StateRunning: 125, sql.StateStopped: 375}, states)

	other := list(7)
	for i := range gen {
		require.Equal(t, []string{gen[i].Id, gen[i].Name, gen[i].ClusterSize, string(gen[i].State)},
			[]string{other[len(seededWarehouses)+i].Id, other[len(seededWarehouses)+i].Name,
				other[len(seededWarehouses)+i].ClusterSize, string(other[len(seededWarehouses)+i].State)}, "the same whatever the seed")
	}
}
