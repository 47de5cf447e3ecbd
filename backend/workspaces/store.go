package workspaces

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
	"github.com/clusterdeck/clusterdeck/backend/workspaces/atomicfile"
)

// SchemaVersion is the current version of profiles.json.
const SchemaVersion = 2

// Store errors.
var (
	ErrCorruptFile  = errors.New("the workspaces file cannot be read")
	ErrNewerSchema  = errors.New("the workspaces file was written by a newer Clusterdeck")
	ErrStoreBlocked = errors.New("the workspaces file is not saved because it could not be loaded safely")
)

type fileV2 struct {
	SchemaVersion int       `json:"schema_version"`
	Profiles      []Profile `json:"profiles"`
}

// Store keeps the saved profiles (not the demo) in one JSON file written
// atomically with mode 0600. It is safe for concurrent use.
type Store struct {
	path string
	now  func() time.Time

	mu       sync.Mutex
	profiles []Profile
	blocked  error // set when the file exists but could not be loaded
}

// OpenStore loads path (a missing file is an empty store), migrating older
// schema versions and saving the result. A corrupt or newer file leaves the
// store readable but blocks writes, so nothing is lost; the error is returned
// for the UI to show.
func OpenStore(path string, now func() time.Time) (*Store, error) {
	if now == nil {
		now = time.Now
	}
	s := &Store{path: path, now: now}
	data, err := boundedfile.ReadFile(path, boundedfile.ProfilesLimit, "the workspaces file")
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return s, nil
	case err != nil:
		s.blocked = fmt.Errorf("%w: %w", ErrCorruptFile, err)
		return s, s.blocked
	}
	profiles, migrated, err := decodeProfiles(data, now())
	if err != nil {
		s.blocked = err
		return s, err
	}
	s.profiles = profiles
	if migrated {
		if err := atomicfile.Write(path+fmt.Sprintf(".v%d.bak", versionOf(data)), data, 0o600); err != nil {
			return s, fmt.Errorf("back up workspaces file before migration: %w", err)
		}
		if err := s.saveLocked(); err != nil {
			return s, fmt.Errorf("save migrated workspaces file: %w", err)
		}
	}
	return s, nil
}

// Path returns the file the store writes.
func (s *Store) Path() string { return s.path }

// List returns the saved profiles in creation order.
func (s *Store) List() []Profile {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.profiles)
}

// Get returns the profile with id.
func (s *Store) Get(id string) (Profile, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if i := s.index(id); i >= 0 {
		return s.profiles[i], nil
	}
	return Profile{}, fmt.Errorf("%w: %s", ErrNotFound, id)
}

// Add validates p, assigns an id (unless set) and timestamps, and saves.
func (s *Store) Add(p Profile) (Profile, error) {
	if err := p.normalize(); err != nil {
		return Profile{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if p.ID == "" {
		p.ID = NewID()
	}
	if p.ID == DemoID || s.index(p.ID) >= 0 {
		return Profile{}, fmt.Errorf("workspace id %q already in use", p.ID)
	}
	if s.nameTaken(p.Name, p.ID) {
		return Profile{}, fmt.Errorf("%w: %q", ErrDuplicateName, p.Name)
	}
	p.IsDemo = false
	p.CreatedAt = s.now().UTC()
	p.UpdatedAt = p.CreatedAt
	s.profiles = append(s.profiles, p)
	if err := s.saveLocked(); err != nil {
		s.profiles = s.profiles[:len(s.profiles)-1]
		return Profile{}, err
	}
	return p, nil
}

// Update replaces the profile with p.ID, keeping its creation time.
func (s *Store) Update(p Profile) (Profile, error) {
	if p.ID == DemoID {
		return Profile{}, ErrDemoReadOnly
	}
	if err := p.normalize(); err != nil {
		return Profile{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	i := s.index(p.ID)
	if i < 0 {
		return Profile{}, fmt.Errorf("%w: %s", ErrNotFound, p.ID)
	}
	if s.nameTaken(p.Name, p.ID) {
		return Profile{}, fmt.Errorf("%w: %q", ErrDuplicateName, p.Name)
	}
	old := s.profiles[i]
	p.CreatedAt, p.ImportedFrom, p.IsDemo = old.CreatedAt, old.ImportedFrom, false
	p.UpdatedAt = s.now().UTC()
	s.profiles[i] = p
	if err := s.saveLocked(); err != nil {
		s.profiles[i] = old
		return Profile{}, err
	}
	return p, nil
}

// Delete removes the profile with id.
func (s *Store) Delete(id string) error {
	if id == DemoID {
		return ErrDemoReadOnly
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	i := s.index(id)
	if i < 0 {
		return fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	old := slices.Clone(s.profiles)
	s.profiles = slices.Delete(s.profiles, i, i+1)
	if err := s.saveLocked(); err != nil {
		s.profiles = old
		return err
	}
	return nil
}

func (s *Store) index(id string) int {
	return slices.IndexFunc(s.profiles, func(p Profile) bool { return p.ID == id })
}

func (s *Store) nameTaken(name, exceptID string) bool {
	for _, p := range s.profiles {
		if p.ID != exceptID && strings.EqualFold(p.Name, name) {
			return true
		}
	}
	return strings.EqualFold(name, DemoName)
}

func (s *Store) saveLocked() error {
	if s.blocked != nil {
		return fmt.Errorf("%w: %w", ErrStoreBlocked, s.blocked)
	}
	profiles := s.profiles
	if profiles == nil {
		profiles = []Profile{}
	}
	data, err := json.MarshalIndent(fileV2{SchemaVersion: SchemaVersion, Profiles: profiles}, "", "  ")
	if err != nil {
		return fmt.Errorf("encode workspaces: %w", err)
	}
	if err := atomicfile.Write(s.path, append(data, '\n'), 0o600); err != nil {
		return fmt.Errorf("save workspaces: %w", err)
	}
	return nil
}

// NewID returns a random workspace id such as "ws-1f2e3d4c5b6a7988".
func NewID() string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("crypto/rand failed: %v", err)) // never happens on supported platforms
	}
	return "ws-" + hex.EncodeToString(b[:])
}

// nameUsedByOther reports whether another workspace than exceptID has name.
func (s *Store) nameUsedByOther(name, exceptID string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nameTaken(name, exceptID)
}

func (s *Store) nameInUse(name string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nameTaken(name, "")
}
