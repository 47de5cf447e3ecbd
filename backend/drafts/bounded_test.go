//go:build unix

package drafts

import (
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A draft file swapped for a link to /dev/zero, a FIFO or a huge file is a
// listed problem naming the limit, at once; the other drafts keep working.
func TestDraftFilesAreReadBounded(t *testing.T) {
	cases := []struct {
		name  string
		setup func(path string) error
		want  string
	}{
		{"link to /dev/zero", func(p string) error { return os.Symlink("/dev/zero", p) }, "is a character device, not a regular file"},
		{"FIFO", func(p string) error { return syscall.Mkfifo(p, 0o600) }, "is a named pipe (FIFO), not a regular file"},
		{"over the limit", func(p string) error {
			return os.WriteFile(p, []byte(`{"name":"`+strings.Repeat("x", 8<<20)+`"}`), 0o600)
		}, "is larger than 8 MiB, the most Clusterdeck reads for a draft"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, _ := openStore(t)
			good, err := s.Create(NewDraft{Name: "good", Spec: smallSpec()})
			require.NoError(t, err)
			bad, err := s.Create(NewDraft{Name: "bad", Spec: smallSpec()})
			require.NoError(t, err)
			require.NoError(t, os.Remove(s.path(bad.ID)))
			require.NoError(t, c.setup(s.path(bad.ID)))

			type listed struct {
				sums  []Summary
				probs []Problem
				err   error
			}
			done := make(chan listed, 1)
			go func() {
				sums, probs, err := s.List()
				done <- listed{sums, probs, err}
			}()
			select {
			case got := <-done:
				require.NoError(t, got.err)
				require.Len(t, got.sums, 1)
				assert.Equal(t, good.ID, got.sums[0].ID)
				require.Len(t, got.probs, 1)
				assert.Contains(t, got.probs[0].Message, c.want)
			case <-time.After(20 * time.Second):
				t.Fatal("List blocked")
			}
		})
	}
}

// A draft too large to read back is refused when saved, naming the limit,
// and the version on disk stays as it was.
func TestDraftOverTheReadLimitIsRefusedOnSave(t *testing.T) {
	s, _ := openStore(t)
	d, err := s.Create(NewDraft{Name: "big", Spec: smallSpec()})
	require.NoError(t, err)
	d.Notes = strings.Repeat("x", 8<<20)
	_, err = s.Save(d)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "larger than 8 MiB, the most Clusterdeck reads for a draft")

	got, _, err := s.Get(d.ID)
	require.NoError(t, err)
	assert.Empty(t, got.Notes, "the saved version is untouched")

	_, err = s.Create(NewDraft{Name: "born big", Notes: strings.Repeat("x", 8<<20), Spec: smallSpec()})
	assert.Contains(t, err.Error(), "larger than 8 MiB")
}
