package app

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"github.com/clusterdeck/clusterdeck/backend/savefile"
)

// FileSaver asks the user where to save a file and writes it. The desktop
// app uses a native dialog; the browser bridge has none (nil FileSaver, or
// savefile.Folder with the test-only --save-dir) and the page says nothing was saved.
type FileSaver interface {
	// SaveFile returns the chosen path, or "" when the user cancelled.
	SaveFile(ctx context.Context, suggestedName string, data []byte) (string, error)
}

// StreamSaver is a FileSaver that can write a file as it is produced, so a
// large download (driver logs) is never held whole in memory.
type StreamSaver interface {
	// SaveStream asks where to save and calls write with the open file;
	// it returns "" when the user cancelled.
	SaveStream(ctx context.Context, suggestedName string, write func(io.Writer) error) (string, error)
}

// DesktopFiles saves through Wails' native dialog, on the context Wails gave
// the emitter at startup.
type DesktopFiles struct{ Emitter *WailsEmitter }

var errNoWindow = errors.New("the window is not ready yet")

// SaveFile implements FileSaver.
func (f DesktopFiles) SaveFile(ctx context.Context, suggestedName string, data []byte) (string, error) {
	return f.SaveStream(ctx, suggestedName, savefile.Bytes(data))
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
	if err != nil {
		return "", fmt.Errorf("save dialog: %w", err)
	}
	if path == "" {
		return "", nil
	}
	return path, savefile.Write(path, write)
}
