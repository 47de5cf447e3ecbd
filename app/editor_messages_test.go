package app

import (
	"testing"

	"github.com/clusterdeck/clusterdeck/backend/editor"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The editor's messages for bad values name the field and what it takes;
// a byte-order mark pasted with the JSON is accepted; a huge worker count
// is a warning, not an error.
func TestEditorEvaluateMessages(t *testing.T) {
	a, _ := newEditorTestApp(t)
	const base = `"cluster_name":"etl","spark_version":"16.4.x-scala2.12","node_type_id":"Standard_DS3_v2","autotermination_minutes":60`
	cases := []struct {
		name, json, path, code, severity, message string
	}{
		{"fraction", `{` + base + `,"num_workers":1.5}`, "num_workers", "wrong_type", "error",
			"num_workers must be a whole number from 0 to 2147483647, not 1.5."},
		{"1e309", `{` + base + `,"num_workers":1e309}`, "num_workers", "wrong_type", "error",
			"num_workers must be a whole number from 0 to 2147483647, not 1e309."},
		{"list in custom_tags", `{` + base + `,"num_workers":1,"custom_tags":["a"]}`, "custom_tags", "wrong_type", "error",
			"custom_tags must be an object of string values, not a list."},
		{"100,000 workers", `{` + base + `,"num_workers":100000}`, "num_workers", "many_workers", "warning",
			"100000 workers is more than 1000: the cloud account's quota for the node type usually stops far below that, so the cluster may fail to start or never get all its nodes. Check the number."},
		{"BOM", "\ufeff{" + base + `,"num_workers":2}`, "", "", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ev, err := a.Editor.Evaluate("demo", c.json, false)
			require.NoError(t, err)
			if c.path == "" {
				assert.Empty(t, ev.Problems)
				return
			}
			require.Len(t, ev.Problems, 1, "%+v", ev.Problems)
			p := ev.Problems[0]
			assert.Equal(t, editor.Problem{Path: c.path, Source: p.Source, Code: c.code, Message: c.message, Severity: c.severity}, p)
		})
	}
}
