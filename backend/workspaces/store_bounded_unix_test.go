//go:build unix

package workspaces

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
)

// FIFOs and /dev/zero are Unix notions: this test is left out on Windows,
// where `GOOS=windows go vet` still checks the rest (make cross-vet).

// TestStoreReadsOnlyABoundedRegularFile: a workspaces file that is a FIFO,
// a device or over the limit is reported (and blocks writes) instead of
// hanging or exhausting memory at start-up.
func TestStoreReadsOnlyABoundedRegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.json")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	big := filepath.Join(dir, "big.json")
	require.NoError(t, os.WriteFile(big, make([]byte, boundedfile.ProfilesLimit+1), 0o600))
	link := filepath.Join(dir, "zero.json")
	require.NoError(t, os.Symlink("/dev/zero", link))
	tests := []struct {
		name, path string
		says       string
	}{
		{"fifo", fifo, "not a regular file"},
		{"device behind a link", link, "not a regular file"},
		{"over the limit", big, "larger than 4 MiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			done := make(chan error, 1)
			go func() {
				_, err := OpenStore(tt.path, fixedClock)
				done <- err
			}()
			select {
			case err := <-done:
				require.ErrorIs(t, err, ErrCorruptFile)
				assert.Contains(t, err.Error(), tt.says)
			case <-time.After(10 * time.Second):
				t.Fatal("OpenStore blocked on the file")
			}
		})
	}
}
