package demo

import (
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSplitBridgeFlags(t *testing.T) {
	cases := []struct {
		name    string
		args    []string
		want    BridgeFlags
		rest    []string
		wantErr string
	}{
		{"defaults", []string{"--addr", "127.0.0.1:0"}, BridgeFlags{TimeScale: 6}, []string{"--addr", "127.0.0.1:0"}, ""},
		{"demo flags taken out", []string{"--demo-control", "--addr", "127.0.0.1:9", "--demo-time-scale=60", "--demo-clusters=10000"},
			BridgeFlags{TimeScale: 60, Clusters: 10000, Control: true}, []string{"--addr", "127.0.0.1:9"}, ""},
		{"scale of pools and policies", []string{"--demo-pools=1000", "--demo-policies=1000"}, BridgeFlags{TimeScale: 6, Pools: 1000, Policies: 1000}, nil, ""},
		{"scale of warehouses and their history", []string{"--demo-warehouses=500", "--demo-queries=100000"},
			BridgeFlags{TimeScale: 6, Warehouses: 500, Queries: 100_000}, nil, ""},
		{"visibility control off", []string{"--demo-all-clusters-visible"}, BridgeFlags{TimeScale: 6, AllClustersVisible: true}, nil, ""},
		{"bad scale", []string{"--demo-time-scale=0"}, BridgeFlags{}, nil, "must be positive"},
		{"unknown demo flag", []string{"--demo-nope=1"}, BridgeFlags{}, nil, "write demo flags as --demo-x=value"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, rest, err := SplitBridgeFlags(tc.args, io.Discard, 6)
			if tc.wantErr != "" {
				assert.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.rest, rest)
			assert.Equal(t, Options{TimeScale: tc.want.TimeScale, ExtraClusters: tc.want.Clusters, ExtraPools: tc.want.Pools,
				ExtraPolicies: tc.want.Policies, ExtraWarehouses: tc.want.Warehouses, ExtraQueries: tc.want.Queries, Control: tc.want.Control,
				AllClustersVisible: tc.want.AllClustersVisible}, got.Options())
		})
	}
}
