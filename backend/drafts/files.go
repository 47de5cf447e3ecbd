package drafts

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
	"github.com/clusterdeck/clusterdeck/backend/workspaces/atomicfile"
)

const (
	ext     = ".json"
	prevExt = ".prev.json"
)

// Problem reports a draft file that could not be used. The file is moved
// aside (MovedTo) unless it was written by a newer version of the app.
type Problem struct {
	File      string `json:"file"`
	DraftID   string `json:"draftId"`
	Reason    string `json:"reason"`
	MovedTo   string `json:"movedTo,omitempty"`
	Recovered bool   `json:"recovered"` // the previous version was restored
	// RestoredSavedAt is when the restored previous version had been saved
	// (RFC 3339), so the user knows how much work to redo.
	RestoredSavedAt string `json:"restoredSavedAt,omitempty"`
	Message         string `json:"message"` // one sentence for the user
}

func (s *Store) path(id string) string     { return filepath.Join(s.dir, id+ext) }
func (s *Store) prevPath(id string) string { return filepath.Join(s.dir, id+prevExt) }
func (s *Store) trashDir() string          { return filepath.Join(s.dir, "trash") }
func (s *Store) corruptDir() string        { return filepath.Join(s.dir, "corrupt") }

// ids lists the draft ids that have a current file in dir.
func (s *Store) ids(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("read drafts directory: %w", err)
	}
	var ids []string
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || strings.HasPrefix(n, ".") || strings.HasSuffix(n, prevExt) || !strings.HasSuffix(n, ext) {
			continue
		}
		if id := strings.TrimSuffix(n, ext); validID(id) {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	return ids, nil
}

// load reads a draft. On a bad file it restores the previous version when
// that one is good, otherwise moves the file aside; either way it returns a
// Problem. Callers hold s.mu.
func (s *Store) load(id string) (Draft, *Problem, error) {
	path := s.path(id)
	raw, err := boundedfile.ReadFile(path, boundedfile.DraftLimit, "a draft")
	if errors.Is(err, os.ErrNotExist) {
		return Draft{}, nil, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		p := &Problem{File: path, DraftID: id, Reason: err.Error()}
		p.Message = fmt.Sprintf("Draft file %s could not be read (%v). Check its permissions.", path, err)
		if errors.Is(err, boundedfile.ErrTooLarge) || errors.Is(err, boundedfile.ErrNotRegular) {
			p.Message = fmt.Sprintf("Draft file %s could not be read: %v. Move it out of the drafts folder.", path, err)
		}
		return Draft{}, p, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	d, derr := decodeDraft(raw, id)
	if derr == nil {
		return d, nil, nil
	}
	p := &Problem{File: path, DraftID: id, Reason: derr.Error()}
	if errors.Is(derr, ErrNewerSchema) {
		p.Message = fmt.Sprintf("Draft file %s was saved by a newer version of Clusterdeck; it is left as it is. Update Clusterdeck to open it.", path)
		return Draft{}, p, derr
	}
	moved, merr := s.quarantine(path, id)
	p.MovedTo = moved
	if merr != nil {
		p.Message = fmt.Sprintf("Draft file %s is unreadable (%v) and could not be moved aside (%v).", path, derr, merr)
		return Draft{}, p, fmt.Errorf("%w: %w", ErrCorrupt, derr)
	}
	if prevRaw, err := boundedfile.ReadFile(s.prevPath(id), boundedfile.DraftLimit, "a draft"); err == nil {
		if prev, err := decodeDraft(prevRaw, id); err == nil {
			if err := atomicfile.Write(path, prevRaw, 0o600); err == nil {
				p.Recovered = true
				if !prev.UpdatedAt.IsZero() {
					p.RestoredSavedAt = prev.UpdatedAt.UTC().Format(time.RFC3339)
				}
				p.Message = fmt.Sprintf("Draft %q was unreadable (%v); its previous version was restored and the bad file moved to %s.", prev.Name, derr, moved)
				return prev, p, nil
			}
		}
	}
	p.Message = fmt.Sprintf("Draft file %s is unreadable (%v); it was moved to %s so the other drafts keep working.", path, derr, moved)
	return Draft{}, p, fmt.Errorf("%w: %w", ErrCorrupt, derr)
}

// write stores d atomically. With keepPrev, the file it replaces stays as
// <id>.prev.json: a hard link (no copy) swapped in by rename, so the current
// file is never missing, whatever moment the process dies.
func (s *Store) write(d *Draft, keepPrev bool) error {
	raw, err := encodeDraft(d)
	if err != nil {
		return err
	}
	if len(raw) > boundedfile.DraftLimit {
		// Refused now rather than saved and then unreadable on the next load.
		return &boundedfile.TooLargeError{Name: fmt.Sprintf("Draft %q", d.Name), Limit: boundedfile.DraftLimit, What: "a draft"}
	}
	path := s.path(d.ID)
	if keepPrev {
		if err := s.keepPrevious(d.ID); err != nil {
			return err
		}
	}
	if err := atomicfile.Write(path, raw, 0o600); err != nil {
		return fmt.Errorf("save draft %q: %w", d.Name, err)
	}
	return nil
}

func (s *Store) keepPrevious(id string) error {
	path, prev := s.path(id), s.prevPath(id)
	tmp := filepath.Join(s.dir, "."+id+".prev.tmp")
	_ = os.Remove(tmp)
	if err := os.Link(path, tmp); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil
		}
		// Some file systems have no hard links: copy instead.
		raw, rerr := boundedfile.ReadFile(path, boundedfile.DraftLimit, "a draft")
		if rerr != nil {
			return fmt.Errorf("keep previous version: %w", rerr)
		}
		return atomicfile.Write(prev, raw, 0o600)
	}
	if err := os.Rename(tmp, prev); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("keep previous version: %w", err)
	}
	return nil
}

