package clusterspec

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRequestIDTag(t *testing.T) {
	tests := []struct {
		name    string
		tags    map[string]string
		id      string
		without map[string]string
	}{
		{"no tags", nil, "", nil},
		{"user tags only", map[string]string{"team": "bi"}, "", map[string]string{"team": "bi"}},
		{"the short mark", map[string]string{"team": "bi", "cd_req": "cd-1"}, "cd-1", map[string]string{"team": "bi"}},
		{"a cluster made by an earlier build", map[string]string{"clusterdeck_request_id": "cd-0"}, "cd-0", map[string]string{}},
		{"both: the short mark wins", map[string]string{"cd_req": "cd-2", "clusterdeck_request_id": "cd-0"}, "cd-2", map[string]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.id, RequestIDOf(tt.tags))
			assert.Equal(t, tt.without, WithoutRequestID(tt.tags))
		})
	}
	assert.LessOrEqual(t, len(RequestIDTag), 6, "the mark reaches every VM and bill: keep it short")
}

func TestWithoutRequestIDCopiesOnlyWhenItMust(t *testing.T) {
	plain := map[string]string{"team": "bi"}
	got := WithoutRequestID(plain)
	got["x"] = "y"
	assert.Equal(t, "y", plain["x"], "no mark: the same map, no copy per row")

	marked := map[string]string{"team": "bi", RequestIDTag: "cd-1"}
	WithoutRequestID(marked)["team"] = "changed"
	assert.Equal(t, "bi", marked["team"], "a marked map is copied, never changed")
}
