package drafts

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
)

// ErrUnreadableImport: the text is neither API JSON nor bundle YAML, and
// the reader could not say where it went wrong.
var ErrUnreadableImport = errors.New("the text cannot be read as a cluster definition")

// MaxImportBytes bounds pasted or chosen text: cluster specs are small.
const MaxImportBytes = boundedfile.SpecLimit

// ImportText reads API JSON or bundle YAML (chosen by the file name, else
// the content) and saves one draft per cluster found, targeted at
// workspaceID. Warnings name their draft. Every problem with the text is a
// FieldError on "content" (or a PositionError); on a later failure the
// drafts made so far are returned with it.
func (s *Store) ImportText(filename, content, workspaceID string) ([]Draft, []string, error) {
	if strings.TrimSpace(content) == "" {
		return nil, nil, &FieldError{Field: "content", Err: ErrNothingToImport, Msg: "paste a cluster definition or choose a file"}
	}
	if len(content) > MaxImportBytes {
		return nil, nil, &FieldError{Field: "content", Err: ErrNothingToImport,
			Msg: (&boundedfile.TooLargeError{Name: "the text", Limit: MaxImportBytes, What: "an import"}).Error() +
				"; a cluster definition is far smaller — is this the right file?"}
	}
	found, err := Import(filename, []byte(content))
	if err != nil {
		var pe *PositionError
		if !errors.As(err, &pe) && !errors.Is(err, ErrNothingToImport) {
			// Unreadable without a place: still an input error, next to the text.
			err = &FieldError{Field: "content", Err: ErrUnreadableImport, Msg: err.Error()}
		}
		return nil, nil, err
	}
	source := "import:" + importKind(filename, content)
	created, warnings := []Draft{}, []string{}
	for _, im := range found {
		dr, err := s.Create(im.NewDraft(source, workspaceID))
		if err != nil {
			return created, warnings, err
		}
		created = append(created, dr)
		for _, w := range im.Warnings {
			warnings = append(warnings, fmt.Sprintf("%s: %s", dr.Name, w))
		}
	}
	return created, warnings, nil
}

// importKind is what a draft says it was imported from: json or bundle.
func importKind(filename, content string) string {
	ext := strings.ToLower(filepath.Ext(filename))
	if ext == ".json" || (ext == "" && strings.HasPrefix(strings.TrimSpace(content), "{")) {
		return "json"
	}
	return "bundle"
}
