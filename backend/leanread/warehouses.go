package leanread

import (
	"context"
	"net/http"

	"github.com/databricks/databricks-sdk-go/client"
	"github.com/databricks/databricks-sdk-go/service/sql"
)

// The SQL warehouses list keeps the SDK's type, every field included, read
// with encoding/json's own rules as the pools are (catalog.go): the SDK's
// UnmarshalJSON walks each struct's fields by reflection per field, which
// made listing 500 warehouses take 0.4 s of CPU (BenchmarkWarehouses500
// against BenchmarkSDKWarehouses500).

// plainWarehouse is the SDK's warehouse without its JSON method; its one
// 64-bit integer, which the service may send as a string, reads as Int64.
type plainWarehouse struct {
	warehouseFields
	NumActiveSessions Int64 `json:"num_active_sessions"`
}

type warehouseFields sql.EndpointInfo

// Warehouses reads sql/warehouses, every page (the service pages only when
// asked to, and says so with next_page_token).
func Warehouses(ctx context.Context, c *client.DatabricksClient) ([]sql.EndpointInfo, error) {
	var out []sql.EndpointInfo
	req := sql.ListWarehousesRequest{}
	for {
		resp, err := read[struct {
			Warehouses    []plainWarehouse `json:"warehouses"`
			NextPageToken string           `json:"next_page_token"`
		}](ctx, c, http.MethodGet, "/api/2.0/sql/warehouses", req)
		if err != nil {
			return nil, err // callers say what they were listing for
		}
		for _, w := range resp.Warehouses {
			e := sql.EndpointInfo(w.warehouseFields)
			e.NumActiveSessions = int64(w.NumActiveSessions)
			out = append(out, e)
		}
		if resp.NextPageToken == "" || resp.NextPageToken == req.PageToken {
			return out, nil
		}
		req.PageToken = resp.NextPageToken
	}
}
