package check

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A cluster is checked against a policy in one place (Existing, and the
// form's Checker beside it): nothing outside check, policyeval and rates
// runs the evaluator or picks the built-in DBU rates, so compliance, Fleet
// and the editor cannot drift apart again (issue 37).
func TestThePolicyEvaluatorIsRunOnlyHere(t *testing.T) {
	root := filepath.Join("..", "..")
	uses := regexp.MustCompile(`policyeval\.(Evaluate|DefaultRateTable)\(|\.Evaluate\([^)]*policyeval\.Options`)
	allowed := []string{"backend/check/", "backend/policyeval/", "backend/rates/"}
	var found []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, root+string(filepath.Separator)))
		if d.IsDir() {
			if rel == "frontend" || rel == ".git" || strings.HasPrefix(rel, "build/bin") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		for _, a := range allowed {
			if strings.HasPrefix(rel, a) {
				return nil
			}
		}
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		for i, line := range strings.Split(string(src), "\n") {
			if uses.MatchString(line) {
				found = append(found, rel+":"+strconv.Itoa(i+1)+": "+strings.TrimSpace(line))
			}
		}
		return nil
	})
	require.NoError(t, err)
	assert.Empty(t, found, "run the policy evaluator through check.Existing (or the Checker), with the user's rate table")
}
