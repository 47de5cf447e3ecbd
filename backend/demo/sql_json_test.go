package demo

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rawStatementCall makes one Statement Execution API call and returns the
// answer's JSON as sent, decoded into plain maps (so absent and 0 differ).
func rawStatementCall(t *testing.T, srv *Server, method, path string, body any) map[string]any {
	t.Helper()
	var in bytes.Buffer
	if body != nil {
		require.NoError(t, json.NewEncoder(&in).Encode(body))
	}
	req, err := http.NewRequestWithContext(testCtx(t), method, srv.URL()+path, &in)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+srv.Token())
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	var out map[string]any
	require.NoError(t, json.NewDecoder(res.Body).Decode(&out))
	return out
}

// jsonAt follows keys (string for objects, int for arrays) and says whether
// the value is present.
func jsonAt(v any, path ...any) (any, bool) {
	for _, k := range path {
		switch k := k.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				return nil, false
			}
			if v, ok = m[k]; !ok {
				return nil, false
			}
		case int:
			a, ok := v.([]any)
			if !ok || k >= len(a) {
				return nil, false
			}
			v = a[k]
		}
	}
	return v, true
}

// The first column's position, the first chunk's chunk_index and
// row_offset, and a result that is not truncated are sent as 0 and false,
// as the service sends them (a real answer: "chunks": [{"chunk_index": 0,
// "row_count": 1, "row_offset": 0}], "columns": [{"name": "count(1)",
// "position": 0, ...}], "truncated": false, "result": {"chunk_index": 0,
// ..., "row_offset": 0}). The SDK's types (ColumnInfo, BaseChunkInfo,
// ResultData in service/sql/model.go) tag these fields omitempty, so the
// test reads the bytes on the wire.
func TestStatementJSONSendsZeroes(t *testing.T) {
	t.Parallel()
	srv, _ := frozen(t, Options{})
	resp := rawStatementCall(t, srv, http.MethodPost, "/api/2.0/sql/statements", map[string]any{
		"warehouse_id": demoWarehouseID, "wait_timeout": "30s",
		"statement": "SELECT cluster_id, start_time FROM system.compute.node_timeline"})
	state, _ := jsonAt(resp, "status", "state")
	require.Equal(t, "SUCCEEDED", state)
	id, _ := jsonAt(resp, "statement_id")
	chunk := rawStatementCall(t, srv, http.MethodGet, "/api/2.0/sql/statements/"+id.(string)+"/result/chunks/0", nil)
	empty := rawStatementCall(t, srv, http.MethodPost, "/api/2.0/sql/statements", map[string]any{
		"warehouse_id": demoWarehouseID, "wait_timeout": "30s",
		"statement": "SELECT cluster_id FROM system.compute.node_timeline WHERE cluster_id = 'no-such-cluster'"})

	tests := []struct {
		name string
		doc  map[string]any
		path []any
		want any
	}{
		{"first column's position", resp, []any{"manifest", "schema", "columns", 0, "position"}, 0.0},
		{"second column's position", resp, []any{"manifest", "schema", "columns", 1, "position"}, 1.0},
		{"manifest: first chunk's index", resp, []any{"manifest", "chunks", 0, "chunk_index"}, 0.0},
		{"manifest: first chunk's row offset", resp, []any{"manifest", "chunks", 0, "row_offset"}, 0.0},
		{"manifest: not truncated", resp, []any{"manifest", "truncated"}, false},
		{"inline result: chunk index", resp, []any{"result", "chunk_index"}, 0.0},
		{"inline result: row offset", resp, []any{"result", "row_offset"}, 0.0},
		{"chunk 0 read again: chunk index", chunk, []any{"chunk_index"}, 0.0},
		{"chunk 0 read again: row offset", chunk, []any{"row_offset"}, 0.0},
		{"empty result: row count", empty, []any{"manifest", "total_row_count"}, 0.0},
		{"empty result: chunk's row count", empty, []any{"manifest", "chunks", 0, "row_count"}, 0.0},
		{"empty result: inline row count", empty, []any{"result", "row_count"}, 0.0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := jsonAt(tc.doc, tc.path...)
			require.True(t, ok, "%v is not sent", tc.path)
			assert.Equal(t, tc.want, got)
		})
	}
}
