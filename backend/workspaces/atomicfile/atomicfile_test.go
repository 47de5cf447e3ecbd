package atomicfile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "profiles.json")

	require.NoError(t, Write(path, []byte("one"), 0o600))
	require.NoError(t, os.Chmod(path, 0o644))
	require.NoError(t, Write(path, []byte("two"), 0o600))

	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "two", string(got))
	info, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "mode is reset on every write")

	entries, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temp files left behind")
}

func TestWriteFailureLeavesOldContent(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.json")
	require.NoError(t, Write(path, []byte("old"), 0o600))
	// A directory where the file should go makes the rename fail.
	bad := filepath.Join(dir, "isdir")
	require.NoError(t, os.Mkdir(bad, 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(bad, "x"), nil, 0o600))
	assert.Error(t, Write(bad, []byte("new"), 0o600))

	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "old", string(got))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 2, "temp file removed after failure")
}
