package demo

import (
	"bytes"
	"encoding/json"
	"strconv"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// clusterJSON is a cluster as clusters/get and clusters/list answer it: the
// SDK's ClusterDetails plus last_activity_time, which the service returns
// (epoch ms of the last command, run or library change on a running
// cluster) but the SDK's type does not declare.
type clusterJSON struct {
	d            compute.ClusterDetails
	lastActivity time.Time
}

func (c clusterJSON) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(c.d)
	if err != nil || c.lastActivity.IsZero() || c.d.State != compute.StateRunning && c.d.State != compute.StateResizing {
		return b, err
	}
	field := `,"last_activity_time":` + strconv.FormatInt(c.lastActivity.UnixMilli(), 10) + `}`
	return append(bytes.TrimSuffix(bytes.TrimSpace(b), []byte("}")), field...), nil
}

// clusterList is clusters/list's answer with clusterJSON entries.
type clusterList struct {
	Clusters      []clusterJSON `json:"clusters,omitempty"`
	NextPageToken string        `json:"next_page_token,omitempty"`
	PrevPageToken string        `json:"prev_page_token,omitempty"`
}
