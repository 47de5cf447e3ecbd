package credentials

import (
	"context"
	"fmt"
	"sync"
)

// MemoryStore is an in-memory SecretStore for tests of packages that use the
// keychain. Set Err to make every call fail with it (e.g. an UnavailableError).
type MemoryStore struct {
	mu      sync.Mutex
	entries map[string]string
	calls   int
	Err     error
}

// Calls returns how many Get, Set and Delete calls were made (a test can
// prove the keychain was left alone).
func (m *MemoryStore) Calls() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.calls
}

// NewMemoryStore returns an empty MemoryStore.
func NewMemoryStore() *MemoryStore { return &MemoryStore{entries: map[string]string{}} }

func (m *MemoryStore) Get(ctx context.Context, key string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls++
	if m.Err != nil {
		return "", m.Err
	}
	v, ok := m.entries[key]
	if !ok {
		return "", fmt.Errorf("memory store: %w", ErrNotFound)
	}
	return v, nil
}

func (m *MemoryStore) Set(ctx context.Context, key, secret string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls++
	if m.Err != nil {
		return m.Err
	}
	m.entries[key] = secret
	return nil
}

func (m *MemoryStore) Delete(ctx context.Context, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls++
	if m.Err != nil {
		return m.Err
	}
	if _, ok := m.entries[key]; !ok {
		return fmt.Errorf("memory store: %w", ErrNotFound)
	}
	delete(m.entries, key)
	return nil
}

// Keys returns the stored keys (for assertions in tests).
func (m *MemoryStore) Keys() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]string, 0, len(m.entries))
	for k := range m.entries {
		out = append(out, k)
	}
	return out
}
