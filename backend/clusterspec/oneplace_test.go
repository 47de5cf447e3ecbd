package clusterspec

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A spec document is decoded in one place, here: nothing else json-decodes
// into compute.ClusterSpec, CreateCluster or EditCluster, so the editor,
// the drafts, the import, validate and ensure cannot drift apart on what a
// spec is (issue 37). Tests are left out, and so is the Demo workspace,
// which decodes request bodies as the real service would.
func TestSpecsAreDecodedOnlyHere(t *testing.T) {
	root := filepath.Join("..", "..")
	allowed := []string{"backend/clusterspec/", "backend/demo/"}
	byDir := map[string][]string{}
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
		byDir[filepath.Dir(path)] = append(byDir[filepath.Dir(path)], path)
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, byDir)

	var found []string
	for _, paths := range byDir {
		fset := token.NewFileSet()
		var files []*ast.File
		for _, p := range paths {
			f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
			require.NoError(t, err)
			files = append(files, f)
		}
		found = append(found, specDecodes(fset, files)...)
	}
	sort.Strings(found)
	assert.Empty(t, found, "decode a cluster spec through clusterspec (Parse, Decode, DecodeSpec, DecodeCluster)")
}
