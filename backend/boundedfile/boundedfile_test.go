//go:build unix

package boundedfile

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	normal := filepath.Join(dir, "spec.json")
	require.NoError(t, os.WriteFile(normal, []byte(`{"num_workers": 1}`), 0o600))
	big := filepath.Join(dir, "big.json")
	require.NoError(t, os.WriteFile(big, []byte(strings.Repeat("x", 2049)), 0o600))
	exact := filepath.Join(dir, "exact.json")
	require.NoError(t, os.WriteFile(exact, []byte(strings.Repeat("x", 2048)), 0o600))
	zeroLink := filepath.Join(dir, "zero-link")
	require.NoError(t, os.Symlink("/dev/zero", zeroLink))
	fileLink := filepath.Join(dir, "spec-link")
	require.NoError(t, os.Symlink(normal, fileLink))
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))

	cases := []struct {
		name, path string
		want       string // content, when it reads
		tooLarge   bool
		notRegular string // the kind named in the message
		notExist   bool
	}{
		{name: "normal file", path: normal, want: `{"num_workers": 1}`},
		{name: "link to a regular file", path: fileLink, want: `{"num_workers": 1}`},
		{name: "exactly at the limit", path: exact, want: strings.Repeat("x", 2048)},
		{name: "over the limit", path: big, tooLarge: true},
		{name: "/dev/zero", path: "/dev/zero", notRegular: "a character device"},
		{name: "link to /dev/zero", path: zeroLink, notRegular: "a character device"},
		{name: "FIFO", path: fifo, notRegular: "a named pipe (FIFO)"},
		{name: "folder", path: dir, notRegular: "a folder"},
		{name: "missing", path: filepath.Join(dir, "nope"), notExist: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			done := make(chan struct{})
			var got []byte
			var err error
			go func() {
				defer close(done)
				got, err = ReadFile(tc.path, 2048, "a spec")
			}()
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				t.Fatal("ReadFile blocked")
			}
			switch {
			case tc.tooLarge:
				var te *TooLargeError
				require.ErrorAs(t, err, &te)
				assert.ErrorIs(t, err, ErrTooLarge)
				assert.Equal(t, tc.path+" is larger than 2 KiB, the most Clusterdeck reads for a spec", err.Error())
			case tc.notRegular != "":
				var ne *NotRegularError
				require.ErrorAs(t, err, &ne)
				assert.ErrorIs(t, err, ErrNotRegular)
				assert.Contains(t, err.Error(), tc.notRegular)
			case tc.notExist:
				assert.ErrorIs(t, err, fs.ErrNotExist)
			default:
				require.NoError(t, err)
				assert.Equal(t, tc.want, string(got))
			}
		})
	}
}

// A stream (stdin) has no size to check first: the cap holds while reading.
func TestReadAllCapsAStream(t *testing.T) {
	zero, err := os.Open("/dev/zero")
	require.NoError(t, err)
	defer zero.Close()
	_, err = ReadAll(zero, "stdin", 1<<20, "a spec")
	var te *TooLargeError
	require.ErrorAs(t, err, &te)
	assert.Equal(t, "stdin is larger than 1 MiB, the most Clusterdeck reads for a spec", err.Error())

	got, err := ReadAll(strings.NewReader("abc"), "stdin", 3, "a spec")
	require.NoError(t, err)
	assert.Equal(t, "abc", string(got))
}
