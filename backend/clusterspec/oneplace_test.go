package clusterspec

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"testing"

	"github.com/clusterdeck/clusterdeck/backend/internal/sourcetest"
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
	for _, f := range sourcetest.GoFiles(t, root, allowed...) {
		byDir[filepath.Dir(f.Path)] = append(byDir[filepath.Dir(f.Path)], f.Path)
	}
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
