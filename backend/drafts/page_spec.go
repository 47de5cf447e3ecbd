package drafts

import (
	"errors"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
)

// ErrBadSpec is a spec that is not a cluster spec (a value of the wrong
// type, or text that does not parse).
var ErrBadSpec = errors.New("the spec is not a cluster spec")

// SplitPageSpec reads the page's spec (see clusterspec.Document): a value
// of the wrong type refuses the save, at its field, so nothing typed is
// silently lost.
func SplitPageSpec(m map[string]any) (clusterspec.Document, error) {
	doc, problems, err := clusterspec.DecodeMap(m)
	if err != nil {
		return clusterspec.Document{}, &FieldError{Field: "spec", Err: ErrBadSpec, Msg: err.Error()}
	}
	if p, bad := clusterspec.FirstTypeProblem(problems); bad {
		field := "spec." + p.Path
		if clusterspec.InLibraries(p.Path) {
			field = clusterspec.LibrariesKey
		}
		return clusterspec.Document{}, &FieldError{Field: field, Err: ErrBadSpec, Msg: p.Message}
	}
	return doc, nil
}

// Document is the draft's spec document.
func (d Draft) Document() clusterspec.Document {
	return clusterspec.Document{Spec: d.Spec, Libraries: d.Libraries, Extra: d.Extra}
}

// Unparsed refuses a draft whose typed text does not parse: its Spec is an
// older version than what the user sees.
func (d Draft) Unparsed() error {
	if d.SpecText == "" {
		return nil
	}
	return &FieldError{Field: "spec", Err: ErrBadSpec, Msg: "the spec has JSON text that does not parse; fix it before applying"}
}
