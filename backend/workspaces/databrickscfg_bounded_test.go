//go:build unix

package workspaces

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
	"github.com/clusterdeck/clusterdeck/backend/credentials"
)

// A .databrickscfg that is a link to /dev/zero, a FIFO or a huge file gives
// an error naming the problem, promptly: no out-of-memory crash, no hang.
func TestDatabricksCfgBoundedRead(t *testing.T) {
	cases := []struct {
		name  string
		setup func(t *testing.T, path string)
		want  string
		is    error
	}{
		{"link to /dev/zero", func(t *testing.T, path string) { require.NoError(t, os.Symlink("/dev/zero", path)) },
			"is a character device, not a regular file", ErrCfgNotAFile},
		{"FIFO", func(t *testing.T, path string) { require.NoError(t, syscall.Mkfifo(path, 0o600)) },
			"is a named pipe (FIFO), not a regular file", ErrCfgNotAFile},
		{"over the limit", func(t *testing.T, path string) {
			big := "[a]\nhost = https://a.cloud.databricks.com\n" + strings.Repeat("# padding\n", boundedfile.ConfigLimit/10)
			require.NoError(t, os.WriteFile(path, []byte(big), 0o600))
		}, "is larger than 1 MiB, the most Clusterdeck reads for the Databricks config file", ErrCfgNotAFile},
		{"not UTF-8", func(t *testing.T, path string) {
			require.NoError(t, os.WriteFile(path, []byte("[caf\xe9]\nhost = https://a.cloud.databricks.com\n"), 0o600))
		}, "the byte at offset 4 is not valid UTF-8", ErrCfgUnreadable},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := isolate(t)
			path := filepath.Join(home, "databrickscfg")
			c.setup(t, path)
			m, err := NewManager(Deps{Paths: DefaultPaths(), Secrets: credentials.NewMemoryStore(), Now: fixedClock, Home: home,
				LookupEnv: env(map[string]string{EnvConfigFile: path}), Client: fastOptions})
			require.NoError(t, err)

			done := make(chan error, 2)
			go func() {
				_, err := m.ListDatabricksCfg()
				done <- err
				_, err = m.ImportDatabricksCfg(context.Background(), []string{"a"})
				done <- err
			}()
			for _, call := range []string{"list", "import"} {
				select {
				case err := <-done:
					require.ErrorIs(t, err, c.is, call)
					require.ErrorIs(t, err, ErrCfgUnreadable, "one family for the page")
					assert.Contains(t, err.Error(), c.want, call)
				case <-time.After(10 * time.Second):
					t.Fatalf("%s blocked", call)
				}
			}
			assert.Empty(t, m.List())
		})
	}
}

// A UTF-8 byte-order mark (Notepad writes one) does not hide the first profile.
func TestDatabricksCfgWithBOM(t *testing.T) {
	home := isolate(t)
	path := filepath.Join(home, "databrickscfg")
	require.NoError(t, os.WriteFile(path, []byte("\xef\xbb\xbf[first]\nhost = https://a.cloud.databricks.com\nauth_type = databricks-cli\n"), 0o600))
	list, err := ReadDatabricksCfg(path, env(nil))
	require.NoError(t, err)
	require.Len(t, list.Profiles, 1)
	assert.Equal(t, "first", list.Profiles[0].Name)
	assert.Equal(t, "https://a.cloud.databricks.com", list.Profiles[0].Host)
}
