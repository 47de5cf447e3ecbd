package clusterspec

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func fields(kv ...string) []Field {
	var out []Field
	for i := 0; i+1 < len(kv); i += 2 {
		out = append(out, Field{Key: kv[i], Value: json.RawMessage(kv[i+1])})
	}
	return out
}

func TestDecodeCluster(t *testing.T) {
	cases := []struct {
		name     string
		fields   []Field
		workers  int
		driver   string
		unknown  []string
		libs     int
		badIndex int // -1: no error
		badMsg   string
	}{
		{name: "a request, cleaned", fields: fields("cluster_name", `"a"`, "node_type_id", `"n1"`, "num_workers", `2`,
			"apply_policy_default_values", `true`, "zeta", `1`, "alpha", `{}`, "libraries", `[{"jar":"x.jar"}]`),
			workers: 2, unknown: []string{"alpha", "zeta"}, libs: 1, badIndex: -1},
		{name: "an edit request's cluster_id is known", fields: fields("cluster_id", `"c1"`, "cluster_name", `"a"`), badIndex: -1},
		{name: "details: what runs", fields: fields("cluster_name", `"a"`, "node_type_id", `"n1"`, "driver_node_type_id", `"n1"`,
			"num_workers", `5`, "state", `"RUNNING"`, "spec", `{"cluster_name":"a","num_workers":2}`),
			workers: 5, driver: "n1", badIndex: -1},
		{name: "the first bad value in order", fields: fields("cluster_name", `"a"`, "num_workers", `"two"`, "autotermination_minutes", `1.5`),
			badIndex: 1, badMsg: `num_workers must be a whole number from 0 to 2147483647, not the text "two".`},
		{name: "bad libraries", fields: fields("libraries", `[{"pypi":{"package":3}}]`, "num_workers", `"x"`),
			badIndex: 0, badMsg: "libraries.0.pypi.package must be text (a JSON string), not 3."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := DecodeCluster(c.fields)
			if c.badIndex >= 0 {
				var fe *FieldError
				require.ErrorAs(t, err, &fe)
				assert.Equal(t, c.badIndex, fe.Index)
				assert.Equal(t, c.fields[c.badIndex].Key, fe.Key)
				var te *FieldTypeError
				require.ErrorAs(t, err, &te)
				assert.Equal(t, c.badMsg, te.Message)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, "a", got.Spec.ClusterName)
			assert.Equal(t, c.workers, got.Spec.NumWorkers)
			assert.Equal(t, c.driver, got.Spec.DriverNodeTypeId)
			assert.False(t, got.Spec.ApplyPolicyDefaultValues, "cleaned")
			assert.Equal(t, c.unknown, got.Unknown)
			assert.Len(t, got.Libraries, c.libs)
		})
	}
}
