package clusterspec

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestUnknownFields(t *testing.T) {
	cases := []struct {
		name, spec string
		extra      []string
		want       []string
	}{
		{name: "all known", spec: `{"cluster_name":"a","num_workers":2,"autoscale":{"min_workers":1,"max_workers":3},
			"docker_image":{"url":"u","basic_auth":{"username":"x","password":"y"}},
			"init_scripts":[{"volumes":{"destination":"/Volumes/a"}},{"s3":{"destination":"s3://b","region":"r"}}],
			"spark_conf":{"any.key":"v"},"custom_tags":{"free":"form"},"cluster_log_conf":{"dbfs":{"destination":"dbfs:/l"}}}`},
		{name: "top level", spec: `{"cluster_name":"a","some_future_field":{"x":1},"typo_workers":2}`,
			want: []string{"some_future_field", "typo_workers"}},
		{name: "nested object", spec: `{"autoscale":{"min_workers":1,"maximum":3},"docker_image":{"basic_auth":{"token":"t"}}}`,
			want: []string{"autoscale.maximum", "docker_image.basic_auth.token"}},
		{name: "in a list", spec: `{"init_scripts":[{"volumes":{"destination":"/V"}},{"volumes":{"dest":"/V"}},{"ftp":{}}]}`,
			want: []string{"init_scripts.1.volumes.dest", "init_scripts.2.ftp"}},
		{name: "caller's own keys", spec: `{"libraries":[{"pypi":{"package":"x"}}]}`, extra: []string{"libraries"}},
		{name: "wrong types are not unknown", spec: `{"autoscale":"big","init_scripts":{"a":1}}`},
		{name: "not json", spec: `{`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := UnknownFields([]byte(c.spec), c.extra...)
			if c.want == nil {
				assert.Empty(t, got)
				return
			}
			assert.Equal(t, c.want, got)
		})
	}
}
