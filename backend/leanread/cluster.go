package leanread

import (
	"github.com/databricks/databricks-sdk-go/service/compute"
)

// Wire is the part of a clusters/list answer a list needs.
type Wire struct {
	Clusters      []Cluster `json:"clusters"`
	NextPageToken string    `json:"next_page_token"`
}

// Cluster is one listed cluster: what the Compute list, pool usage, name
// lookups and request-id lookups read.
type Cluster struct {
	ClusterID         string                   `json:"cluster_id"`
	ClusterName       string                   `json:"cluster_name"`
	State             compute.State            `json:"state"`
	StateMessage      string                   `json:"state_message"`
	ClusterSource     compute.ClusterSource    `json:"cluster_source"`
	DriverNodeTypeID  string                   `json:"driver_node_type_id"`
	NodeTypeID        string                   `json:"node_type_id"`
	NumWorkers        int                      `json:"num_workers"`
	Autoscale         *Autoscale               `json:"autoscale"`
	SparkVersion      string                   `json:"spark_version"`
	DataSecurityMode  compute.DataSecurityMode `json:"data_security_mode"`
	CreatorUserName   string                   `json:"creator_user_name"`
	CustomTags        map[string]string        `json:"custom_tags"`
	StartTime         Int64                    `json:"start_time"`
	TerminationReason *Termination             `json:"termination_reason"`
	AutoTermination   int                      `json:"autotermination_minutes"`
	PolicyID          string                   `json:"policy_id"`
	InstancePoolID    string                   `json:"instance_pool_id"`
	DriverPoolID      string                   `json:"driver_instance_pool_id"`
	RuntimeEngine     compute.RuntimeEngine    `json:"runtime_engine"`
	// LastActivityTime is returned by the service (the SDK type lacks it):
	// the last command, run or library change on the running cluster.
	LastActivityTime Int64 `json:"last_activity_time"`
}

// Autoscale is a listed cluster's autoscaling range.
type Autoscale struct {
	MinWorkers int `json:"min_workers"`
	MaxWorkers int `json:"max_workers"`
}

// Termination is why a listed cluster stopped.
type Termination struct {
	Code       compute.TerminationReasonCode `json:"code"`
	Type       compute.TerminationReasonType `json:"type"`
	Parameters map[string]string             `json:"parameters"`
}

// Details is the SDK's type holding the listed fields.
func (w *Cluster) Details() compute.ClusterDetails {
	d := compute.ClusterDetails{
		ClusterId: w.ClusterID, ClusterName: w.ClusterName, State: w.State, StateMessage: w.StateMessage,
		ClusterSource: w.ClusterSource, DriverNodeTypeId: w.DriverNodeTypeID, NodeTypeId: w.NodeTypeID,
		NumWorkers: w.NumWorkers, SparkVersion: w.SparkVersion, DataSecurityMode: w.DataSecurityMode,
		CreatorUserName: w.CreatorUserName, CustomTags: w.CustomTags, StartTime: int64(w.StartTime),
		AutoterminationMinutes: w.AutoTermination, PolicyId: w.PolicyID, InstancePoolId: w.InstancePoolID,
		DriverInstancePoolId: w.DriverPoolID, RuntimeEngine: w.RuntimeEngine,
	}
	if a := w.Autoscale; a != nil {
		d.Autoscale = &compute.AutoScale{MinWorkers: a.MinWorkers, MaxWorkers: a.MaxWorkers}
	}
	if t := w.TerminationReason; t != nil {
		d.TerminationReason = &compute.TerminationReason{Code: t.Code, Type: t.Type, Parameters: t.Parameters}
	}
	return d
}
