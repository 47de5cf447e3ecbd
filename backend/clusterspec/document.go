package clusterspec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/databricks/databricks-sdk-go/service/compute"
)

// LibrariesKey is where the editor keeps the libraries to install after
// create, inside the spec object it edits (the create call has no such
// field, so a draft stores them apart).
const LibrariesKey = "libraries"

// CodeUnknownField is the Violation code of a key the Clusters API does not have.
const CodeUnknownField = "unknown_field"

// UnknownFieldMessage is the one wording of the unknown-field warning, for
// the editor, the drafts and `clusterdeck validate` alike.
func UnknownFieldMessage(path string) string {
	return fmt.Sprintf("%s is not a Clusters API field: it is kept here but not sent when the cluster is created or saved.", path)
}

// Document is the spec object the editor and the drafts edit, taken apart:
// the Clusters API fields, the libraries installed after create and the
// keys the API does not know, kept so that saving loses nothing typed.
type Document struct {
	Spec      compute.ClusterSpec
	Libraries []compute.Library
	// Extra holds the unknown keys as a sparse tree by top-level key (see
	// UnknownTree): unknown keys with their values, known objects holding
	// only their own unknown keys.
	Extra map[string]json.RawMessage
}

// Decode reads the page's spec object (JSON text): Parse, then
// Object.Document. The error is for text that is not one JSON object
// (wrapping ErrNotAnObject).
func Decode(raw []byte) (Document, []Violation, error) {
	o, err := Parse(raw)
	if err != nil {
		return Document{}, nil, err
	}
	return o.Document()
}

// DecodeMap is Decode of an object the page sent as a map.
func DecodeMap(m map[string]any) (Document, []Violation, error) {
	if m == nil {
		m = map[string]any{}
	}
	raw, err := json.Marshal(m)
	if err != nil {
		return Document{}, nil, fmt.Errorf("%w: %w", ErrNotAnObject, err)
	}
	return Decode(raw)
}

// Document takes the object apart. Problems are per field: a value of the
// wrong type (an error at its path, left out of the document) and every
// unknown key (a warning, kept in Extra).
func (o Object) Document() (Document, []Violation, error) {
	var doc Document
	spec, problems, err := o.Spec(LibrariesKey)
	if err != nil {
		return doc, nil, err
	}
	doc.Spec = spec
	if l, ok := o[LibrariesKey]; ok {
		if ps := TypeProblems(l, doc.Libraries, LibrariesKey); len(ps) > 0 {
			problems = append(problems, ps...)
		} else if json.Unmarshal(l, &doc.Libraries) != nil {
			doc.Libraries = nil
		}
	}
	for _, path := range o.UnknownFields(LibrariesKey) {
		problems = append(problems, Violation{Path: path, Code: CodeUnknownField, Severity: Warning, Message: UnknownFieldMessage(path)})
	}
	if doc.Extra, err = o.extra(); err != nil {
		return doc, nil, err
	}
	sortViolations(problems)
	return doc, problems, nil
}

// extra is the unknown tree of the object (see UnknownTree), each
// top-level key as JSON. Only the values that can hold unknown keys are
// decoded: unknown keys and known object fields.
func (o Object) extra() (map[string]json.RawMessage, error) {
	tree := map[string]any{}
	for k, v := range o {
		if ft, known := fieldType(specType, k); k == LibrariesKey || known && !isStruct(ft) {
			continue // the libraries, scalars, lists and maps keep nothing unknown
		}
		tree[k] = value(v)
	}
	var out map[string]json.RawMessage
	for k, v := range UnknownTree(tree, LibrariesKey) {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("encode %s: %w", k, err)
		}
		if out == nil {
			out = map[string]json.RawMessage{}
		}
		out[k] = b
	}
	return out, nil
}

// Map is the document as the page's spec object: the API fields, the
// libraries under LibrariesKey and the extra keys back where they were.
func (d Document) Map() (map[string]any, error) {
	raw, err := json.Marshal(d.Spec)
	if err != nil {
		return nil, fmt.Errorf("encode spec: %w", err)
	}
	out := map[string]any{}
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("decode spec: %w", err)
	}
	if len(d.Libraries) > 0 {
		var libs []any
		if err := convert(d.Libraries, &libs); err != nil {
			return nil, err
		}
		out[LibrariesKey] = libs
	}
	extra := map[string]any{}
	for k, raw := range d.Extra {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber() // numbers stay as typed
		var v any
		if dec.Decode(&v) == nil { // checked when it was decoded or read
			extra[k] = v
		}
	}
	MergeTree(out, extra)
	return out, nil
}

// FirstTypeProblem is the first wrong-type problem among vs, for callers
// that refuse a spec outright (saving a draft).
func FirstTypeProblem(vs []Violation) (Violation, bool) {
	for _, v := range vs {
		if v.Code == CodeWrongType {
			return v, true
		}
	}
	return Violation{}, false
}

// InLibraries says whether a problem's path is in the libraries list.
func InLibraries(path string) bool {
	return path == LibrariesKey || strings.HasPrefix(path, LibrariesKey+".")
}
