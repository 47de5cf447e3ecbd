package check

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/clusterdeck/clusterdeck/backend/internal/sourcetest"
	"github.com/stretchr/testify/assert"
)

// A cluster is checked against a policy in one place (Existing, and the
// form's Checker beside it): nothing outside check, policyeval and rates
// runs the evaluator or picks the built-in DBU rates, so compliance, Fleet
// and the editor cannot drift apart again (issue 37).
func TestThePolicyEvaluatorIsRunOnlyHere(t *testing.T) {
	root := filepath.Join("..", "..")
	uses := regexp.MustCompile(`policyeval\.(Evaluate|DefaultRateTable)\(|\.Evaluate\([^)]*policyeval\.Options`)
	allowed := []string{"backend/check/", "backend/policyeval/", "backend/rates/"}
	found := sourcetest.Lines(t, sourcetest.GoFiles(t, root, allowed...), uses)
	assert.Empty(t, found, "run the policy evaluator through check.Existing (or the Checker), with the user's rate table")
}
