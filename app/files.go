package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/wailsapp/wails/v2/pkg/runtime"
)

// FileSaver asks the user where to save a file and writes it. The desktop
// app uses a native dialog; the browser bridge has none (nil FileSaver, or
// FolderFiles with the test-only --save-dir) and the page says nothing was saved.
type FileSaver interface {
	// SaveFile returns the chosen path, or "" when the user cancelled.
	SaveFile(ctx context.Context, suggestedName string, data []byte) (string, error)
}

// DesktopFiles saves through Wails' native dialog, on the context Wails gave
// the emitter at startup.
type DesktopFiles struct{ Emitter *WailsEmitter }

var errNoWindow = errors.New("the window is not ready yet")

// SaveFile implements FileSaver.
func (f DesktopFiles) SaveFile(ctx context.Context, suggestedName string, data []byte) (string, error) {
	return f.SaveStream(ctx, suggestedName, writeAll(data))
}

// StreamSaver is a FileSaver that can write a file as it is produced, so a
// large download (driver logs) is never held whole in memory.
type StreamSaver interface {
	// SaveStream asks where to save and calls write with the open file;
	// it returns "" when the user cancelled.
	SaveStream(ctx context.Context, suggestedName string, write func(io.Writer) error) (string, error)
}

// SaveStream implements StreamSaver.
func (f DesktopFiles) SaveStream(_ context.Context, suggestedName string, write func(io.Writer) error) (string, error) {
	f.Emitter.mu.RLock()
	wctx := f.Emitter.ctx
	f.Emitter.mu.RUnlock()
	if wctx == nil {
		return "", errNoWindow
	}
	path, err := runtime.SaveFileDialog(wctx, runtime.SaveDialogOptions{
		Title: "Save " + suggestedName, DefaultFilename: suggestedName, CanCreateDirectories: true,
	})
	if err != nil || path == "" {
		return "", wrapDialog(err)
	}
	return path, writeStream(path, write)
}

// FolderFiles saves without a dialog into Dir (the bridge's test-only
// --save-dir, so browser tests can check what a Save wrote).
type FolderFiles struct{ Dir string }

// SaveFile implements FileSaver.
func (f FolderFiles) SaveFile(ctx context.Context, name string, data []byte) (string, error) {
	return f.SaveStream(ctx, name, writeAll(data))
}

// SaveStream implements StreamSaver.
func (f FolderFiles) SaveStream(_ context.Context, name string, write func(io.Writer) error) (string, error) {
	if err := os.MkdirAll(f.Dir, 0o700); err != nil {
		return "", fmt.Errorf("save folder: %w", err)
	}
	path := filepath.Join(f.Dir, filepath.Base(name))
	return path, writeStream(path, write)
}

func wrapDialog(err error) error {
	if err != nil {
		return fmt.Errorf("save dialog: %w", err)
	}
	return nil
}

// writeStream writes path through write, removing a partial file on failure.
func writeStream(path string, write func(io.Writer) error) error {
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

func writeAll(data []byte) func(io.Writer) error {
	return func(w io.Writer) error { _, err := w.Write(data); return err }
}
