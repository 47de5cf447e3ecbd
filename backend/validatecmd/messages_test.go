package validatecmd

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Messages a user can act on: each names the field and what it takes.
func TestValidateMessages(t *testing.T) {
	const base = `"cluster_name":"etl","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","autotermination_minutes":60`
	cases := []struct {
		name    string
		content string
		code    int
		out     string // exact stdout
		errOut  string // part of stderr
	}{
		{"fraction", `{` + base + `,"num_workers":1.5}`, ExitViolations,
			"num_workers: num_workers must be a whole number from 0 to 2147483647, not 1.5.\n", ""},
		{"1e309", `{` + base + `,"num_workers":1e309}`, ExitViolations,
			"num_workers: num_workers must be a whole number from 0 to 2147483647, not 1e309.\n", ""},
		{"2^63", `{` + base + `,"num_workers":9223372036854775808}`, ExitViolations,
			"num_workers: num_workers must be a whole number from 0 to 2147483647, not 9223372036854775808.\n", ""},
		{"list in custom_tags", `{` + base + `,"num_workers":1,"custom_tags":["a"]}`, ExitViolations,
			"custom_tags: custom_tags must be an object of string values, not a list.\n", ""},
		{"byte-order mark", "\xef\xbb\xbf{" + base + `,"num_workers":1}`, ExitOK, "", "OK: no violations"},
		{"invalid UTF-8", `{` + base + ",\"num_workers\":1,\"custom_tags\":{\"team\":\"Z\xfcrich\"}}", ExitBadInput, "",
			"is not UTF-8 text: the byte at offset 159 is not valid UTF-8; save the file as UTF-8"},
		{"no auto-termination", `{"cluster_name":"etl","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","num_workers":1}`, ExitOK,
			"autotermination_minutes: warning: Auto-termination is off: this cluster runs, and bills, until someone stops it. The web UI's default is 60 minutes.\n",
			"OK: no violations, 1 warning(s)"},
		{"100,000 workers", `{` + base + `,"num_workers":100000}`, ExitOK,
			"num_workers: warning: 100000 workers is more than 1000: the cloud account's quota for the node type usually stops far below that, so the cluster may fail to start or never get all its nodes. Check the number.\n",
			"OK: no violations, 1 warning(s)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			code, out, errOut := e.run(e.file("spec.json", c.content))
			assert.Equal(t, c.code, code, out+errOut)
			assert.Equal(t, c.out, out)
			assert.Contains(t, errOut, c.errOut)
		})
	}
}
