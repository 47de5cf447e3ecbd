// Package leanread reads the API's large answers through the SDK's client
// (auth, retries, rate limit, error mapping) but decodes them with
// encoding/json: of clusters/list and clusters/events pages only what the
// app reads; the pools and policies lists whole, each object without the
// SDK's JSON method (catalog.go).
// The SDK's typed answers (v0.182) check every nested object for 64-bit
// integers sent as strings, once per level of nesting, reflecting over the
// struct's fields for each key: listing 10,000 clusters took 15 s of CPU
// (1.4 s with v0.173, which lacked that check; BenchmarkListAll10k in
// backend/demo), a page of 500 events 0.37 s (7 ms lean; BenchmarkEventsPage500).
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

// PageSize is the most clusters a page may hold.
const PageSize = 100

// ClustersPage fetches one page of clusters/list.
func ClustersPage(ctx context.Context, c *client.DatabricksClient, req compute.ListClustersRequest) (*Wire, error) {
	page, err := read[Wire](ctx, c, http.MethodGet, "/api/2.1/clusters/list", req)
	if err != nil {
		return nil, fmt.Errorf("list clusters: %w", err)
	}
	return page, nil
}

// read calls path through c (auth, retries, the API's errors) and decodes
// the answer into a T with encoding/json.
func read[T any](ctx context.Context, c *client.DatabricksClient, method, path string, req any) (*T, error) {
	var body bytes.Buffer
	headers := map[string]string{"Accept": "application/json"}
	if method != http.MethodGet {
		headers["Content-Type"] = "application/json"
	}
	if c.Config.WorkspaceID != "" {
		headers["X-Databricks-Workspace-Id"] = c.Config.WorkspaceID
	}
	if err := c.Do(ctx, method, path, headers, map[string]any{}, req, &body); err != nil {
		return nil, err
	}
	var out T
	if err := json.Unmarshal(body.Bytes(), &out); err != nil {
		return nil, fmt.Errorf("decoding the answer: %w", err)
	}
	return &out, nil
}

// Clusters walks every page req selects (PageSize a page unless req says) and
// returns each cluster with its listed fields (Cluster's). Get a cluster
// for the rest of its spec.
func Clusters(ctx context.Context, c *client.DatabricksClient, req compute.ListClustersRequest) ([]compute.ClusterDetails, error) {
	if req.PageSize == 0 {
		req.PageSize = PageSize
	}
	var out []compute.ClusterDetails
	for {
		resp, err := ClustersPage(ctx, c, req)
		if err != nil {
			return nil, err
		}
		for i := range resp.Clusters {
			out = append(out, resp.Clusters[i].Details())
		}
		if resp.NextPageToken == "" {
			return out, nil
		}
		req.PageToken = resp.NextPageToken
	}
}
