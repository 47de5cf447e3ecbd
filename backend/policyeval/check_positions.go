package policyeval

import (
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf16"
)

// keyAt is where a key was written: its byte offset in the document.
type keyAt struct {
	name   string
	offset int
}

// ruleAt is one top-level entry of a definition document: its path, where
// the path was written, its raw rule and where each of the rule's fields was.
type ruleAt struct {
	keyAt
	raw    json.RawMessage
	fields []keyAt // nil when the rule is not an object
}

// scanDefinition reads a definition document keeping where each path and
// each rule field was written. A syntax error comes back with its offset.
func scanDefinition(doc string) ([]ruleAt, error) {
	dec := json.NewDecoder(strings.NewReader(doc))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, &offsetError{offset: 0, msg: "a policy definition is a JSON object of attribute paths: {\"path\": {\"type\": …}}"}
	}
	var out []ruleAt
	for dec.More() {
		key, err := readKey(dec, doc)
		if err != nil {
			return nil, err
		}
		start := skipSpace(doc, int(dec.InputOffset()), ':')
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		r := ruleAt{keyAt: key, raw: raw}
		if len(raw) > 0 && raw[0] == '{' {
			r.fields, err = scanFields(doc[start:start+len(raw)], start)
			if err != nil {
				return nil, err
			}
		}
		out = append(out, r)
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, &offsetError{offset: int(dec.InputOffset()), msg: "trailing data after the JSON object"}
	}
	if _, err := dec.Token(); err == nil {
		return nil, &offsetError{offset: int(dec.InputOffset()), msg: "trailing data after the JSON object"}
	}
	return out, nil
}

// scanFields lists the keys of one rule object (text at base in the document).
func scanFields(obj string, base int) ([]keyAt, error) {
	dec := json.NewDecoder(strings.NewReader(obj))
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	fields := []keyAt{}
	for dec.More() {
		k, err := readKey(dec, obj)
		if err != nil {
			return nil, err
		}
		k.offset += base
		fields = append(fields, k)
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, err
		}
	}
	return fields, nil
}

// readKey reads an object key and finds its opening quote.
func readKey(dec *json.Decoder, doc string) (keyAt, error) {
	tok, err := dec.Token()
	if err != nil {
		return keyAt{}, err
	}
	name, _ := tok.(string)
	end := int(dec.InputOffset()) - 1 // the closing quote
	start := end - 1
	for start >= 0 && (doc[start] != '"' || escaped(doc, start)) {
		start--
	}
	return keyAt{name: name, offset: max(start, 0)}, nil
}

func escaped(doc string, i int) bool {
	n := 0
	for j := i - 1; j >= 0 && doc[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}

// skipSpace moves past white space and one optional separator.
func skipSpace(doc string, i int, sep byte) int {
	for i < len(doc) && (doc[i] == ' ' || doc[i] == '\t' || doc[i] == '\n' || doc[i] == '\r' || doc[i] == sep) {
		i++
	}
	return i
}

type offsetError struct {
	offset int
	msg    string
}

func (e *offsetError) Error() string { return e.msg }

// errorOffset is where a decoding error happened, when it says.
func errorOffset(err error, docLen int) int {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var off *offsetError
	switch {
	case errors.As(err, &syn):
		return max(int(syn.Offset)-1, 0) // Offset is just past the bad byte
	case errors.As(err, &typ):
		return int(typ.Offset)
	case errors.As(err, &off):
		return off.offset
	}
	return docLen
}

// lineColumn turns a byte offset into a 1-based line and a 1-based column
// counted in UTF-16 units, as editors in the page count them.
func lineColumn(doc string, offset int) (int, int) {
	offset = min(max(offset, 0), len(doc))
	line, lineStart := 1, 0
	for i := 0; i < offset; i++ {
		if doc[i] == '\n' {
			line, lineStart = line+1, i+1
		}
	}
	return line, len(utf16.Encode([]rune(doc[lineStart:offset]))) + 1
}
