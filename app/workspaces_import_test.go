//go:build unix

package app

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A profile that cannot be imported says what is wrong and what to change
// in the file, not UNEXPECTED / "Try again".
func TestImportSaysWhyAProfileCannotBeImported(t *testing.T) {
	f := newFixture(t, fixtureOptions{})
	cfg := filepath.Join(f.home, ".databrickscfg")
	require.NoError(t, os.WriteFile(cfg, []byte("[nohost]\ntoken = dapiX\n\n[basic]\nhost = https://a.cloud.databricks.com\nusername = u\npassword = p\n"), 0o600))

	res, err := f.app.Workspaces.Import([]string{"nohost", "basic"})
	require.NoError(t, err)
	assert.Empty(t, res.Imported)
	require.Len(t, res.Failed, 2)
	cases := []struct{ profile, message, hint string }{
		{"nohost", `Profile "nohost" cannot be imported: no host.`, "In " + cfg + ", add a host = https://… line for the workspace's URL; then import again."},
		{"basic", `Profile "basic" cannot be imported: auth type "basic" is not supported by Clusterdeck.`, "In " + cfg + ", use a token (pat), a service principal (oauth-m2m)"},
	}
	for i, c := range cases {
		got := res.Failed[i]
		assert.Equal(t, c.profile, got.Profile)
		assert.Equal(t, "PROFILE_NOT_IMPORTABLE", got.Error.Code)
		assert.Equal(t, c.message, got.Error.Message)
		assert.Contains(t, got.Error.Hint, c.hint)
		assert.NotContains(t, got.Error.Hint, "Try again")
	}
}

// A ~/.databrickscfg that is a link to /dev/zero or a FIFO: listing the
// import candidates answers with an error at once, and the app lives on.
func TestImportCandidatesFromADeviceOrFIFO(t *testing.T) {
	cases := []struct {
		name  string
		setup func(path string) error
	}{
		{"link to /dev/zero", func(path string) error { return os.Symlink("/dev/zero", path) }},
		{"FIFO", func(path string) error { return syscall.Mkfifo(path, 0o600) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t, fixtureOptions{})
			require.NoError(t, c.setup(filepath.Join(f.home, ".databrickscfg")))
			done := make(chan error, 1)
			go func() {
				_, err := f.app.Workspaces.ImportCandidates()
				done <- err
			}()
			select {
			case err := <-done:
				ui := f.app.Workspaces.errors.UIError(err)
				assert.Equal(t, "CFG_NOT_A_FILE", ui.Code)
				assert.Contains(t, ui.Detail, "not a regular file")
			case <-time.After(10 * time.Second):
				t.Fatal("ImportCandidates blocked")
			}
		})
	}
}