// quarantine moves a bad file into corrupt/ under a name that never clashes.
func (s *Store) quarantine(path, id string) (string, error) {
	if err := os.MkdirAll(s.corruptDir(), 0o700); err != nil {
		return "", fmt.Errorf("create %s: %w", s.corruptDir(), err)
	}
	dst := filepath.Join(s.corruptDir(), fmt.Sprintf("%s-%s%s", id, s.now().UTC().Format("20060102T150405.000000000"), ext))
	if err := os.Rename(path, dst); err != nil {
		return "", fmt.Errorf("move aside: %w", err)
	}
	return dst, nil
}

// Quarantined lists the files moved aside so far (newest last).
func (s *Store) Quarantined() ([]string, error) {
	entries, err := os.ReadDir(s.corruptDir())
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", s.corruptDir(), err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, filepath.Join(s.corruptDir(), e.Name()))
	}
	return out, nil
}

func encodeDraft(d *Draft) ([]byte, error) {
	raw, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode draft: %w", err)
	}
	return append(raw, '\n'), nil
}

// ParseFile recognises a draft file given on its own (`clusterdeck ensure`
// and `run` take one as the spec): ok is false when data is not one (no
// schema, id or spec), so the caller can read it as another format.
func ParseFile(data []byte) (Draft, bool) {
	var probe struct {
		Schema int             `json:"schema"`
		ID     string          `json:"id"`
		Spec   json.RawMessage `json:"spec"`
	}
	if json.Unmarshal(data, &probe) != nil || probe.Schema == 0 || probe.ID == "" || len(probe.Spec) == 0 {
		return Draft{}, false
	}
	var d Draft
	if json.Unmarshal(data, &d) != nil {
		return Draft{}, false
	}
	return d, true
}

// decodeDraft parses and checks a file's content; wantID is the id its
// file name promises.
func decodeDraft(raw []byte, wantID string) (Draft, error) {
	var head struct {
		Schema *int `json:"schema"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		return Draft{}, describeJSONError(raw, err)
	}
	switch {
	case head.Schema == nil:
		return Draft{}, errors.New("no schema version")
	case *head.Schema > SchemaVersion:
		return Draft{}, fmt.Errorf("%w (schema %d, this build reads up to %d)", ErrNewerSchema, *head.Schema, SchemaVersion)
	case *head.Schema < 1:
		return Draft{}, fmt.Errorf("bad schema version %d", *head.Schema)
	}
	var d Draft
	if err := json.Unmarshal(raw, &d); err != nil {
		return Draft{}, describeJSONError(raw, err)
	}
	if d.ID != wantID {
		return Draft{}, fmt.Errorf("file holds draft %q, expected %q", d.ID, wantID)
	}
	if _, err := validateName(d.Name); err != nil {
		return Draft{}, err
	}
	return d, nil
}

func removeTempFiles(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if n := e.Name(); strings.HasPrefix(n, ".") && strings.Contains(n, ".tmp") {
			_ = os.Remove(filepath.Join(dir, n))
		}
	}
}

// describeJSONError adds line and column to a JSON error when it has an offset.
func describeJSONError(raw []byte, err error) error { return describeJSONErrorAt(raw, err, 0) }

// describeJSONErrorAt is describeJSONError for an error from decoding
// raw[base:].
func describeJSONErrorAt(raw []byte, err error, base int64) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var off int64 = -1
	switch {
	case errors.As(err, &syn):
		off = syn.Offset
	case errors.As(err, &typ):
		off = typ.Offset
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		off = int64(len(raw)) - base
	}
	if off < 0 {
		return err
	}
	line, col := lineCol(raw, off+base)
	return &PositionError{Line: line, Column: col, Err: err}
}

// PositionError is a parse error at a place in the input.
type PositionError struct {
	Line, Column int
	Err          error
}

func (e *PositionError) Error() string {
	if e.Column <= 0 {
		return fmt.Sprintf("line %d: %v", e.Line, e.Err)
	}
	return fmt.Sprintf("line %d, column %d: %v", e.Line, e.Column, e.Err)
}
func (e *PositionError) Unwrap() error { return e.Err }

func lineCol(raw []byte, off int64) (int, int) {
	line, col := 1, 1
	for i := int64(0); i < off && i < int64(len(raw)); i++ {
		if raw[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}
