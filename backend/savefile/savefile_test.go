package savefile

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFolderSaves(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "saved")
	failed := errors.New("the download broke")
	tests := []struct {
		name    string
		write   func(io.Writer) error
		want    string
		wantErr error
	}{
		{"whole", Bytes([]byte("a,b\n")), "a,b\n", nil},
		{"broken midway", func(w io.Writer) error { _, _ = w.Write([]byte("half")); return failed }, "", failed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path, err := Folder{Dir: dir}.SaveStream(context.Background(), "../out.csv", tt.write)
			assert.Equal(t, filepath.Join(dir, "out.csv"), path, "the name only, never a path out of the folder")
			got, rerr := os.ReadFile(path)
			if tt.wantErr != nil {
				assert.ErrorIs(t, err, tt.wantErr)
				assert.ErrorIs(t, rerr, os.ErrNotExist, "no half-written file is left")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(got))
		})
	}
}
