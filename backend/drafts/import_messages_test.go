package drafts

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
)

// An import says which field is wrong and what it takes, accepts a
// byte-order mark, and refuses text that is not UTF-8 instead of
// replacing its bytes.
func TestImportMessages(t *testing.T) {
	const whole = "must be a whole number from 0 to 2147483647"
	cases := []struct {
		name, file, content string
		want                string // "" imports
		line, col           int
	}{
		{name: "fraction", file: "a.json", content: "{\"cluster_name\": \"a\",\n \"num_workers\": 1.5}",
			want: "num_workers " + whole + ", not 1.5.", line: 2, col: 17},
		{name: "2^63", file: "a.json", content: `{"num_workers": 9223372036854775808}`, want: "num_workers " + whole + ", not 9223372036854775808."},
		{name: "1e309", file: "a.json", content: `{"num_workers": 1e309}`, want: "num_workers " + whole + ", not 1e309."},
		{name: "list in custom_tags", file: "a.json", content: `{"custom_tags": ["a"]}`, want: "custom_tags must be an object of string values, not a list."},
		{name: "yaml list in custom_tags", file: "databricks.yml", content: "resources:\n  clusters:\n    a:\n      custom_tags: [x]\n",
			want: "custom_tags must be an object of string values, not a list."},
		{name: "libraries wrong", file: "a.json", content: `{"libraries": [{"pypi": "pandas"}]}`, want: `libraries.0.pypi must be an object, not the text "pandas".`},
		{name: "JSON with a BOM", file: "a.json", content: "\ufeff{\"cluster_name\": \"bom\", \"num_workers\": 1}"},
		{name: "YAML with a BOM", file: "databricks.yml", content: "\ufeffresources:\n  clusters:\n    a:\n      cluster_name: bom\n"},
		{name: "no extension with a BOM", file: "", content: "\ufeff{\"cluster_name\": \"bom\"}"},
		{name: "invalid UTF-8", file: "a.json", content: "{\"cluster_name\": \"caf\xe9\"}", want: "a.json is not UTF-8 text: the byte at offset 21 is not valid UTF-8"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Import(c.file, []byte(c.content))
			if c.want == "" {
				require.NoError(t, err)
				require.Len(t, got, 1)
				assert.Equal(t, "bom", got[0].Spec.ClusterName)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			assert.NotContains(t, err.Error(), "Go value")
			if c.line > 0 {
				var pe *PositionError
				require.ErrorAs(t, err, &pe)
				assert.Equal(t, c.line, pe.Line)
				assert.Equal(t, c.col, pe.Column)
			}
			if c.name == "invalid UTF-8" {
				assert.ErrorIs(t, err, boundedfile.ErrNotUTF8)
			}
		})
	}
}
