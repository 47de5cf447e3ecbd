package clusterspec

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// Object is the top level of a spec document, parsed once: each key with
// its value as written. The typed decode (DecodeSpec), the unknown keys
// (UnknownFields), the document (Decode) and the policy evaluator's tree
// (Tree) all read it, so the bytes are never parsed again.
type Object map[string]json.RawMessage

// Parse reads JSON text that must be one object. The error wraps
// ErrNotAnObject (bare for valid JSON of another kind: a list, null).
func Parse(raw []byte) (Object, error) {
	var top Object
	if err := json.Unmarshal(raw, &top); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, ErrNotAnObject
		}
		return nil, fmt.Errorf("%w: %w", ErrNotAnObject, err)
	}
	if top == nil {
		return nil, ErrNotAnObject
	}
	return top, nil
}

// DecodeTree is Parse then Tree: API JSON as the tree the policy evaluator
// takes.
func DecodeTree(raw []byte) (map[string]any, error) {
	o, err := Parse(raw)
	if err != nil {
		return nil, err
	}
	return o.Tree(), nil
}

// Tree is the object as plain values, numbers as json.Number so none is
// rounded (the policy evaluator's input).
func (o Object) Tree() map[string]any {
	out := make(map[string]any, len(o))
	for k, v := range o {
		out[k] = value(v)
	}
	return out
}

// value decodes one value that Parse has already checked is valid JSON.
func value(raw json.RawMessage) any {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	_ = dec.Decode(&v) // valid: it was parsed with its object
	return v
}

// decodeInto fills into (a pointer to an SDK type) from the object's
// values, already checked for their types.
func (o Object) decodeInto(into any) error {
	all, err := json.Marshal(o)
	if err == nil {
		err = json.Unmarshal(all, into)
	}
	return err
}
