package editor

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/check"
)

// The form tells policy problems and JSON problems apart; every other rule
// of the checker reads "spec". Problems come sorted by path.
func TestEvaluationOfNamesEachProblemsSource(t *testing.T) {
	cases := []struct {
		source check.Source
		want   string
	}{
		{check.SourcePolicy, "policy"},
		{check.SourceJSON, "json"},
		{check.SourceUnknownField, "json"},
		{check.SourceAPI, "spec"},
		{check.SourceCatalog, "spec"},
	}
	for _, c := range cases {
		t.Run(string(c.source), func(t *testing.T) {
			ev := EvaluationOf(check.Report{Errors: 1, Problems: []check.Problem{
				{Path: "z", Source: check.SourceAPI, Severity: "warning"},
				{Path: "a", Source: c.source, Code: "X", Message: "m", Severity: "error", Estimated: true},
			}})
			require.Len(t, ev.Problems, 2)
			assert.Equal(t, Problem{Path: "a", Source: c.want, Code: "X", Message: "m", Severity: "error", Estimated: true}, ev.Problems[0])
			assert.Equal(t, 1, ev.Errors)
		})
	}
}
