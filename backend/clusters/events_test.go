package clusters

import (
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
)

// No event line contradicts itself ("UPSIZE_COMPLETED … workers 6 → 6").
func TestWorkersText(t *testing.T) {
	cases := []struct {
		typ             compute.EventType
		current, target int
		want            string
	}{
		{compute.EventTypeResizing, 2, 4, "2 → 4"},
		{compute.EventTypeResizing, 6, 3, "6 → 3"},
		{compute.EventTypeResizing, 4, 4, "4"},
		{compute.EventTypeUpsizeCompleted, 6, 6, "6"},
		{compute.EventTypeUpsizeCompleted, 5, 8, "5 of 8"},
		{compute.EventTypeRunning, 0, 0, "0"},
		{compute.EventTypeAddNodesFailed, 3, 8, "3 of 8"},
		{compute.EventTypeTerminating, 3, 3, ""},
	}
	for _, c := range cases {
		t.Run(string(c.typ)+" "+c.want, func(t *testing.T) {
			assert.Equal(t, c.want, workersText(c.typ, c.current, c.target))
		})
	}
}

// total_count is deprecated and may be 0 (SDK databricks-sdk-go
// service/compute/model.go, GetEventsResponse.TotalCount: "Returns 0 when
// request uses page_token. Will start returning zero when request uses
// offset/limit soon."): the pager then still reaches what is known to exist.
func TestEventTotal(t *testing.T) {
	for _, tc := range []struct {
		name                  string
		reported, offset, got int
		more                  bool
		want                  int
	}{
		{name: "reported", reported: 83, offset: 20, got: 20, more: true, want: 83},
		{name: "none match", want: 0},
		{name: "not reported, first page, more", got: 20, more: true, want: 21},
		{name: "not reported, later page, more", offset: 40, got: 20, more: true, want: 61},
		{name: "not reported, last page", offset: 40, got: 3, want: 43},
	} {
		assert.Equal(t, tc.want, eventTotal(tc.reported, tc.offset, tc.got, tc.more), tc.name)
	}
}
