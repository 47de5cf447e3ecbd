package session

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestViewsMarkTheActiveWorkspace(t *testing.T) {
	s := New(dir(), Options{})
	assert.Empty(t, s.Views())
	assert.False(t, s.IsActive(""), "no workspace, nothing active")

	s = New(dir("demo", "prod"), Options{})
	_, err := s.Select("prod")
	require.NoError(t, err)
	views := s.Views()
	require.Len(t, views, 2)
	assert.Equal(t, []string{"demo", "prod"}, s.IDs())
	assert.False(t, views[0].Active)
	assert.True(t, views[1].Active)
	assert.True(t, s.IsActive("prod"))
	assert.False(t, s.IsActive("demo"))
}
