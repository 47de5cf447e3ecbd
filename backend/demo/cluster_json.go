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
	tags         map[string]string // default_tags (workspace.defaultTags)
}

// The SDK's MarshalJSON builds a map per struct by reflection, about 28 KB
// of garbage per cluster and most of what a page of clusters/list cost.
// encoding/json writes the same fields from the same tags, except those only
// ForceSendFields would send: a struct that carries ForceSendFields keeps
// the SDK's encoding. These plain types are the biggest parts of a cluster
// (its details, its spec, its nodes) without the SDK's method.
type (
	plainDetails compute.ClusterDetails
	plainSpec    compute.ClusterSpec
	plainNode    compute.SparkNode
)

// detailsWire shadows the embedded details' spec and nodes (a field at the
// outer level wins in encoding/json) and adds last_activity_time.
type detailsWire struct {
	*plainDetails
	Spec             any               `json:"spec,omitempty"`
	Driver           any               `json:"driver,omitempty"`
	Executors        []plainNode       `json:"executors,omitempty"`
	DefaultTags      map[string]string `json:"default_tags,omitempty"`
	LastActivityTime int64             `json:"last_activity_time,omitempty"`
}

func (c clusterJSON) MarshalJSON() ([]byte, error) {
	activity := activityOf(c)
	if len(c.d.ForceSendFields) > 0 || !plainNodes(c.d.Executors) || c.d.Driver != nil && len(c.d.Driver.ForceSendFields) > 0 {
		return sdkClusterJSON(c.d, activity, c.tags)
	}
	w := detailsWire{plainDetails: (*plainDetails)(&c.d), LastActivityTime: activity, DefaultTags: c.tags}
	switch {
	case c.d.Spec == nil:
	case len(c.d.Spec.ForceSendFields) == 0:
		w.Spec = (*plainSpec)(c.d.Spec)
	default:
		w.Spec = c.d.Spec
	}
	if c.d.Driver != nil {
		w.Driver = (*plainNode)(c.d.Driver)
	}
	if len(c.d.Executors) > 0 {
		w.Executors = make([]plainNode, len(c.d.Executors))
		for i, n := range c.d.Executors {
			w.Executors[i] = plainNode(n)
		}
	}
	return json.Marshal(w)
}

// defaultTags are the tags the service puts on every cluster's resources
// (SDK ClusterDetails.DefaultTags: Vendor, Creator, ClusterName, ClusterId)
// and, on a job cluster, JobId and RunName of the run it serves ("On job
// clusters, Azure Databricks also applies the following default tags:
// RunName, JobId", https://learn.microsoft.com/en-us/azure/databricks/administration-guide/account-settings/usage-detail-tags-azure).
// They follow the cluster's name and owner, so they are written from them
// on each answer rather than kept (and kept in step) per cluster.
func (ws *workspace) defaultTags(cl *cluster) map[string]string {
	d := &cl.d
	tags := map[string]string{"Vendor": "Databricks", "Creator": d.CreatorUserName, "ClusterName": d.ClusterName, "ClusterId": d.ClusterId}
	if jobID, runName, ok := ws.jobOf(cl); ok {
		tags["JobId"], tags["RunName"] = strconv.FormatInt(jobID, 10), runName
	}
	return tags
}

// activityOf is last_activity_time: set while the cluster runs.
func activityOf(c clusterJSON) int64 {
	if c.lastActivity.IsZero() || c.d.State != compute.StateRunning && c.d.State != compute.StateResizing {
		return 0
	}
	return c.lastActivity.UnixMilli()
}

func plainNodes(nodes []compute.SparkNode) bool {
	for _, n := range nodes {
		if len(n.ForceSendFields) > 0 {
			return false
		}
	}
	return true
}

// sdkClusterJSON is the SDK's encoding plus default_tags and
// last_activity_time (when not 0).
func sdkClusterJSON(d compute.ClusterDetails, activity int64, tags map[string]string) ([]byte, error) {
	d.DefaultTags = tags
	b, err := json.Marshal(d)
	if err != nil || activity == 0 {
		return b, err
	}
	field := `,"last_activity_time":` + strconv.FormatInt(activity, 10) + `}`
	return append(bytes.TrimSuffix(bytes.TrimSpace(b), []byte("}")), field...), nil
}

// clusterList is clusters/list's answer with clusterJSON entries.
type clusterList struct {
	Clusters      []clusterJSON `json:"clusters,omitempty"`
	NextPageToken string        `json:"next_page_token,omitempty"`
	PrevPageToken string        `json:"prev_page_token,omitempty"`
}
