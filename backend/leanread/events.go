package leanread

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/databricks/databricks-sdk-go/client"
	"github.com/databricks/databricks-sdk-go/service/compute"
)

// EventsPage fetches one page of a cluster's event log.
func EventsPage(ctx context.Context, c *client.DatabricksClient, req compute.GetEvents) (*Events, error) {
	return read[Events](ctx, c, http.MethodPost, "/api/2.1/clusters/events", req)
}

// Events is one page of an event log.
type Events struct {
	Events     []Event `json:"events"`
	TotalCount Int64   `json:"total_count"`
	// NextPage is the request for the next page; nil on the last.
	NextPage *compute.GetEvents `json:"next_page"`
}

// Event is one event, its details kept as the service sent them.
type Event struct {
	ClusterID string            `json:"cluster_id"`
	Timestamp Int64             `json:"timestamp"`
	Type      compute.EventType `json:"type"`
	Details   json.RawMessage   `json:"details"`
}

// DetailsJSON is the event's details as the service sent them, every field
// included; "" when it sent none.
func (e *Event) DetailsJSON() string {
	if len(e.Details) == 0 || bytes.Equal(e.Details, []byte("null")) {
		return ""
	}
	return string(e.Details)
}

// eventDetails is the part of an event's details the app reads.
type eventDetails struct {
	User              string                    `json:"user"`
	Cause             compute.EventDetailsCause `json:"cause"`
	Reason            *Termination              `json:"reason"`
	CurrentNumWorkers int                       `json:"current_num_workers"`
	TargetNumWorkers  int                       `json:"target_num_workers"`
	ClusterSize       *struct {
		NumWorkers int        `json:"num_workers"`
		Autoscale  *Autoscale `json:"autoscale"`
	} `json:"cluster_size"`
}

// SDK is the SDK's type holding what the app reads of the event: its
// cluster, time and type, and of its details the user, cause, reason, worker
// counts and cluster size.
func (e *Event) SDK() (compute.ClusterEvent, error) {
	out := compute.ClusterEvent{ClusterId: e.ClusterID, Timestamp: int64(e.Timestamp), Type: e.Type}
	if e.DetailsJSON() == "" {
		return out, nil
	}
	var d eventDetails
	if err := json.Unmarshal(e.Details, &d); err != nil {
		return out, fmt.Errorf("details of a %s event: %w", e.Type, err)
	}
	out.Details = &compute.EventDetails{User: d.User, Cause: d.Cause,
		CurrentNumWorkers: d.CurrentNumWorkers, TargetNumWorkers: d.TargetNumWorkers}
	if t := d.Reason; t != nil {
		out.Details.Reason = &compute.TerminationReason{Code: t.Code, Type: t.Type, Parameters: t.Parameters}
	}
	if s := d.ClusterSize; s != nil {
		out.Details.ClusterSize = &compute.ClusterSize{NumWorkers: s.NumWorkers}
		if a := s.Autoscale; a != nil {
			out.Details.ClusterSize.Autoscale = &compute.AutoScale{MinWorkers: a.MinWorkers, MaxWorkers: a.MaxWorkers}
		}
	}
	return out, nil
}
