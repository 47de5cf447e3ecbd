package clusterspec

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestUnknownTree(t *testing.T) {
	cases := []struct {
		name string
		spec map[string]any
		skip []string
		want map[string]any
	}{
		{"all known", map[string]any{"cluster_name": "a", "num_workers": 0.0,
			"docker_image": map[string]any{"url": "x"}, "spark_conf": map[string]any{"any.key": "v"}}, nil, nil},
		{"top-level unknown", map[string]any{"cluster_name": "a", "colour": "blue"}, nil,
			map[string]any{"colour": "blue"}},
		{"nested unknown keeps only itself", map[string]any{"docker_image": map[string]any{"url": "x", "tagg": "1"},
			"azure_attributes": map[string]any{"availability": "SPOT_AZURE", "log_analytics_info": map[string]any{"extra": true}}}, nil,
			map[string]any{"docker_image": map[string]any{"tagg": "1"},
				"azure_attributes": map[string]any{"log_analytics_info": map[string]any{"extra": true}}}},
		{"skipped keys", map[string]any{"libraries": []any{}, "colour": "blue"}, []string{"libraries"},
			map[string]any{"colour": "blue"}},
		{"lists are not searched", map[string]any{"init_scripts": []any{map[string]any{"nope": 1.0}}}, nil, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, UnknownTree(tc.spec, tc.skip...))
		})
	}
}

func TestMergeTreePutsUnknownKeysBackWithoutOverwriting(t *testing.T) {
	dst := map[string]any{"cluster_name": "typed", "docker_image": map[string]any{"url": "x"}}
	MergeTree(dst, map[string]any{"cluster_name": "stale", "colour": "blue", "docker_image": map[string]any{"tagg": "1", "url": "old"}})
	assert.Equal(t, map[string]any{"cluster_name": "typed", "colour": "blue",
		"docker_image": map[string]any{"url": "x", "tagg": "1"}}, dst)
}
