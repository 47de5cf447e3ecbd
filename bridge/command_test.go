package bridge

import (
	"bytes"
	"flag"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseFlags(t *testing.T) {
	cases := []struct {
		name    string
		args    []string
		addr    string
		saveDir string
		wantErr string
	}{
		{name: "default", args: nil, addr: "127.0.0.1:0"},
		{name: "explicit loopback", args: []string{"--addr", "127.0.0.1:8123"}, addr: "127.0.0.1:8123"},
		{name: "ipv6 loopback", args: []string{"--addr=[::1]:0"}, addr: "[::1]:0"},
		{name: "not loopback", args: []string{"--addr", "0.0.0.0:80"}, wantErr: "must be a loopback address"},
		{name: "no port", args: []string{"--addr", "127.0.0.1"}, wantErr: "must be a loopback address"},
		{name: "unknown flag", args: []string{"--port", "1"}, wantErr: "flag provided but not defined"},
		{name: "stray argument", args: []string{"serve"}, wantErr: `unexpected argument "serve"`},
		{name: "test save folder", args: []string{"--save-dir", "/tmp/saved"}, addr: "127.0.0.1:0", saveDir: "/tmp/saved"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ParseFlags(tc.args, &bytes.Buffer{})
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.addr, f.Addr)
			assert.Equal(t, tc.saveDir, f.SaveDir)
		})
	}
}

// --help prints the usage and says so with flag.ErrHelp, so the command can
// exit cleanly without building the app first.
func TestParseFlagsHelp(t *testing.T) {
	var out bytes.Buffer
	_, err := ParseFlags([]string{"--help"}, &out)
	require.ErrorIs(t, err, flag.ErrHelp)
	assert.Contains(t, out.String(), "-addr")
}
