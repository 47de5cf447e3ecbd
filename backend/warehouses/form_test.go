package warehouses

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/sql"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// form decodes a form as the facade does (the SDK's decoder notes the
// zeros the JSON carries, so an explicit 0 differs from a left-out field).
func form(t *testing.T, text string) sql.CreateWarehouseRequest {
	t.Helper()
	var r sql.CreateWarehouseRequest
	require.NoError(t, json.Unmarshal([]byte(text), &r))
	return r
}

func codes(ps []Problem) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, p.Path+":"+p.Code)
	}
	return out
}

func tagsJSON(n int) string {
	pairs := make([]string, n)
	for i := range pairs {
		pairs[i] = fmt.Sprintf(`{"key":"k%d","value":"v"}`, i)
	}
	return `{"custom_tags":[` + strings.Join(pairs, ",") + `]}`
}

// Every rule of the API, each problem at its field, before anything is sent.
func TestValidate(t *testing.T) {
	listed := []sql.EndpointInfo{
		{Id: "a1", Name: "BI", State: sql.StateRunning},
		{Id: "d1", Name: "old", State: sql.StateDeleted},
		{Id: "g1", Name: "going", State: sql.StateDeleting},
	}
	base := `"name":"new","cluster_size":"Small"`
	tests := []struct {
		name string
		json string
		self string
		want []string
	}{
		{"the least a create needs", `{` + base + `}`, "", []string{}},
		{"a full serverless warehouse", `{` + base + `,"min_num_clusters":2,"max_num_clusters":40,"auto_stop_mins":5,
			"warehouse_type":"PRO","enable_serverless_compute":true,"enable_photon":true,"spot_instance_policy":"RELIABILITY_OPTIMIZED",
			"channel":{"name":"CHANNEL_NAME_PREVIEW"},"tags":{"custom_tags":[{"key":"team","value":"bi"}]}}`, "", []string{}},
		{"no name, no size", `{}`, "", []string{"name:required", "cluster_size:required"}},
		{"a blank name", `{"name":"  ","cluster_size":"Small"}`, "", []string{"name:required"}},
		{"a name of 100 characters", `{"name":"` + strings.Repeat("é", 100) + `","cluster_size":"Small"}`, "", []string{"name:name_too_long"}},
		{"a name of 99 characters", `{"name":"` + strings.Repeat("é", 99) + `","cluster_size":"Small"}`, "", []string{}},
		{"a name taken", `{"name":"BI","cluster_size":"Small"}`, "", []string{"name:name_taken"}},
		{"a name taken by itself (edit)", `{"name":"BI","cluster_size":"Small"}`, "a1", []string{}},
		{"a name taken until the delete ends", `{"name":"going","cluster_size":"Small"}`, "", []string{"name:name_taken"}},
		{"a name freed by a delete", `{"name":"old","cluster_size":"Small"}`, "", []string{}},
		{"names differ by case", `{"name":"bi","cluster_size":"Small"}`, "", []string{}},
		{"an unknown size", `{"name":"x","cluster_size":"6X-Large"}`, "", []string{"cluster_size:unknown_size"}},
		{"the largest size", `{"name":"x","cluster_size":"5X-Large"}`, "", []string{}},
		{"min 0 sent", `{` + base + `,"min_num_clusters":0}`, "", []string{"min_num_clusters:range"}},
		{"min 31", `{` + base + `,"min_num_clusters":31,"max_num_clusters":40}`, "", []string{"min_num_clusters:range"}},
		{"min 30, max left out (= min)", `{` + base + `,"min_num_clusters":30}`, "", []string{}},
		{"max 41", `{` + base + `,"max_num_clusters":41}`, "", []string{"max_num_clusters:range"}},
		{"max below min", `{` + base + `,"min_num_clusters":3,"max_num_clusters":2}`, "", []string{"max_num_clusters:below_min"}},
		{"max 0 sent", `{` + base + `,"max_num_clusters":0}`, "", []string{"max_num_clusters:below_min"}},
		{"auto-stop 0: never", `{` + base + `,"auto_stop_mins":0}`, "", []string{}},
		{"auto-stop 9 on pro", `{` + base + `,"warehouse_type":"PRO","auto_stop_mins":9}`, "", []string{"auto_stop_mins:range"}},
		{"auto-stop 9 on classic", `{` + base + `,"warehouse_type":"CLASSIC","auto_stop_mins":9}`, "", []string{"auto_stop_mins:range"}},
		{"auto-stop 10 on classic", `{` + base + `,"warehouse_type":"CLASSIC","auto_stop_mins":10}`, "", []string{}},
		{"auto-stop 1 on serverless", `{` + base + `,"warehouse_type":"PRO","enable_serverless_compute":true,"auto_stop_mins":1}`, "", []string{}},
		{"auto-stop negative", `{` + base + `,"warehouse_type":"PRO","enable_serverless_compute":true,"auto_stop_mins":-1}`, "", []string{"auto_stop_mins:range"}},
		{"serverless on classic", `{` + base + `,"warehouse_type":"CLASSIC","enable_serverless_compute":true}`, "", []string{"warehouse_type:serverless_needs_pro"}},
		{"serverless without a type", `{` + base + `,"enable_serverless_compute":true}`, "", []string{"warehouse_type:serverless_needs_pro"}},
		{"an unknown type", `{` + base + `,"warehouse_type":"SERVERLESS"}`, "", []string{"warehouse_type:unknown"}},
		{"an unknown spot policy", `{` + base + `,"spot_instance_policy":"CHEAP"}`, "", []string{"spot_instance_policy:unknown"}},
		{"an unknown channel", `{` + base + `,"channel":{"name":"CHANNEL_NAME_CUSTOM"}}`, "", []string{"channel.name:unknown"}},
		{"44 tags", `{` + base + `,"tags":` + tagsJSON(44) + `}`, "", []string{}},
		{"45 tags", `{` + base + `,"tags":` + tagsJSON(45) + `}`, "", []string{"tags.custom_tags:too_many_tags"}},
		{"a tag key twice", `{` + base + `,"tags":{"custom_tags":[{"key":"a","value":"1"},{"key":"a","value":"2"}]}}`, "", []string{"tags.custom_tags.a:tag_key_repeated"}},
		{"an empty tag key", `{` + base + `,"tags":{"custom_tags":[{"key":"","value":"1"}]}}`, "", []string{"tags.custom_tags:tag_key_empty"}},
		{"a tag Databricks sets", `{` + base + `,"tags":{"custom_tags":[{"key":"Vendor","value":"me"}]}}`, "", []string{"tags.custom_tags.Vendor:tag_key_reserved"}},
		{"a tag the cloud reserves", `{` + base + `,"tags":{"custom_tags":[{"key":"aws:team","value":"me"}]}}`, "", []string{"tags.custom_tags.aws:team:tag_key_prefix"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Validate(form(t, tt.json), FormContext{Warehouses: listed, Self: tt.self})
			assert.Equal(t, tt.want, codes(got))
			assert.Equal(t, len(tt.want) > 0, HasErrors(got))
		})
	}
}
