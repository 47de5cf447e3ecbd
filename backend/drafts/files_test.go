package drafts

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestParseFile(t *testing.T) {
	cases := []struct {
		name, data string
		ok         bool
	}{
		{"a draft file", `{"schema":1,"id":"d1","name":"ETL","spec":{"cluster_name":"etl","num_workers":3},"libraries":[{"pypi":{"package":"pandas"}}]}`, true},
		{"API JSON", `{"cluster_name":"etl","num_workers":3}`, false},
		{"no schema", `{"id":"d1","spec":{"cluster_name":"etl"}}`, false},
		{"no id", `{"schema":1,"spec":{"cluster_name":"etl"}}`, false},
		{"no spec", `{"schema":1,"id":"d1"}`, false},
		{"a spec that is not one", `{"schema":1,"id":"d1","spec":{"num_workers":"three"}}`, false},
		{"not JSON", `schema: 1`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, ok := ParseFile([]byte(c.data))
			assert.Equal(t, c.ok, ok)
			if ok {
				assert.Equal(t, "etl", d.Spec.ClusterName)
				assert.Equal(t, 3, d.Spec.NumWorkers)
				assert.Len(t, d.Libraries, 1)
			}
		})
	}
}
