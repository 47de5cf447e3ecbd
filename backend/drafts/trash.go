package drafts

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/clusterdeck/clusterdeck/backend/boundedfile"
)

// TrashEntry is a deleted draft that can be restored.
type TrashEntry struct {
	Summary
	DeletedAt time.Time `json:"deletedAt"`
}

// Delete moves a draft (and its previous version) to the trash.
func (s *Store) Delete(id string) error {
	if !validID(id) {
		return fmt.Errorf("%w: %q", ErrInvalidID, id)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	dst := filepath.Join(s.trashDir(), id+ext)
	if err := os.Rename(s.path(id), dst); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("%w: %s", ErrNotFound, id)
		}
		return fmt.Errorf("move draft to the trash: %w", err)
	}
	// The file's time records when it was deleted: the content stays as saved.
	now := s.now()
	_ = os.Chtimes(dst, now, now)
	if err := os.Rename(s.prevPath(id), filepath.Join(s.trashDir(), id+prevExt)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("move previous version to the trash: %w", err)
	}
	return nil
}

// Restore brings a draft back from the trash.
func (s *Store) Restore(id string) (Draft, error) {
	if !validID(id) {
		return Draft{}, fmt.Errorf("%w: %q", ErrInvalidID, id)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := os.Stat(s.path(id)); err == nil {
		return Draft{}, fmt.Errorf("%w: a draft with id %s already exists", ErrConflict, id)
	}
	src := filepath.Join(s.trashDir(), id+ext)
	if err := os.Rename(src, s.path(id)); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return Draft{}, fmt.Errorf("%w in the trash: %s", ErrNotFound, id)
		}
		return Draft{}, fmt.Errorf("restore draft: %w", err)
	}
	_ = os.Rename(filepath.Join(s.trashDir(), id+prevExt), s.prevPath(id))
	d, p, err := s.load(id)
	if err != nil && p != nil {
		return Draft{}, fmt.Errorf("%s: %w", p.Message, err)
	}
	return d, err
}

// ListTrash returns the deleted drafts, most recently deleted first.
// Unreadable files in the trash are skipped.
func (s *Store) ListTrash() ([]TrashEntry, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ids, err := s.ids(s.trashDir())
	if err != nil {
		return nil, err
	}
	var out []TrashEntry
	for _, id := range ids {
		path := filepath.Join(s.trashDir(), id+ext)
		raw, err := boundedfile.ReadFile(path, boundedfile.DraftLimit, "a draft")
		if err != nil {
			continue
		}
		d, err := decodeDraft(raw, id)
		if err != nil {
			continue
		}
		e := TrashEntry{Summary: d.summary()}
		if info, err := os.Stat(path); err == nil {
			e.DeletedAt = info.ModTime().UTC()
		}
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].DeletedAt.After(out[j].DeletedAt) })
	return out, nil
}

// Purge removes a draft from the trash for good.
func (s *Store) Purge(id string) error {
	if !validID(id) {
		return fmt.Errorf("%w: %q", ErrInvalidID, id)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	err := os.Remove(filepath.Join(s.trashDir(), id+ext))
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("%w in the trash: %s", ErrNotFound, id)
	}
	if err != nil {
		return fmt.Errorf("purge draft: %w", err)
	}
	_ = os.Remove(filepath.Join(s.trashDir(), id+prevExt))
	return nil
}

// PurgeOlderThan empties the trash of drafts deleted before cutoff and
// reports how many went.
func (s *Store) PurgeOlderThan(cutoff time.Time) (int, error) {
	entries, err := s.ListTrash()
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range entries {
		if e.DeletedAt.Before(cutoff) {
			if err := s.Purge(e.ID); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, nil
}
