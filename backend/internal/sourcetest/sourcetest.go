// Package sourcetest reads the repository's own Go source for the tests
// that keep a rule in one place (no second caller of the evaluator, no
// second creator of clusters, no second spec decoder): one walk, one idea
// of what counts as product code.
package sourcetest

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// File is one non-test Go file of the product, by its path from the root
// of the repository (slash-separated) and on disk.
type File struct {
	Rel, Path string
}

// GoFiles lists the product's non-test Go files under root (the
// repository), leaving out the page, built binaries and any file under one
// of the allowed prefixes ("backend/check/").
func GoFiles(t *testing.T, root string, allowed ...string) []File {
	t.Helper()
	var out []File
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, root+string(filepath.Separator)))
		if d.IsDir() {
			if rel == "frontend" || rel == ".git" || rel == "node_modules" || strings.HasPrefix(rel, "build/bin") {
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
		out = append(out, File{Rel: rel, Path: path})
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, out, "no Go source under %s", root)
	return out
}

// Lines finds the lines of files that match uses, as "path:line: text".
func Lines(t *testing.T, files []File, uses *regexp.Regexp) []string {
	t.Helper()
	var found []string
	for _, f := range files {
		src, err := os.ReadFile(f.Path)
		require.NoError(t, err)
		for i, line := range strings.Split(string(src), "\n") {
			if uses.MatchString(line) {
				found = append(found, f.Rel+":"+strconv.Itoa(i+1)+": "+strings.TrimSpace(line))
			}
		}
	}
	return found
}
