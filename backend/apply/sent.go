package apply

import (
	"errors"
	"sync"
)

// sentIDs remembers request ids whose create may have made a cluster (it
// did, or its outcome is unknown), so a retry with the same id looks before
// it creates and adopts instead of making a second one.
type sentIDs struct {
	mu      sync.Mutex
	unknown map[string]bool // id → may exist
}

func (s *sentIDs) mayExist(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.unknown[id]
}

func (s *sentIDs) record(id string, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.unknown == nil {
		s.unknown = map[string]bool{}
	}
	if errors.Is(err, ErrNotCreated) {
		delete(s.unknown, id)
	} else {
		s.unknown[id] = true
	}
}
