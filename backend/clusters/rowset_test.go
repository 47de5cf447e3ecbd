package clusters

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRowSet(t *testing.T) {
	a, b := Row{ID: "a", State: "PENDING"}, Row{ID: "b", State: "RUNNING"}
	set := NewRowSet([]Row{a, b})
	got, ok := set.Get("b")
	assert.True(t, ok)
	assert.Equal(t, b, got)
	_, ok = set.Get("c")
	assert.False(t, ok)
	assert.True(t, set.loaded())
	assert.True(t, NewRowSet(nil).loaded(), "a pass that found no rows still loaded the view")
	assert.False(t, RowSet{}.loaded())

	a2, c := Row{ID: "a", State: "RUNNING"}, Row{ID: "c", State: "PENDING"}
	next := set.with([]Row{a2, c})
	assert.Equal(t, []Row{a2, b, c}, next.Rows(), "replaced in place, new ones at the end")
	got, _ = next.Get("c")
	assert.Equal(t, c, got)
	assert.Equal(t, []Row{a, b}, set.Rows(), "the set the fleet may be reading is left as it was")
}
