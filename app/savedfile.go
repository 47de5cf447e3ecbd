package app

import (
	"bytes"
	"context"
	"io"
)

// SavedFile says where an export was saved ("" and false: no save dialog
// here, or cancelled: the page offers the text to copy instead).
type SavedFile struct {
	Saved bool   `json:"saved"`
	Path  string `json:"path"`
}

// saveAs asks where to save an export's text through the desktop's save
// dialog; without one (the browser bridge) nothing is saved.
func saveAs(ctx context.Context, files FileSaver, name, text string) (SavedFile, error) {
	if files == nil {
		return forPage(SavedFile{}), nil
	}
	path, err := files.SaveFile(ctx, name, []byte(text))
	return forPageErr(SavedFile{Saved: path != "", Path: path}, err)
}

// saveStream saves what write writes as it comes when files can stream
// (the desktop), else whole (small files, tests); "" when cancelled.
func saveStream(ctx context.Context, files FileSaver, name string, write func(io.Writer) error) (string, error) {
	if ss, ok := files.(StreamSaver); ok {
		return ss.SaveStream(ctx, name, write)
	}
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return "", err
	}
	return files.SaveFile(ctx, name, buf.Bytes())
}
