// Package savefile writes the files the user saves (exports, driver logs):
// streamed as they are produced, and never left half-written.
package savefile

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Write writes path through write, removing a partial file on failure.
func Write(path string, write func(io.Writer) error) error {
	out, err := os.OpenFile(path, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	err = write(out)
	if cerr := out.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("write %s: %w", path, cerr)
	}
	if err != nil {
		_ = os.Remove(path)
	}
	return err
}

// Bytes is a write of data as it is.
func Bytes(data []byte) func(io.Writer) error {
	return func(w io.Writer) error { _, err := w.Write(data); return err }
}

// Folder saves without a dialog into Dir (the bridge's test-only
// --save-dir, so browser tests can check what a Save wrote).
type Folder struct{ Dir string }

// SaveFile saves data as name in the folder and returns its path.
func (f Folder) SaveFile(ctx context.Context, name string, data []byte) (string, error) {
	return f.SaveStream(ctx, name, Bytes(data))
}

// SaveStream saves what write writes as name in the folder.
func (f Folder) SaveStream(_ context.Context, name string, write func(io.Writer) error) (string, error) {
	if err := os.MkdirAll(f.Dir, 0o700); err != nil {
		return "", fmt.Errorf("save folder: %w", err)
	}
	path := filepath.Join(f.Dir, filepath.Base(name))
	return path, Write(path, write)
}
