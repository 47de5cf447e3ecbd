package runcmd

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/apply"
	"github.com/clusterdeck/clusterdeck/backend/demo"
)

// ensure and run create through the apply service: a spec its check
// refuses (here an API rule, with no catalog cached for the variables'
// workspace) exits 2 with the problem, and no cluster is made.
func TestEnsureRefusesASpecTheCheckRefuses(t *testing.T) {
	t.Parallel()
	srv, w := fast(t, demo.Durations{})
	d := deps(t, srv)
	cases := []struct {
		name string
		spec string
		want string
	}{
		{"no runtime", `{"cluster_name":"refused","node_type_id":"Standard_DS3_v2","num_workers":1}`, "Pick a Databricks Runtime version."},
		{"no worker type", `{"cluster_name":"refused","spark_version":"16.4.x-scala2.12","num_workers":1}`, "Pick a worker type or an instance pool."},
	}
	for _, c := range cases {
		for _, command := range []string{"ensure", "run"} {
			var out, errs syncBuf
			args := []string{"--spec", write(t, "refused.json", c.spec)}
			if command == "run" {
				args = append(args, "--notebook", "/Shared/etl/load")
			}
			code := RunCommand(ctx(t), command, args, &out, &errs, d)
			assert.Equal(t, ExitUsage, code, "%s %s: %s", command, c.name, errs.String())
			assert.Contains(t, errs.String(), c.want)
			assert.Contains(t, errs.String(), apply.ErrRefused.Error())
			found, err := apply.FindByName(ctx(t), w, "refused")
			require.NoError(t, err)
			assert.Empty(t, found, "%s %s: nothing was sent", command, c.name)
		}
	}
}
