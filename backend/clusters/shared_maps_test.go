package clusters

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSharedMapsGiveOneMapPerContent(t *testing.T) {
	s := sharedMaps{}
	first := map[string]string{"team": "risk", "env": "prod"}
	same := map[string]string{"env": "prod", "team": "risk"}
	other := map[string]string{"team": "risk", "env": "dev"}
	// Text that looks like the key's separators cannot make two contents one.
	tricky := map[string]string{"a": "b\x001:c", "d": "e"}
	trick := map[string]string{"a": "b", "c\x001:d": "e"}

	got := s.of(same)
	assert.Equal(t, first, got)
	assert.Equal(t, map[string]string{"env": "prod", "team": "risk"}, s.of(first))
	assert.True(t, sameMap(s.of(first), s.of(same)), "equal contents share one map")
	assert.False(t, sameMap(s.of(other), s.of(first)))
	assert.Equal(t, tricky, s.of(tricky))
	assert.Equal(t, trick, s.of(trick))
	assert.False(t, sameMap(s.of(tricky), s.of(trick)))
	assert.Nil(t, s.of(nil))

	for i := range maxSharedMaps + 10 {
		s.of(map[string]string{"id": string(rune('a' + i%26)), "n": string(rune(i))})
	}
	assert.LessOrEqual(t, len(s), maxSharedMaps, "bounded")
}

// sameMap tells whether a and b are the same map (not only equal).
func sameMap(a, b map[string]string) bool {
	a["\x01probe"] = "x"
	defer delete(a, "\x01probe")
	return b["\x01probe"] == "x"
}
