package app

import (
	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
	"github.com/clusterdeck/clusterdeck/backend/drafts"
)

// splitPageSpec reads the page's spec (see clusterspec.Document): a value
// of the wrong type refuses the save, at its field, so nothing typed is
// silently lost.
func splitPageSpec(m map[string]any) (clusterspec.Document, error) {
	doc, problems, err := clusterspec.DecodeMap(m)
	if err != nil {
		return clusterspec.Document{}, &drafts.FieldError{Field: "spec", Err: errBadSpec, Msg: err.Error()}
	}
	if p, bad := clusterspec.FirstTypeProblem(problems); bad {
		field := "spec." + p.Path
		if clusterspec.InLibraries(p.Path) {
			field = clusterspec.LibrariesKey
		}
		return clusterspec.Document{}, &drafts.FieldError{Field: field, Err: errBadSpec, Msg: p.Message}
	}
	return doc, nil
}

// documentOf is a stored draft's spec document.
func documentOf(dr drafts.Draft) clusterspec.Document {
	return clusterspec.Document{Spec: dr.Spec, Libraries: dr.Libraries, Extra: dr.Extra}
}
