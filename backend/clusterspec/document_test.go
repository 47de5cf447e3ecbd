package clusterspec

import (
	"encoding/json"
	"testing"

	"github.com/databricks/databricks-sdk-go/service/compute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDecodeDocument(t *testing.T) {
	cases := []struct {
		name     string
		raw      string
		workers  int
		libs     int
		extra    []string
		problems map[string]string // path → code
	}{
		{"plain", `{"cluster_name":"a","num_workers":2}`, 2, 0, nil, map[string]string{}},
		{"libraries apart", `{"num_workers":1,"libraries":[{"pypi":{"package":"x"}}]}`, 1, 1, nil, map[string]string{}},
		{"unknown keys kept, at any depth outside lists",
			`{"num_workers":1,"colour":"blue","docker_image":{"url":"u","pull_policy":"always"},"init_scripts":[{"dbfs":{"destination":"d"},"x":1}]}`,
			1, 0, []string{"colour", "docker_image"},
			map[string]string{"colour": CodeUnknownField, "docker_image.pull_policy": CodeUnknownField, "init_scripts.0.x": CodeUnknownField}},
		{"wrong type left out", `{"num_workers":"two","cluster_name":"a"}`, 0, 0, nil, map[string]string{"num_workers": CodeWrongType}},
		{"libraries of the wrong type", `{"libraries":{"pypi":"x"}}`, 0, 0, nil, map[string]string{"libraries": CodeWrongType}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc, problems, err := Decode([]byte(tc.raw))
			require.NoError(t, err)
			assert.Equal(t, tc.workers, doc.Spec.NumWorkers)
			assert.Len(t, doc.Libraries, tc.libs)
			var extra []string
			for k := range doc.Extra {
				extra = append(extra, k)
			}
			assert.ElementsMatch(t, tc.extra, extra)
			got := map[string]string{}
			for _, p := range problems {
				got[p.Path] = p.Code
				if p.Code == CodeUnknownField {
					assert.Equal(t, Warning, p.Severity)
					assert.Equal(t, UnknownFieldMessage(p.Path), p.Message)
				}
			}
			assert.Equal(t, tc.problems, got)
		})
	}
	for _, raw := range []string{`[]`, `null`, `{`, `"x"`} {
		_, _, err := Decode([]byte(raw))
		assert.ErrorIs(t, err, ErrNotAnObject, raw)
	}
}

// Decode → Map gives back what the page sent: API fields, libraries and
// unknown keys, numbers as typed.
func TestDocumentRoundTrip(t *testing.T) {
	in := map[string]any{"cluster_name": "a", "num_workers": 0, "colour": "blue",
		"docker_image": map[string]any{"url": "u", "pull_policy": "always"},
		"libraries":    []any{map[string]any{"pypi": map[string]any{"package": "x"}}},
		"big":          json.Number("12345678901234567890")}
	doc, _, err := DecodeMap(in)
	require.NoError(t, err)
	out, err := doc.Map()
	require.NoError(t, err)
	want, _ := json.Marshal(in)
	got, _ := json.Marshal(out)
	assert.JSONEq(t, string(want), string(got))
	assert.Contains(t, string(got), "12345678901234567890", "a large number is not rounded")
}

func TestOfCluster(t *testing.T) {
	req := &compute.ClusterSpec{ClusterName: "a", NodeTypeId: "n1", NumWorkers: 2, ApplyPolicyDefaultValues: true,
		CustomTags: map[string]string{RequestIDTag: "r1"}}
	d := &compute.ClusterDetails{ClusterName: "a", NodeTypeId: "n1", DriverNodeTypeId: "n1", NumWorkers: 5, Spec: req}
	cases := []struct {
		view    View
		workers int
		driver  string
		reqTag  bool
	}{
		{AsRequested, 2, "", false},
		{ForEdit, 5, "", false},
		{AsRunning, 5, "n1", false},
		{AsReported, 2, "", true},
	}
	for _, tc := range cases {
		s, err := OfCluster(d, tc.view)
		require.NoError(t, err)
		assert.Equal(t, tc.workers, s.NumWorkers, tc.view)
		assert.Equal(t, tc.driver, s.DriverNodeTypeId, tc.view)
		_, tagged := s.CustomTags[RequestIDTag]
		assert.Equal(t, tc.reqTag, tagged, tc.view)
	}
	old := &compute.ClusterDetails{ClusterName: "old", NodeTypeId: "n1", NumWorkers: 3}
	for _, v := range []View{AsRequested, ForEdit, AsRunning, AsReported} {
		s, err := OfCluster(old, v)
		require.NoError(t, err)
		assert.Equal(t, 3, s.NumWorkers, "a cluster with no requested spec: its details (%d)", v)
	}
	assert.JSONEq(t, `{"cluster_name":"old","node_type_id":"n1","num_workers":3}`, ReportedJSON(old))
}
