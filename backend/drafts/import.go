package drafts

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
)

// ErrNothingToImport means the input parsed but held no cluster.
var ErrNothingToImport = errors.New("no cluster found")

// Import reads API JSON or bundle YAML, chosen by the file name's
// extension, else by the content (JSON starts with '{').
func Import(filename string, data []byte) ([]Imported, error) {
	name := filename
	if name == "" {
		name = "the text"
	}
	data, err := boundedfile.Text(data, name)
	if err != nil {
		return nil, err
	}
	switch strings.ToLower(filepath.Ext(filename)) {
	case ".json":
		return ImportJSON(data)
	case ".yml", ".yaml":
		return ImportBundle(data)
	}
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' {
		return ImportJSON(data)
	}
	return ImportBundle(data)
}

// ImportJSON reads a create or edit request, a clusters/get answer (also
// `databricks clusters get` output), a clusters/list answer ({"clusters":
// [...]}) or a job cluster ({"new_cluster": {...}}).
func ImportJSON(data []byte) ([]Imported, error) {
	top, err := objectFields(data, 0)
	if err != nil {
		return nil, err
	}
	for _, f := range top {
		switch f.key {
		case "clusters":
			return importJSONList(data, f)
		case "new_cluster":
			fields, err := objectFields(data, offsetOf(data, f))
			if err != nil {
				return nil, err
			}
			im, err := decodeCluster(fields, "new_cluster", false)
			if err != nil {
				return nil, err
			}
			return []Imported{im}, nil
		}
	}
	im, err := decodeCluster(top, "cluster", false)
	if err != nil {
		return nil, err
	}
	return []Imported{im}, nil
}

func importJSONList(data []byte, list field) ([]Imported, error) {
	var items []json.RawMessage
	if err := json.Unmarshal(list.raw, &items); err != nil {
		return nil, posErr(list, err)
	}
	var out []Imported
	base := offsetOf(data, list)
	for i, item := range items {
		off := base + int64(bytes.Index(data[base:], item))
		fields, err := objectFields(data, off)
		if err != nil {
			return nil, err
		}
		im, err := decodeCluster(fields, fmt.Sprintf("clusters[%d]", i), false)
		if err != nil {
			return nil, err
		}
		out = append(out, im)
		base = off + int64(len(item))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: the clusters list is empty", ErrNothingToImport)
	}
	return out, nil
}

// objectFields reads the JSON object that starts at offset off of data and
// returns its keys with their raw values and positions.
func objectFields(data []byte, off int64) ([]field, error) {
	dec := json.NewDecoder(bytes.NewReader(data[off:]))
	tok, err := dec.Token()
	if err != nil {
		return nil, describeJSONErrorAt(data, err, off)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		line, col := lineCol(data, off)
		return nil, &PositionError{Line: line, Column: col, Err: errors.New("expected a JSON object with the cluster's fields")}
	}
	var out []field
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, describeJSONErrorAt(data, err, off)
		}
		key, _ := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, describeJSONErrorAt(data, err, off)
		}
		// The value ends at InputOffset; find where it starts for the position.
		end := off + dec.InputOffset()
		start := end - int64(len(raw))
		line, col := lineCol(data, start)
		out = append(out, field{key: key, raw: raw, line: line, col: col})
	}
	if _, err := dec.Token(); err != nil {
		return nil, describeJSONErrorAt(data, err, off)
	}
	return out, nil
}

// offsetOf finds where a field's value starts in data.
func offsetOf(data []byte, f field) int64 {
	off := int64(0)
	for l := 1; l < f.line; l++ {
		off += int64(bytes.IndexByte(data[off:], '\n')) + 1
	}
	return off + int64(f.col) - 1
}
