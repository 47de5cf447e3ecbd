package smoke

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// `wails generate module` builds main with the "bindings" tag and runs it to
// read the bound types. That run must write the bindings and nothing else:
// no data folder, no profiles, no demo server (it used to create
// ~/.local/share/clusterdeck/drafts on every `make build`).
func TestBindingsRunLeavesHomeAlone(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the app binary; skipped with -short")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "wailsbindings")
	tags := "bindings"
	if runtime.GOOS == "linux" {
		tags += ",webkit2_41" // what the Makefile builds with on Linux
	}
	build := exec.Command("go", "build", "-buildvcs=false", "-tags", tags, "-o", bin, ".")
	build.Dir = root
	out, err := build.CombinedOutput()
	require.NoError(t, err, "go build -tags %s:\n%s", tags, out)

	// Wails writes the bindings under the wails.json found in the working directory.
	project := filepath.Join(tmp, "project")
	require.NoError(t, os.MkdirAll(project, 0o755))
	config, err := os.ReadFile(filepath.Join(root, "wails.json"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(project, "wails.json"), config, 0o644))

	home := filepath.Join(tmp, "home")
	require.NoError(t, os.MkdirAll(home, 0o755))
	run := exec.Command(bin)
	run.Dir = project
	run.Env = append(withoutXDG(os.Environ()), "HOME="+home)
	out, err = run.CombinedOutput()
	require.NoError(t, err, "bindings run failed:\n%s", out)

	assert.FileExists(t, filepath.Join(project, "frontend", "wailsjs", "go", "app", "Shell.d.ts"))
	var created []string
	require.NoError(t, filepath.WalkDir(home, func(path string, _ fs.DirEntry, err error) error {
		if path != home {
			created = append(created, strings.TrimPrefix(path, home))
		}
		return err
	}))
	assert.Empty(t, created, "the bindings run wrote into HOME")
}

// withoutXDG drops XDG_* so every per-user folder falls back under HOME.
func withoutXDG(env []string) []string {
	kept := env[:0:0]
	for _, kv := range env {
		if !strings.HasPrefix(kv, "XDG_") && !strings.HasPrefix(kv, "HOME=") {
			kept = append(kept, kv)
		}
	}
	return kept
}
