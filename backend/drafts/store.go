package drafts

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/databricks/databricks-sdk-go/service/compute"

	"github.com/clusterdeck/clusterdeck/backend/clusterspec"
)

// Store keeps drafts as files under Dir. It is safe for concurrent use by
// one process; every write is atomic (temp file, fsync, rename) and keeps
// the version it replaces as <id>.prev.json.
type Store struct {
	dir string
	now func() time.Time

	mu sync.Mutex
}

// Options tunes a Store; the zero value is fine.
type Options struct {
	// Now replaces the clock (tests).
	Now func() time.Time
}

// Open prepares the drafts directory under dataDir (e.g. workspaces.Paths.Data)
// and removes temp files left by a write that was interrupted.
func Open(dataDir string, opts Options) (*Store, error) {
	s := &Store{dir: filepath.Join(dataDir, "drafts"), now: opts.Now}
	if s.now == nil {
		s.now = time.Now
	}
	for _, d := range []string{s.dir, s.trashDir()} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return nil, fmt.Errorf("create drafts directory %s: %w", d, err)
		}
		removeTempFiles(d)
	}
	return s, nil
}

// Dir is the directory holding the draft files.
func (s *Store) Dir() string { return s.dir }

// NewDraft is what Create needs; everything else is filled in.
type NewDraft struct {
	Name        string
	WorkspaceID string
	PolicyID    string
	Notes       string
	Spec        compute.ClusterSpec
	SpecText    string
	Libraries   []compute.Library
	Extra       map[string]json.RawMessage
	Source      string
}

// List returns all readable drafts, most recently edited first, and the
// problems met on the way (a corrupt file is moved aside and reported; it
// never hides the other drafts).
func (s *Store) List() ([]Summary, []Problem, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ids, err := s.ids(s.dir)
	if err != nil {
		return nil, nil, err
	}
	var out []Summary
	var problems []Problem
	for _, id := range ids {
		d, p, err := s.load(id)
		if p != nil {
			problems = append(problems, *p)
		}
		if err != nil {
			continue
		}
		out = append(out, d.summary())
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].UpdatedAt.Equal(out[j].UpdatedAt) {
			return out[i].UpdatedAt.After(out[j].UpdatedAt)
		}
		return out[i].ID < out[j].ID
	})
	return out, problems, nil
}

// Get returns one draft. A corrupt file yields ErrCorrupt, or the restored
// previous version when there is a good one; either way the Problem says
// what happened, so the editor can tell the user instead of silently showing
// older content.
func (s *Store) Get(id string) (Draft, *Problem, error) {
	if !validID(id) {
		return Draft{}, nil, fmt.Errorf("%w: %q", ErrInvalidID, id)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d, p, err := s.load(id)
	if err != nil && p != nil {
		return Draft{}, p, fmt.Errorf("%s: %w", p.Message, err)
	}
	return d, p, err
}

// Create stores a new draft.
func (s *Store) Create(in NewDraft) (Draft, error) {
	name, err := validateName(in.Name)
	if err != nil {
		return Draft{}, err
	}
	now := s.now().UTC()
	d := Draft{
		Schema: SchemaVersion, ID: newID(), Name: name, WorkspaceID: in.WorkspaceID, PolicyID: in.PolicyID,
		Notes: in.Notes, Spec: in.Spec, SpecText: in.SpecText, Libraries: in.Libraries, Extra: in.Extra, Source: in.Source,
		CreatedAt: now, UpdatedAt: now, Revision: 1,
	}
	if d.Source == "" {
		d.Source = "new"
	}
	if d.PolicyID == "" {
		d.PolicyID = d.Spec.PolicyId
	}
	d.Spec.PolicyId = d.PolicyID
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.write(&d, false); err != nil {
		return Draft{}, err
	}
	return d, nil
}

// Save replaces a draft's editable content (name, workspace, policy, notes,
// spec, libraries, extra keys). d.Revision must be the revision last read, else
// ErrConflict. Saving unchanged content writes nothing and returns the
// stored draft, so autosave may call it as often as it likes.
func (s *Store) Save(d Draft) (Draft, error) {
	if !validID(d.ID) {
		return Draft{}, fmt.Errorf("%w: %q", ErrInvalidID, d.ID)
	}
	name, err := validateName(d.Name)
	if err != nil {
		return Draft{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	cur, p, err := s.load(d.ID)
	if err != nil {
		if p != nil {
			return Draft{}, fmt.Errorf("%s: %w", p.Message, err)
		}
		return Draft{}, err
	}
	if d.Revision != cur.Revision {
		return Draft{}, fmt.Errorf("%w: you edited revision %d, the stored one is %d; reload the draft", ErrConflict, d.Revision, cur.Revision)
	}
	next := cur
	next.Name, next.WorkspaceID, next.PolicyID, next.Notes = name, d.WorkspaceID, d.PolicyID, d.Notes
	next.Spec, next.Libraries, next.Extra, next.SpecText = d.Spec, d.Libraries, d.Extra, d.SpecText
	next.Spec.PolicyId = next.PolicyID
	if sameContent(&cur, &next) {
		return cur, nil
	}
	next.UpdatedAt = s.now().UTC()
	next.Revision = cur.Revision + 1
	if err := s.write(&next, true); err != nil {
		return Draft{}, err
	}
	return next, nil
}

// Rename changes only the name.
func (s *Store) Rename(id, name string) (Draft, error) {
	d, _, err := s.Get(id)
	if err != nil {
		return Draft{}, err
	}
	d.Name = name
	return s.Save(d)
}

// Duplicate copies a draft under a new id. An empty name gives "<name> (copy)".
func (s *Store) Duplicate(id, name string) (Draft, error) {
	src, _, err := s.Get(id)
	if err != nil {
		return Draft{}, err
	}
	if strings.TrimSpace(name) == "" {
		name = truncate(src.Name, MaxNameLength-7) + " (copy)"
	}
	return s.Create(NewDraft{Name: name, WorkspaceID: src.WorkspaceID, PolicyID: src.PolicyID, Notes: src.Notes,
		Spec: src.Spec, SpecText: src.SpecText, Libraries: src.Libraries, Extra: src.Extra, Source: "duplicate:" + src.ID})
}

// SaveFromCluster makes a draft of an existing cluster: only the fields the
// create call accepts are kept (see clusterspec.AsRunning). An empty name
// uses the cluster's name.
func (s *Store) SaveFromCluster(c *compute.ClusterDetails, name, workspaceID string) (Draft, error) {
	if c == nil {
		return Draft{}, errors.New("no cluster given")
	}
	spec, err := clusterspec.OfCluster(c, clusterspec.AsRunning)
	if err != nil {
		return Draft{}, err
	}
	if strings.TrimSpace(name) == "" {
		name = c.ClusterName
	}
	return s.Create(NewDraft{Name: name, WorkspaceID: workspaceID, PolicyID: spec.PolicyId, Spec: spec,
		Source: "cluster:" + c.ClusterId})
}

// sameContent compares what Save may change, through JSON so that
// ForceSendFields and nil-vs-empty differences that encode alike are equal.
func sameContent(a, b *Draft) bool {
	ea, erra := encodeDraft(a)
	eb, errb := encodeDraft(b)
	return erra == nil && errb == nil && reflect.DeepEqual(ea, eb)
}

func newID() string {
	var b [10]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("drafts: crypto/rand failed: %v", err))
	}
	return hex.EncodeToString(b[:])
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
