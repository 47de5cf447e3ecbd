package app

import "context"

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
