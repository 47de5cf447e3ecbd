package apply

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

// Clusters are created in one way (issue 37): through Service, whose check,
// progress and cancel every caller gets. Nothing outside this package makes
// a Creator or an Applier of its own (runs.Ensure once did, unchecked).
func TestClustersAreCreatedOnlyThroughTheService(t *testing.T) {
	root := filepath.Join("..", "..")
	uses := regexp.MustCompile(`apply\.(NewCreator|NewApplier)\(`)
	var found []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, root+string(filepath.Separator)))
		if d.IsDir() {
			if rel == "frontend" || rel == ".git" || strings.HasPrefix(rel, "build/bin") || rel == "backend/apply" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
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
	assert.Empty(t, found, "create clusters through apply.Service (Create, ApplyDraft)")
}
