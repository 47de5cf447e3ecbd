package app

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/wailsapp/wails/v2/pkg/runtime"
)

// FileSaver asks the user where to save a file and writes it. The desktop
// app uses a native dialog; the browser bridge has none (nil FileSaver) and
// the page offers the text to copy instead.
type FileSaver interface {
	// SaveFile returns the chosen path, or "" when the user cancelled.
	SaveFile(ctx context.Context, suggestedName string, data []byte) (string, error)
}

// DesktopFiles saves through Wails' native dialog, on the context Wails gave
// the emitter at startup.
type DesktopFiles struct{ Emitter *WailsEmitter }

var errNoWindow = errors.New("the window is not ready yet")

// SaveFile implements FileSaver.
func (f DesktopFiles) SaveFile(_ context.Context, suggestedName string, data []byte) (string, error) {
	f.Emitter.mu.RLock()
	wctx := f.Emitter.ctx
	f.Emitter.mu.RUnlock()
	if wctx == nil {
		return "", errNoWindow
	}
	path, err := runtime.SaveFileDialog(wctx, runtime.SaveDialogOptions{
		Title: "Save export", DefaultFilename: suggestedName, CanCreateDirectories: true,
	})
	if err != nil {
		return "", fmt.Errorf("save dialog: %w", err)
	}
	if path == "" {
		return "", nil
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	return path, nil
}
