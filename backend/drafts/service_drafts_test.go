package drafts

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Delete and Purge go through the store, and say so when this run has none.
func TestServiceDeleteAndPurge(t *testing.T) {
	store, err := Open(t.TempDir(), Options{})
	require.NoError(t, err)
	s := NewService(Config{Store: store})
	v, err := s.Create(DraftInput{Name: "etl"})
	require.NoError(t, err)

	require.NoError(t, s.Delete(v.ID))
	trash, err := s.Trash()
	require.NoError(t, err)
	require.Len(t, trash, 1)
	require.NoError(t, s.Purge(v.ID))
	trash, err = s.Trash()
	require.NoError(t, err)
	assert.Empty(t, trash)

	none := NewService(Config{})
	for name, call := range map[string]func(string) error{"Delete": none.Delete, "Purge": none.Purge} {
		assert.ErrorIs(t, call(v.ID), ErrNoStore, name)
	}
}
