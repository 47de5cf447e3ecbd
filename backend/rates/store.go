// Package rates keeps the DBU rate table the estimates and dbus_per_hour
// policy limits use: the built-in table with the user's own file merged
// over it. No API returns DBU rates per node type, so the user may edit it.
package rates

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"

	"github.com/clusterdeck/clusterdeck/backend/policyeval"
)

// ErrNoFile is returned by Save and Reset when the store has no file (a
// build with no config directory).
var ErrNoFile = errors.New("no DBU rate table file is configured")

// Settings is what the rate table dialog edits: the user's own entries
// apart from the built-in ones they override.
type Settings struct {
	User      policyeval.RateTable `json:"user"`      // saved to the user's file
	Defaults  policyeval.RateTable `json:"defaults"`  // built in
	Effective policyeval.RateTable `json:"effective"` // what estimates use now
	LoadError string               `json:"loadError"` // the user's file could not be read
}

// Store loads the table once and keeps it until Save or Reset. It is safe
// for concurrent use.
type Store struct {
	path string // "" keeps the built-in table only

	mu      sync.Mutex
	table   *policyeval.RateTable // nil until first use
	loadErr error                 // why the user's file was not used
}

// NewStore keeps the user's table at path (policyeval.RateFileName under the
// config dir); "" uses the built-in table and refuses to save.
func NewStore(path string) *Store { return &Store{path: path} }

// Path is the user's file ("" when there is none).
func (s *Store) Path() string { return s.path }

// Table returns the user's table merged over the defaults. A user file
// that cannot be read leaves the built-in table in use; Note says why.
func (s *Store) Table() policyeval.RateTable {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.loadLocked()
}

func (s *Store) loadLocked() policyeval.RateTable {
	if s.table == nil {
		t := policyeval.DefaultRateTable()
		s.loadErr = nil
		if s.path != "" {
			if loaded, err := policyeval.LoadRateTable(s.path); err == nil {
				t = loaded
			} else {
				s.loadErr = err
			}
		}
		s.table = &t
	}
	return *s.table
}

// Note says why the user's table is not in use ("" when it is), so a
// broken file is never silently ignored.
func (s *Store) Note() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.loadLocked()
	if s.loadErr == nil {
		return ""
	}
	return "Your DBU rate table could not be read, so the built-in rates are used: " + s.loadErr.Error()
}

// Settings returns the user's entries, the built-in table, the merged one
// and whether the user's file could be read.
func (s *Store) Settings() Settings {
	out := Settings{Defaults: policyeval.DefaultRateTable(), Effective: s.Table(),
		User: policyeval.RateTable{Rates: map[string]float64{}, Families: []policyeval.FamilyRate{}}}
	if s.path == "" {
		return out
	}
	user, err := policyeval.LoadUserRates(s.path)
	out.User = user
	if err != nil {
		out.LoadError = err.Error()
	}
	return out
}

// Save writes the user's own entries (the merged table is never written)
// and uses them from now on; it returns the merged table. An entry out of
// range matches policyeval.ErrInvalidRateTable; a write failure does not.
func (s *Store) Save(t policyeval.RateTable) (policyeval.RateTable, error) {
	if s.path == "" {
		return policyeval.RateTable{}, ErrNoFile
	}
	if err := policyeval.SaveRateTable(s.path, t); err != nil {
		return policyeval.RateTable{}, err
	}
	merged, err := policyeval.LoadRateTable(s.path)
	if err != nil {
		return policyeval.RateTable{}, err
	}
	s.mu.Lock()
	s.table, s.loadErr = &merged, nil
	s.mu.Unlock()
	return merged, nil
}

// Reset removes the user's file: the built-in table applies again.
func (s *Store) Reset() (Settings, error) {
	if s.path == "" {
		return Settings{}, ErrNoFile
	}
	if err := os.Remove(s.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return Settings{}, fmt.Errorf("remove DBU rate table: %w", err)
	}
	s.mu.Lock()
	s.table, s.loadErr = nil, nil
	s.mu.Unlock()
	return s.Settings(), nil
}
