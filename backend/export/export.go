// Package export holds what every export format of every resource kind
// shares: identifiers made from names, a request as a JSON tree, and the
// Terraform writer (clusters, pools and policies each add only their
// resource type and field order).
package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
)

// Key makes a bundle/Terraform identifier from a name: lower case letters,
// digits and underscores, starting with a letter; kind ("cluster", "pool")
// leads a key that would not.
func Key(name, kind string) string {
	var b strings.Builder
	lastUnderscore := false
	for _, r := range strings.ToLower(name) {
		ok := r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r))
		switch {
		case ok:
			b.WriteRune(r)
			lastUnderscore = false
		case !lastUnderscore && b.Len() > 0:
			b.WriteByte('_')
			lastUnderscore = true
		}
	}
	key := strings.TrimRight(b.String(), "_")
	if key == "" || !unicode.IsLetter(rune(key[0])) {
		key = kind + "_" + key
	}
	return strings.TrimRight(key, "_")
}

// Keys hands out keys unique within one file: a second "etl" is "etl_2".
type Keys map[string]int

// Unique is key, numbered when it was handed out before.
func (used Keys) Unique(key string) string {
	used[key]++
	if n := used[key]; n > 1 {
		return fmt.Sprintf("%s_%d", key, n)
	}
	return key
}

// Object is a request (any SDK type) as a JSON tree, numbers kept exact.
func Object(req any) (map[string]any, error) {
	raw, err := json.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("encode: %w", err)
	}
	return DecodeObject(raw)
}

// DecodeObject reads a JSON object, numbers kept exact (json.Number).
func DecodeObject(raw []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		return nil, fmt.Errorf("decode: %w", err)
	}
	return obj, nil
}
