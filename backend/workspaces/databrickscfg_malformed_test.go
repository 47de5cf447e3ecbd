package workspaces

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/clusterdeck/clusterdeck/backend/credentials"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Malformed .databrickscfg files: each gives a clear error, file-level or
// per profile in the import list, and nothing is imported from a bad one.
func TestMalformedDatabricksCfg(t *testing.T) {
	const leak = "dapiMALFORMED0000000000000000099"
	cases := []struct {
		name     string
		content  string
		noRead   bool // mode 0000
		dir      bool // the path is a folder
		missing  bool // the path does not exist
		fileErr  error
		problems map[string]string // profile -> substring of its Problem
	}{
		{name: "empty file"},
		{name: "garbage bytes", content: "\x00\x01\xff\xfe\x89PNG\r\n\x1a\n" + leak + "\x00junk", fileErr: ErrCfgUnreadable},
		{name: "not ini", content: "export DATABRICKS_HOST\n{\"host\": \"https://x\", \"token\": \"" + leak + "\"}\n", fileErr: ErrCfgUnreadable},
		{name: "profile without host", content: "[nohost]\ntoken = " + leak + "\n",
			problems: map[string]string{"nohost": "no host"}},
		{name: "http host that is not loopback", content: "[plain]\nhost = http://dbc-1.cloud.databricks.com\ntoken = " + leak + "\n",
			problems: map[string]string{"plain": "http is only allowed for loopback"}},
		{name: "pat without token", content: "[pat]\nhost = https://dbc-1.cloud.databricks.com\nauth_type = pat\n",
			problems: map[string]string{"pat": "no token"}},
		{name: "duplicate sections", content: "[a]\nhost = https://a.cloud.databricks.com\ntoken = " + leak + "\n\n[ok]\nhost = https://ok.cloud.databricks.com\nauth_type = databricks-cli\n\n[a]\nhost = https://b.cloud.databricks.com\n",
			problems: map[string]string{"a": "[a] appears 2 times", "ok": ""}},
		{name: "unreadable file", content: "[x]\nhost = https://x.cloud.databricks.com\n", noRead: true, fileErr: ErrCfgAccess},
		{name: "DATABRICKS_CONFIG_FILE is missing", missing: true},
		{name: "DATABRICKS_CONFIG_FILE is a folder", dir: true, fileErr: ErrCfgAccess},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := isolate(t)
			path := filepath.Join(home, "cfgs", "databrickscfg")
			require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o700))
			switch {
			case c.dir:
				require.NoError(t, os.Mkdir(path, 0o700))
			case !c.missing:
				require.NoError(t, os.WriteFile(path, []byte(c.content), 0o600))
			}
			if c.noRead {
				require.NoError(t, os.Chmod(path, 0o000))
				t.Cleanup(func() { _ = os.Chmod(path, 0o600) })
				if f, err := os.Open(path); err == nil {
					_ = f.Close()
					t.Skipf("running as uid %d, which can read a mode-0000 file", os.Geteuid())
				}
			}
			keychain := credentials.NewMemoryStore()
			m, err := NewManager(Deps{Paths: DefaultPaths(), Secrets: keychain, Now: fixedClock, Home: home,
				LookupEnv: env(map[string]string{EnvConfigFile: path}), Client: fastOptions})
			require.NoError(t, err)
			ctx := context.Background()

			list, err := m.ListDatabricksCfg()
			if c.fileErr != nil {
				require.ErrorIs(t, err, c.fileErr)
				require.ErrorIs(t, err, ErrCfgUnreadable, "one code for the page: CFG_UNREADABLE")
				assert.NotContains(t, err.Error(), leak, "the parser's message can quote a line")
				_, err = m.ImportDatabricksCfg(ctx, []string{"x"})
				require.ErrorIs(t, err, ErrCfgUnreadable)
				assert.Empty(t, m.List())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, !c.missing, list.Exists)
			names := []string{}
			for _, p := range list.Profiles {
				names = append(names, p.Name)
			}
			require.Len(t, list.Profiles, len(c.problems), "profiles listed: %v", names)
			for _, p := range list.Profiles {
				want, ok := c.problems[p.Name]
				require.True(t, ok, "unexpected profile %q", p.Name)
				if want == "" {
					assert.Empty(t, p.Problem)
					assert.NotEmpty(t, p.ImportAs)
					continue
				}
				assert.Contains(t, p.Problem, want)
				assert.Empty(t, p.ImportAs, "a profile with a problem cannot be imported")
				_, err := m.ImportDatabricksCfg(ctx, []string{p.Name})
				require.Error(t, err)
				assert.Contains(t, err.Error(), `profile "`+p.Name+`"`)
				assert.Contains(t, err.Error(), want, "the import error says why")
				assert.NotContains(t, err.Error(), leak)
			}
			if c.missing {
				_, err := m.ImportDatabricksCfg(ctx, []string{"any"})
				assert.ErrorContains(t, err, "no Databricks config file at "+path)
			}
			assert.Empty(t, keychain.Keys(), "no secret from a bad profile reaches the keychain")
			for _, p := range m.List() {
				assert.Equal(t, "ok", p.Name, "only the good profile may be imported")
			}
		})
	}
}
