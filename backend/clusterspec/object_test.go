package clusterspec

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every reading of a spec agrees on what is one JSON object, because each
// starts from the same Parse: the policy evaluator's tree once took text
// with a second value after the object that the editor's save refused.
func TestEveryReadingAgreesOnWhatIsAnObject(t *testing.T) {
	cases := []struct {
		name, raw string
		ok        bool
	}{
		{"object", `{"cluster_name":"a","num_workers":2}`, true},
		{"empty object", `{}`, true},
		{"list", `[{"num_workers":1}]`, false},
		{"null", `null`, false},
		{"text", `"x"`, false},
		{"cut short", `{"cluster_name":`, false},
		{"a second value after it", `{"cluster_name":"a"} {"num_workers":1}`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse([]byte(c.raw))
			_, treeErr := DecodeTree([]byte(c.raw))
			_, _, specErr := DecodeSpec([]byte(c.raw))
			_, _, docErr := Decode([]byte(c.raw))
			for _, e := range []error{err, treeErr, specErr, docErr} {
				if c.ok {
					assert.NoError(t, e)
				} else {
					assert.ErrorIs(t, e, ErrNotAnObject)
				}
			}
		})
	}
}

func TestTreeKeepsNumbersAsTyped(t *testing.T) {
	tree, err := DecodeTree([]byte(`{"num_workers": 2, "big": 12345678901234567890, "autoscale": {"max_workers": 1.5},
		"custom_tags": {"team": "data"}, "ssh_public_keys": ["k"], "colour": null}`))
	require.NoError(t, err)
	assert.Equal(t, map[string]any{
		"num_workers": json.Number("2"), "big": json.Number("12345678901234567890"),
		"autoscale":   map[string]any{"max_workers": json.Number("1.5")},
		"custom_tags": map[string]any{"team": "data"}, "ssh_public_keys": []any{"k"}, "colour": nil,
	}, tree)
}

// The document keeps unknown keys from the one parse, at any depth of a
// known object, numbers as typed and the libraries apart.
func TestDocumentExtraFromOneParse(t *testing.T) {
	o, err := Parse([]byte(`{"cluster_name":"a","colour":{"b":2,"a":1.50},"autoscale":{"min_workers":1,"step":3},
		"spark_conf":{"any.key":"v"},"libraries":[{"jar":"x.jar"}]}`))
	require.NoError(t, err)
	doc, problems, err := o.Document()
	require.NoError(t, err)
	assert.Equal(t, map[string]json.RawMessage{
		"colour":    json.RawMessage(`{"a":1.50,"b":2}`),
		"autoscale": json.RawMessage(`{"step":3}`),
	}, doc.Extra)
	assert.Equal(t, []string{"autoscale.step", "colour"}, o.UnknownFields(LibrariesKey))
	assert.Len(t, problems, 2)
	assert.Equal(t, "a", doc.Spec.ClusterName)
	require.Len(t, doc.Libraries, 1)
	assert.Equal(t, "x.jar", doc.Libraries[0].Jar)
}
