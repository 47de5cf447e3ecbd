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
