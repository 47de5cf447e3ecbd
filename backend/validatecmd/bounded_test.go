//go:build unix

package validatecmd

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Inputs that are not regular files, or are too large, exit 2 at once with
// a message naming the problem: never an out-of-memory crash or a hang.
func TestValidateRefusesUnboundedInputs(t *testing.T) {
	e := newEnv(t)
	zeroLink := filepath.Join(e.dir, "spec-link.json")
	require.NoError(t, os.Symlink("/dev/zero", zeroLink))
	fifo := filepath.Join(e.dir, "fifo.json")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	big := e.file("big.json", `{"cluster_name":"`+strings.Repeat("x", 1<<20)+`"}`)
	spec := e.file("good.json", goodSpec)

	cases := []struct {
		name  string
		args  []string
		stdin *os.File
		want  string
	}{
		{name: "spec /dev/zero", args: []string{"/dev/zero"}, want: "spec: /dev/zero is a character device, not a regular file"},
		{name: "spec link to /dev/zero", args: []string{zeroLink}, want: "spec: " + zeroLink + " is a character device, not a regular file"},
		{name: "spec FIFO", args: []string{fifo}, want: "spec: " + fifo + " is a named pipe (FIFO), not a regular file"},
		{name: "spec over the limit", args: []string{big}, want: "spec: " + big + " is larger than 1 MiB, the most Clusterdeck reads for a spec"},
		{name: "policy /dev/zero", args: []string{"--policy", "/dev/zero", spec}, want: "policy: /dev/zero is a character device"},
		{name: "policy over the limit", args: []string{"--policy", big, spec}, want: "the most Clusterdeck reads for a policy"},
		{name: "dbu rates /dev/zero", args: []string{"--dbu-rates", "/dev/zero", spec}, want: "/dev/zero is a character device"},
		{name: "dbu rates FIFO", args: []string{"--dbu-rates", fifo, spec}, want: "is a named pipe (FIFO)"},
		{name: "stdin endless", args: []string{"-"}, stdin: mustOpen(t, "/dev/zero"), want: "spec: stdin is larger than 1 MiB, the most Clusterdeck reads for a spec"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			d := e.deps
			d.Stdin = strings.NewReader("")
			if c.stdin != nil {
				d.Stdin = c.stdin
			}
			done := make(chan int, 1)
			go func() { done <- RunCommand(context.Background(), c.args, &out, &errOut, d) }()
			select {
			case code := <-done:
				assert.Equal(t, ExitBadInput, code)
				assert.Contains(t, errOut.String(), c.want)
				assert.Empty(t, out.String())
			case <-time.After(20 * time.Second):
				t.Fatal("validate blocked")
			}
		})
	}
}

func mustOpen(t *testing.T, path string) *os.File {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { _ = f.Close() })
	return f
}
